import { configFlag } from './component-config.ts';
import { fieldError, type FieldRule } from './field-rule.ts';
import { applyMask, onlyDigits } from './mask.ts';
import { message } from './messages.ts';

/**
 * CNPJ/CPF, component 2 (alias 'Identificacao').
 *
 * - CPF: 11 digits, shown 000.000.000-00 (14 characters).
 * - CNPJ: 14 characters shown 00.000.000/0000-00 (18). Since July 2026 the Receita Federal also
 *   issues alphanumeric CNPJs: the first 12 positions may be 0–9 or A–Z, the last 2 (check
 *   digits) stay numeric. Each character is worth its ASCII code − 48 ('0'→0 … '9'→9, 'A'→17 …
 *   'Z'→42) and the check digits use the same modulo-11 weights as before, so an all-digit CNPJ is
 *   computed exactly as it always was.
 * - Foreign customer (config flag `foreignCustomer`): besides a CPF or CNPJ, any identification
 *   of 1 to 20 digits, kept without a mask and without check digits.
 *
 * Values are stored as typed (with the mask); comparisons should use `cleanIdentification`.
 */
export const CPF_MASK = '000.000.000-00';
export const CNPJ_MASK = 'XX.XXX.XXX/XXXX-00';
export const CPF_FORMATTED_LENGTH = 14;
export const CNPJ_FORMATTED_LENGTH = 18;
export const FOREIGN_IDENTIFICATION_MAX_DIGITS = 20;

/** Upper-case letters and digits only (what the check digits are computed on). */
export function cleanIdentification(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]+/g, '');
}

function mod11Digit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  values.forEach((v, i) => (sum += v * (weights[i] ?? 0)));
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function allSame(text: string): boolean {
  return /^(.)\1*$/.test(text);
}

/** The two check digits of a CPF's first 9 digits. */
export function cpfCheckDigits(base: string): string {
  const digits = Array.from(base, (c) => Number(c));
  const first = mod11Digit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /[^\d.\-\s]/.test(value) || allSame(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CNPJ's first 12 characters (0–9, A–Z). */
export function cnpjCheckDigits(base: string): string {
  const values = Array.from(base.toUpperCase(), (c) => c.charCodeAt(0) - 48);
  const first = mod11Digit(values, CNPJ_WEIGHTS_1);
  const second = mod11Digit([...values, first], CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

/** A CNPJ, numeric or alphanumeric, with or without its mask. */
export function isValidCnpj(value: string): boolean {
  if (/[^0-9A-Za-z.\-/\s]/.test(value)) return false;
  const clean = cleanIdentification(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(clean) || allSame(clean)) return false;
  return cnpjCheckDigits(clean.slice(0, 12)) === clean.slice(12);
}

export function isValidForeignIdentification(value: string): boolean {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) && trimmed.length <= FOREIGN_IDENTIFICATION_MAX_DIGITS;
}

export function formatCpf(value: string): string {
  return applyMask(onlyDigits(value), CPF_MASK);
}

export function formatCnpj(value: string): string {
  return applyMask(cleanIdentification(value), CNPJ_MASK);
}

/**
 * The editor's mask: up to 11 digits read as a CPF, longer or with letters as a CNPJ; a foreign
 * identification keeps only its digits (at most 20).
 */
export function formatIdentification(value: string, options: { foreign?: boolean } = {}): string {
  if (options.foreign === true) return onlyDigits(value).slice(0, FOREIGN_IDENTIFICATION_MAX_DIGITS);
  const clean = cleanIdentification(value);
  if (/^\d{0,11}$/.test(clean)) return applyMask(clean, CPF_MASK);
  return applyMask(clean, CNPJ_MASK);
}

/** A CPF or a CNPJ; for a foreign customer also any 1 to 20 digits. */
export function isValidIdentification(value: string, options: { foreign?: boolean } = {}): boolean {
  if (options.foreign === true && isValidForeignIdentification(value)) return true;
  return isValidCpf(value) || isValidCnpj(value);
}

/** The natural-key message: '{name} já está sendo usado'. The lookup itself is the server's. */
export function identificationInUseMessage(name: string): string {
  return message('identificationInUse', { name });
}

export const identificationRule: FieldRule = {
  componentIds: [2],
  validate(attribute, value) {
    const foreign = configFlag(attribute.componentConfigs, 'foreignCustomer');
    if (typeof value === 'string' && isValidIdentification(value, { foreign })) return [];
    return [fieldError(message('identificationInvalid'))];
  },
};
