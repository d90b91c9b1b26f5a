import { attributeName, fieldError, type FieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Number text, component 3: whole numbers typed with digits only (a leading minus allowed), in the
 * spec's range −2147483648 to 2147483648 (sic: the upper bound is the spec's, one above int32).
 */
export const NUMBER_MIN = -2_147_483_648;
export const NUMBER_MAX = 2_147_483_648;

/** What the editor keeps of a keystroke sequence: a leading '-' and the digits. */
export function sanitizeNumberInput(input: string): string {
  const negative = input.trimStart().startsWith('-');
  const digits = input.replace(/\D+/g, '');
  return negative ? `-${digits}` : digits;
}

/** A whole number from a number or a digits-only string; undefined otherwise. */
export function parseWholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

export function checkWholeNumber(name: string, value: unknown): FieldError[] {
  const n = parseWholeNumber(value);
  if (n === undefined) return [fieldError(message('numberDigitsOnly', { name }))];
  if (n < NUMBER_MIN || n > NUMBER_MAX) {
    return [fieldError(message('numberOutOfRange', { name, min: NUMBER_MIN, max: NUMBER_MAX }))];
  }
  return [];
}

export const numberRule: FieldRule = {
  componentIds: [3],
  validate: (attribute, value) => checkWholeNumber(attributeName(attribute), value),
};
