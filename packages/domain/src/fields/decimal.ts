import { configCount, configValue } from './component-config.ts';
import { attributeName, fieldError, type FieldAttribute, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Money and measurements (components 5, 23, 24, 25). pt-BR writing: '.' groups thousands and ','
 * separates decimals ("1.234,56"). Money is the fixed case: precision 2, thousands on. A
 * measurement reads its config: `precision` (decimal places, 0–10, default 2) and
 * `thousandsSeparator` (default on; `false` prints "1234,56").
 *
 * The API carries the number itself (1234.56). A string value is read as the dot-decimal form
 * ("1234.56") when it is one, except one dot before exactly three digits ("1.234"), which is pt-BR
 * for 1234 like any other pt-BR text ("1.234,56").
 */
export interface DecimalFormat {
  readonly precision: number;
  readonly thousandsSeparator: boolean;
}

export const MONEY_FORMAT: DecimalFormat = { precision: 2, thousandsSeparator: true };
export const DEFAULT_PRECISION = 2;
const MAX_PRECISION = 10;

export function decimalFormatOf(attribute: FieldAttribute): DecimalFormat {
  const precision = configCount(attribute.componentConfigs, 'precision', 0);
  const separator = configValue(attribute.componentConfigs, 'thousandsSeparator');
  const off =
    separator === false ||
    separator === 0 ||
    (typeof separator === 'string' && /^(false|0|n|não|nao)$/i.test(separator.trim()));
  return {
    precision: precision === undefined ? DEFAULT_PRECISION : Math.min(precision, MAX_PRECISION),
    thousandsSeparator: !off,
  };
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Prints a number in pt-BR with exactly `precision` decimals ('' for NaN or ±Infinity). */
export function formatDecimal(value: number, format: DecimalFormat = MONEY_FORMAT): string {
  if (!Number.isFinite(value)) return '';
  const fixed = Math.abs(value).toFixed(format.precision);
  if (fixed.includes('e')) return String(value);
  const [whole = '0', fraction] = fixed.split('.');
  const negative = value < 0 && /[1-9]/.test(fixed);
  const grouped = format.thousandsSeparator ? groupThousands(whole) : whole;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `,${fraction}`}`;
}

/**
 * Reads pt-BR text ("1.234,56", "1234,56", "-0,5", "1.234"): dots only as well-formed thousands
 * groups. Extra decimals are kept, not rounded (the precision rule reports them).
 */
export function parseDecimal(text: string): number | undefined {
  const match = /^\s*(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const whole = (match[2] ?? '').replace(/\./g, '');
  const n = Number(`${match[1] ?? ''}${whole}.${match[3] ?? '0'}`);
  return Number.isFinite(n) ? n : undefined;
}

export const formatMoney = (value: number): string => formatDecimal(value, MONEY_FORMAT);
export const parseMoney = (text: string): number | undefined => parseDecimal(text);

/**
 * The typing mask of numeric-keys-only inputs: digits fill from the right, so typing 1 2 3 4 5 6
 * shows "1.234,56" at precision 2. Kept as text, so long inputs lose no digit.
 */
export function maskDecimalInput(input: string, format: DecimalFormat = MONEY_FORMAT): string {
  const negative = input.trimStart().startsWith('-');
  const digits = input.replace(/\D+/g, '').replace(/^0+/, '');
  if (digits === '') return '';
  const padded = digits.padStart(format.precision + 1, '0');
  const whole = padded.slice(0, padded.length - format.precision);
  const fraction = padded.slice(padded.length - format.precision);
  const grouped = format.thousandsSeparator ? groupThousands(whole) : whole;
  return `${negative ? '-' : ''}${grouped}${format.precision > 0 ? `,${fraction}` : ''}`;
}

/** The number of a value: a finite number, the API's "1234.56", or pt-BR text. */
export function readDecimalValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^\s*-?\d+(\.\d+)?\s*$/.test(value) && !/^\s*-?\d{1,3}\.\d{3}\s*$/.test(value)) {
    return Number(value.trim());
  }
  return parseDecimal(value);
}

/** Decimal places of a number as JSON and JavaScript print it (its shortest exact form). */
export function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

export const decimalRule: FieldRule = {
  componentIds: [5, 23, 24, 25],
  validate(attribute, value) {
    const name = attributeName(attribute);
    const n = readDecimalValue(value);
    if (n === undefined) return [fieldError(message('decimalInvalid', { name }))];
    const { precision } = decimalFormatOf(attribute);
    if (decimalPlaces(n) > precision)
      return [fieldError(message('decimalPrecision', { name, n: precision }))];
    return [];
  },
};
