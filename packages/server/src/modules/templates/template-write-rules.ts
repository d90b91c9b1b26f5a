import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, type ErrorItem } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { valueMessages } from '../../records/record-values.ts';
import * as repo from './templates.repository.ts';

const isBlank = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface AreaRule {
  required: boolean | undefined;
  hidden: boolean;
  hiddenDefault: unknown;
}

/** The template's column settings by attribute id (nested areas included). */
async function rulesOf(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  templateId: number,
): Promise<Map<number, AreaRule> | null> {
  const template = await repo.findTemplate(db, companyId, templateId);
  if (!template || template.subject_id !== subjectId) return null;
  const areas = (await repo.areasOf(db, [templateId])).filter((a) => a.attribute_id !== null);
  const configs = await repo.configsOf(
    db,
    areas.map((a) => a.id),
  );
  const out = new Map<number, AreaRule>();
  for (const area of areas) {
    const get = (id: string) => {
      const c = configs.find((x) => x.area_id === area.id && x.identifier.toLowerCase() === id);
      return c ? parse(c.value) : undefined;
    };
    const required = get('isrequired');
    out.set(area.attribute_id as number, {
      required: typeof required === 'boolean' ? required : undefined,
      hidden: get('ishidden') === true,
      hiddenDefault: get('hiddenfielddefaultvalue') ?? null,
    });
  }
  return out;
}

/**
 * A form template's `isrequired` and `hiddenfielddefaultvalue` (001 §3, 002 §5), applied by the
 * server as the record form applies them, when a write names the template it was made with. A
 * hidden field with a default gets it when the write leaves it blank (on create also when absent);
 * a field the template requires may not be left blank (on update only when the write gives it).
 * A `templateId` that is not a template of this subject and company is ignored, as the context
 * resolution ignores it. The template only adds requirements: the attribute's own stay.
 */
export async function applyTemplateWriteRules(
  db: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  templateId: number | null | undefined,
  values: ReadonlyMap<number, unknown>,
  mode: 'create' | 'update',
): Promise<Map<number, unknown>> {
  const out = new Map(values);
  if (templateId === null || templateId === undefined) return out;
  const rules = await rulesOf(db, auth.companyId, subject.id, templateId);
  if (!rules) return out;
  const errors: ErrorItem[] = [];
  for (const attribute of subject.attributes) {
    const rule = rules.get(attribute.id);
    if (!rule || attribute.kind === 'file') continue;
    const given = out.has(attribute.id);
    const blank = isBlank(out.get(attribute.id));
    if (rule.hidden && !isBlank(rule.hiddenDefault) && blank && (given || mode === 'create')) {
      out.set(attribute.id, attribute.isMultipleValues ? [rule.hiddenDefault] : rule.hiddenDefault);
      continue;
    }
    if (rule.required === true && blank && (given || mode === 'create'))
      errors.push({ message: valueMessages.required(attribute.name), field: attribute.identifier });
  }
  if (errors.length) throw badRequest(errors);
  return out;
}
