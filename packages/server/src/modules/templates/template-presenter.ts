import type { Kysely } from 'kysely';
import {
  DEFAULT_COLUMN_WIDTH,
  TEMPLATE_TYPE_NAMES,
  scenarioName,
  type Template,
  type TemplateArea,
  type TemplateAreaConfig,
  type TemplateConfigIdentifier,
  type TemplateConfigValue,
  type TemplateScenarioId,
  type TemplateType,
  type ViewTemplateAreaConfigs,
} from '@talkbase/domain/contracts/templates';
import type { Database } from '../../db/schema.ts';
import * as repo from './templates.repository.ts';

function parseValue(text: string): TemplateConfigValue {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  } catch {
    return null;
  }
}

/** Effective settings of a column: what is configured, else the defaults (Width 150, 002 §9). */
function viewConfigs(configs: TemplateAreaConfig[], attributeIsRequired: boolean): ViewTemplateAreaConfigs {
  const get = (id: TemplateConfigIdentifier) => configs.find((c) => c.configIdentifier === id)?.value;
  const orderable = get('IsOrderable');
  return {
    Width: typeof get('Width') === 'number' ? (get('Width') as number) : DEFAULT_COLUMN_WIDTH,
    IsFixed: get('IsFixed') === true,
    IsOrderable: orderable === 0 || orderable === 1 ? orderable : false,
    ishidden: get('ishidden') === true,
    isrequired: typeof get('isrequired') === 'boolean' ? (get('isrequired') as boolean) : attributeIsRequired,
    hiddenfielddefaultvalue: get('hiddenfielddefaultvalue') ?? null,
    preselect: get('preselect') ?? null,
  };
}

function buildAreas(
  areas: repo.AreaRow[],
  configs: repo.ConfigRow[],
  extra: repo.AreaAttributeRow[],
): Map<number, TemplateArea[]> {
  const configsByArea = new Map<number, TemplateAreaConfig[]>();
  for (const c of configs) {
    const list = configsByArea.get(c.area_id) ?? [];
    list.push({
      templateAreaConfigId: c.id,
      configIdentifier: c.identifier as TemplateConfigIdentifier,
      value: parseValue(c.value),
    });
    configsByArea.set(c.area_id, list);
  }
  const byId = new Map<number, TemplateArea>();
  for (const a of areas) {
    const own = configsByArea.get(a.id) ?? [];
    byId.set(a.id, {
      templateAreaId: a.id,
      subjectAttributeId: a.attribute_id,
      subjectAttributeIdentifier: a.attribute_identifier,
      attributeName: a.attribute_name,
      templateAreaName: a.name,
      order: a.position,
      widgetId: a.widget_id,
      templateAreaConfigs: own,
      viewTemplateAreaConfigs: viewConfigs(own, a.attribute_is_required === 1),
      templateAreaSubjectAttributes: extra
        .filter((x) => x.area_id === a.id)
        .map((x) => ({
          templateAreaSubjectAttributeId: x.id,
          subjectAttributeId: x.attribute_id,
          subjectAttributeIdentifier: x.attribute_identifier,
          attributeName: x.attribute_name,
          templateAreaSubjectAttributeLabel: x.label,
        })),
      templateAreasMap: [],
      templateAreaTalkModal: null,
    });
  }
  // Rows come ordered by position, so children are appended in order.
  const topByTemplate = new Map<number, TemplateArea[]>();
  for (const a of areas) {
    const node = byId.get(a.id);
    if (!node) continue;
    const parent = a.parent_area_id !== null ? byId.get(a.parent_area_id) : undefined;
    if (parent) parent.templateAreasMap.push(node);
    else {
      const list = topByTemplate.get(a.template_id) ?? [];
      list.push(node);
      topByTemplate.set(a.template_id, list);
    }
  }
  return topByTemplate;
}

/** Templates as the API answers them (001 §3), with their areas, configs and related templates. */
export async function presentTemplates(db: Kysely<Database>, rows: repo.TemplateRow[]): Promise<Template[]> {
  const ids = rows.map((r) => r.id);
  const [areas, related, [subjects, accounts]] = await Promise.all([
    repo.areasOf(db, ids),
    repo.relatedOf(db, ids),
    repo.subjectAndAccountNames(
      db,
      [...new Set(rows.map((r) => r.subject_id))],
      [...new Set(rows.map((r) => r.account_id).filter((x): x is number => x !== null))],
    ),
  ]);
  const areaIds = areas.map((a) => a.id);
  const [configs, extra] = await Promise.all([
    repo.configsOf(db, areaIds),
    repo.areaAttributesOf(db, areaIds),
  ]);
  const tree = buildAreas(areas, configs, extra);
  const subjectById = new Map(subjects.map((s) => [s.id, s]));
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => {
    const rel = related.filter((x) => x.template_id === r.id);
    const subject = subjectById.get(r.subject_id);
    return {
      templateId: r.id,
      templateName: r.name,
      templateType: r.template_type as TemplateType,
      templateTypeName: TEMPLATE_TYPE_NAMES[r.template_type as TemplateType],
      scenario: scenarioName(r.scenario_id as TemplateScenarioId),
      scenarioId: r.scenario_id as TemplateScenarioId,
      subjectId: r.subject_id,
      subjectIdentifier: subject?.identifier ?? '',
      subjectName: subject?.name ?? '',
      companyId: r.company_id,
      accountId: r.account_id,
      accountName: r.account_id !== null ? (accountById.get(r.account_id)?.display_name ?? null) : null,
      parentTemplateId: r.parent_template_id,
      showTalkIdOnGrid: r.show_talk_id_on_grid === 1,
      version: r.version,
      relatedTemplateIds: rel.map((x) => x.related_id),
      relatedTemplates: rel.map((x) => ({
        templateId: x.related_id,
        templateName: x.related_name,
        templateType: x.related_type as TemplateType,
      })),
      templateAreas: tree.get(r.id) ?? [],
    };
  });
}

/** Every attribute id a template shows, at any depth (areas and their extra attributes). */
export function attributeIdsOf(areas: TemplateArea[]): Set<number> {
  const out = new Set<number>();
  const walk = (list: TemplateArea[]) => {
    for (const a of list) {
      if (a.subjectAttributeId !== null) out.add(a.subjectAttributeId);
      for (const x of a.templateAreaSubjectAttributes) out.add(x.subjectAttributeId);
      walk(a.templateAreasMap);
    }
  };
  walk(areas);
  return out;
}
