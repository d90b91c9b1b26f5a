import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ViewTemplateAreaConfigs } from '@talkbase/domain/contracts/templates';
import { configFlag } from '@talkbase/domain/fields/component-config';
import { isBlank } from '@talkbase/domain/fields/field-rule';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';

export interface FieldAccess {
  readOnly: boolean;
  required: boolean;
  hidden: boolean;
}

export interface AccessContext {
  /** The record does not exist yet. */
  isNew: boolean;
  /** The field's current value. */
  value: unknown;
  /** The template column's configs (ishidden, isrequired…), when the template places the field. */
  area?: Pick<ViewTemplateAreaConfigs, 'ishidden' | 'isrequired'> | undefined;
  /** The record is read-only for this account (Talk.isReadOnly). */
  recordReadOnly?: boolean;
}

/**
 * Field access (spec 002 §5 "Field access"): read-only when configured so, when the record exists
 * and the account lacks update on the attribute, or when it is new and the account lacks insert;
 * required when the template or the attribute says so, or when it has a value the account may not
 * delete (clearing it would be refused by the server).
 */
export function fieldAccess(attribute: ContextSubjectAttribute, ctx: AccessContext): FieldAccess {
  const configuredReadOnly =
    configFlag(attribute.componentConfigs, 'readonly') || (!ctx.isNew && !attribute.isEditable);
  const readOnly =
    Boolean(ctx.recordReadOnly) ||
    configuredReadOnly ||
    (ctx.isNew ? !attribute.actions.create : !attribute.actions.update);
  const required =
    (ctx.area?.isrequired ?? attribute.isRequired) ||
    (!ctx.isNew && !isBlank(ctx.value) && !attribute.actions.delete);
  return {
    readOnly,
    required: !readOnly && required,
    hidden: Boolean(ctx.area?.ishidden) || configFlag(attribute.componentConfigs, 'isHidden'),
  };
}

export interface TalkValueInput {
  subjectAttributeId: number;
  value: unknown;
}

export function isFileAttribute(attribute: Pick<ContextSubjectAttribute, 'componentId'>): boolean {
  return valueKindOf(resolveComponentId(attribute.componentId) ?? 0) === 'file';
}

/** A select's value as the API takes it: the id (002 §5 "single selects send the id"). */
function referenceId(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value) return value.id;
  return value;
}

function canonical(attribute: ContextSubjectAttribute, value: unknown): unknown {
  const kind = valueKindOf(resolveComponentId(attribute.componentId) ?? 0);
  if (kind === 'reference') {
    if (Array.isArray(value)) return value.length === 0 ? null : value.map(referenceId);
    return isBlank(value) ? null : referenceId(value);
  }
  if (attribute.isMultipleValues && Array.isArray(value) && value.length === 0) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a save sends (spec 002 §5 "Saving a talk"): on update only the attributes the account may
 * update and that changed; internal attributes never; file values never (their files travel
 * through the file calls after the record is saved); single selects as the id; empty multi
 * selects as null. A new record sends what it may insert and is filled (hidden defaults included).
 */
export function talkValuesToSave(
  attributes: readonly ContextSubjectAttribute[],
  values: ReadonlyMap<number, unknown>,
  initial: ReadonlyMap<number, unknown>,
  isNew: boolean,
): TalkValueInput[] {
  const out: TalkValueInput[] = [];
  for (const attribute of attributes) {
    const id = attribute.subjectAttributeId;
    if (attribute.isInternal || isFileAttribute(attribute) || !values.has(id)) continue;
    const value = canonical(attribute, values.get(id));
    if (isNew) {
      if (!attribute.actions.create || value === null) continue;
    } else {
      if (!attribute.actions.update || same(value, canonical(attribute, initial.get(id)))) continue;
    }
    out.push({ subjectAttributeId: id, value });
  }
  return out;
}
