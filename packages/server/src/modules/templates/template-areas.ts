import type { Kysely } from 'kysely';
import type { TemplateAreaInput } from '@talkbase/domain/contracts/templates';
import type { Database } from '../../db/schema.ts';
import type { ErrorItem } from '../../http/errors.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import * as repo from './templates.repository.ts';

export const areaMessages = {
  notInSubject: 'O campo escolhido não pertence ao assunto do template.',
  notOrderable: (name: string) => `O campo ${name} não pode ser ordenado.`,
  groupNotOrderable: 'Uma área sem campo não pode ser ordenada.',
  notInBase: (name: string) => `O campo ${name} não faz parte do template base.`,
};

/**
 * Rules the body schema cannot know: every attribute an area shows belongs to the template's
 * subject (and, for a user template, to its base template's columns), and only attributes with a
 * sort index may sort the grid. Answers one error per offending field, with its dotted path.
 */
export function checkAreas(
  subject: SubjectMeta,
  areas: TemplateAreaInput[],
  baseAttributeIds: Set<number> | undefined,
): ErrorItem[] {
  const byId = new Map(subject.attributes.map((a) => [a.id, a]));
  const errors: ErrorItem[] = [];
  const checkAttribute = (id: number, field: string) => {
    const a = byId.get(id);
    if (!a) errors.push({ message: areaMessages.notInSubject, field });
    else if (baseAttributeIds && !baseAttributeIds.has(id))
      errors.push({ message: areaMessages.notInBase(a.name), field });
    return a;
  };
  const walk = (list: TemplateAreaInput[], prefix: string) => {
    list.forEach((area, i) => {
      const path = `${prefix}.${i}`;
      const attribute = area.subjectAttributeId
        ? checkAttribute(area.subjectAttributeId, `${path}.subjectAttributeId`)
        : undefined;
      area.templateAreaSubjectAttributes.forEach((x, j) =>
        checkAttribute(x.subjectAttributeId, `${path}.templateAreaSubjectAttributes.${j}.subjectAttributeId`),
      );
      area.templateAreaConfigs.forEach((c, j) => {
        if (c.configIdentifier !== 'IsOrderable' || c.value === false) return;
        const field = `${path}.templateAreaConfigs.${j}.value`;
        if (!area.subjectAttributeId) errors.push({ message: areaMessages.groupNotOrderable, field });
        else if (attribute && !attribute.isOrderable)
          errors.push({ message: areaMessages.notOrderable(attribute.name), field });
      });
      walk(area.templateAreasMap, `${path}.templateAreasMap`);
    });
  };
  walk(areas, 'templateAreas');
  return errors;
}

/** Writes the areas of a template, depth first, each with its configs and extra attributes. */
export async function insertAreas(
  trx: Kysely<Database>,
  companyId: number,
  templateId: number,
  areas: TemplateAreaInput[],
  parentId: number | null = null,
): Promise<void> {
  for (const [i, area] of areas.entries()) {
    const id = await repo.insertArea(trx, {
      company_id: companyId,
      template_id: templateId,
      parent_area_id: parentId,
      attribute_id: area.subjectAttributeId ?? null,
      name: area.templateAreaName || null,
      position: area.order ?? i + 1,
      widget_id: area.widgetId,
    });
    // The last value of a repeated identifier wins, as a form would keep the last edit.
    const configs = new Map(area.templateAreaConfigs.map((c) => [c.configIdentifier, c.value]));
    await repo.insertConfigs(
      trx,
      [...configs].map(([identifier, value]) => ({
        company_id: companyId,
        area_id: id,
        identifier,
        value: JSON.stringify(value),
      })),
    );
    await repo.insertAreaAttributes(
      trx,
      area.templateAreaSubjectAttributes.map((x, j) => ({
        company_id: companyId,
        area_id: id,
        attribute_id: x.subjectAttributeId,
        label: x.templateAreaSubjectAttributeLabel || null,
        position: j + 1,
      })),
    );
    await insertAreas(trx, companyId, templateId, area.templateAreasMap, id);
  }
}
