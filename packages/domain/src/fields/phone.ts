import { attributeName, fieldError, type FieldRule } from './field-rule.ts';
import { applyMask, onlyDigits } from './mask.ts';
import { message } from './messages.ts';

/**
 * Phone, component 6. Shown as (##) ####-#### (landline, 10 digits) or (##) #####-#### (mobile,
 * 11 digits), at most 15 characters. Two phones are the same number when their digits are.
 */
export const PHONE_MAX_LENGTH = 15;
const LANDLINE_MASK = '(00) 0000-0000';
const MOBILE_MASK = '(00) 00000-0000';

export function phoneDigits(value: string): string {
  return onlyDigits(value);
}

/** The editor's mask: the landline mask up to 10 digits, the mobile one with 11. */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return applyMask(digits, digits.length > 10 ? MOBILE_MASK : LANDLINE_MASK);
}

export function isValidPhone(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH || /[^\d()\s-]/.test(value)) return false;
  const digits = onlyDigits(value);
  return (digits.length === 10 || digits.length === 11) && !digits.startsWith('0');
}

/** Compares phones on their digits only: "(11) 98765-4321" equals "11987654321". */
export function samePhone(a: string, b: string): boolean {
  return phoneDigits(a) === phoneDigits(b);
}

export const phoneRule: FieldRule = {
  componentIds: [6],
  validate(attribute, value) {
    if (typeof value === 'string' && isValidPhone(value)) return [];
    return [fieldError(message('phoneInvalid', { name: attributeName(attribute) }))];
  },
};
