import { booleanRule } from './boolean.ts';
import { resolveComponentId } from './component-types.ts';
import { dateRule, dateTimeRule } from './date-fields.ts';
import { decimalRule } from './decimal.ts';
import { emailRule, multipleEmailRule } from './email.ts';
import {
  attributeName,
  fieldError,
  isBlank,
  type FieldAttribute,
  type FieldContext,
  type FieldError,
  type FieldRule,
} from './field-rule.ts';
import { fileRule } from './file.ts';
import { identificationRule } from './identification.ts';
import { licencePlateRule } from './licence-plate.ts';
import { message } from './messages.ts';
import { numberRule } from './number.ts';
import { phoneRule } from './phone.ts';
import { scheduleRule } from './schedule.ts';
import { selectRule } from './select.ts';
import { reportColumnsRule, timeWindowRule } from './structured-values.ts';
import { textRule } from './text.ts';
import { timeRule } from './time.ts';

/**
 * The registry of field rules by component id, and the one entry point both the server (saving a
 * record) and the web editors call. Components without a rule of their own (filter 12 and join
 * object 29: JSON checked by their own schemas) get the required check only.
 */
const RULES: readonly FieldRule[] = [
  textRule,
  identificationRule,
  numberRule,
  selectRule,
  decimalRule,
  phoneRule,
  booleanRule,
  dateTimeRule,
  emailRule,
  multipleEmailRule,
  scheduleRule,
  timeRule,
  fileRule,
  licencePlateRule,
  dateRule,
  reportColumnsRule,
  timeWindowRule,
];

/** Rules that read a list value themselves rather than one item at a time. */
const LIST_RULES: ReadonlySet<FieldRule> = new Set([selectRule, fileRule, multipleEmailRule]);

const registry: ReadonlyMap<number, FieldRule> = new Map(
  RULES.flatMap((rule) => rule.componentIds.map((id) => [id, rule] as const)),
);

export function fieldRuleFor(componentId: unknown): FieldRule | undefined {
  const id = resolveComponentId(componentId);
  return id === undefined ? undefined : registry.get(id);
}

function unique(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  const kept: FieldError[] = [];
  for (const error of errors) {
    if (seen.has(error.message)) continue;
    seen.add(error.message);
    kept.push(error);
  }
  return kept;
}

/**
 * The errors of one attribute value; an empty list when it is acceptable. An empty value fails
 * only the required check; a filled one is checked by its component's rule. For a multi-valued
 * attribute each item is checked. Never throws, whatever the value.
 */
export function validateValue(attribute: FieldAttribute, value: unknown, ctx: FieldContext): FieldError[] {
  const rule = fieldRuleFor(attribute.componentId);
  const empty = rule?.isEmpty ? rule.isEmpty(value, attribute) : isBlank(value);
  if (empty) {
    if (attribute.isRequired !== true) return [];
    const text =
      rule?.requiredMessage?.(attribute) ?? message('required', { name: attributeName(attribute) });
    return [fieldError(text)];
  }
  if (!rule) return [];
  if (attribute.isMultipleValues === true && Array.isArray(value) && !LIST_RULES.has(rule)) {
    const items = (value as unknown[]).filter((item) => !(rule.isEmpty?.(item, attribute) ?? isBlank(item)));
    return unique(items.flatMap((item) => rule.validate(attribute, item, ctx)));
  }
  return rule.validate(attribute, value, ctx);
}
