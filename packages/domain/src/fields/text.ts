import { configCount } from './component-config.ts';
import {
  attributeName,
  fieldError,
  type FieldAttribute,
  type FieldError,
  type FieldRule,
} from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Text (1), multiline text (26) and the other free-text component (30).
 * Config keys: `minChars` and `minWords` (whole numbers). The maximum length is the attribute's
 * `length`, 800 when not set. Lengths count characters (code points), not UTF-16 units, and the
 * minimums ignore surrounding spaces.
 */
export const DEFAULT_TEXT_MAX_LENGTH = 800;

export function textMaxLength(attribute: FieldAttribute): number {
  const length: unknown = attribute.length;
  return typeof length === 'number' && Number.isInteger(length) && length > 0
    ? length
    : DEFAULT_TEXT_MAX_LENGTH;
}

export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Length, minimum characters and minimum words of a text value. */
export function checkText(attribute: FieldAttribute, text: string): FieldError[] {
  const name = attributeName(attribute);
  const errors: FieldError[] = [];
  const max = textMaxLength(attribute);
  if (countCharacters(text) > max) errors.push(fieldError(message('textMaxLength', { name, n: max })));
  const minChars = configCount(attribute.componentConfigs, 'minChars', 1);
  if (minChars !== undefined && countCharacters(text.trim()) < minChars) {
    errors.push(fieldError(message('textMinChars', { name, n: minChars })));
  }
  const minWords = configCount(attribute.componentConfigs, 'minWords', 1);
  if (minWords !== undefined && countWords(text) < minWords) {
    errors.push(fieldError(message('textMinWords', { name, n: minWords })));
  }
  return errors;
}

export const textRule: FieldRule = {
  componentIds: [1, 26, 30],
  validate(attribute, value) {
    if (typeof value === 'number' && Number.isFinite(value)) return checkText(attribute, String(value));
    if (typeof value !== 'string') {
      return [fieldError(message('invalidValue', { name: attributeName(attribute) }))];
    }
    return checkText(attribute, value);
  },
};
