import { attributeName, fieldError, type FieldRule } from './field-rule.ts';
import { applyMask } from './mask.ts';
import { message } from './messages.ts';

/**
 * Licence plate, component 31. Mask SSS-#X##: three letters, a dash, a digit, a letter or digit,
 * two digits. Both the old plate (ABC-1234) and the Mercosul one (ABC1C34, shown ABC-1C34) fit.
 * Always upper case.
 */
export const PLATE_MASK = 'SSS-0X00';

export function formatPlate(value: string): string {
  return applyMask(value.toUpperCase(), PLATE_MASK);
}

export function isValidPlate(value: string): boolean {
  return /^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/.test(value.trim().toUpperCase());
}

export const licencePlateRule: FieldRule = {
  componentIds: [31],
  validate(attribute, value) {
    if (typeof value === 'string' && isValidPlate(value)) return [];
    return [fieldError(message('plateInvalid', { name: attributeName(attribute) }))];
  },
};
