import type { TalkValue } from '@talkbase/domain/contracts/talks';
import { formatDate, parseIsoDate } from '@talkbase/domain/fields/civil-date';
import { decimalFormatOf, formatDecimal } from '@talkbase/domain/fields/decimal';
import { formatDateTime } from '@talkbase/domain/fields/zoned-time';
import type { AttributeMeta } from './subject-meta.ts';

/**
 * A presented value as people read it in a file we write (the CSV export, a report's cells):
 * decimals with ',' at the attribute's precision and no thousands groups, dates dd/mm/aaaa,
 * date-times dd/mm/aaaa hh:mm in the company's zone, Sim/Não, references by the related record's
 * name when the account may read it (else `#id`), files by name, lists joined by `separator`.
 */
export function valueText(
  a: AttributeMeta,
  tv: TalkValue | undefined,
  timeZone: string,
  separator: string,
): string {
  const value = tv?.value;
  if (value === null || value === undefined) return '';
  if (a.kind === 'file') {
    const files = Array.isArray(value) ? (value as { name?: unknown }[]) : [];
    return files.map((f) => (typeof f.name === 'string' ? f.name : '')).join(separator);
  }
  if (a.kind === 'reference') {
    if (!a.isMultipleValues) return tv?.displayValue ?? (typeof value === 'number' ? `#${value}` : '');
    return (Array.isArray(value) ? value : [value]).map((v) => `#${String(v)}`).join(separator);
  }
  const one = (v: unknown): string => oneText(a, v, timeZone);
  return Array.isArray(value) && a.kind !== 'json' ? value.map(one).join(separator) : one(value);
}

function oneText(a: AttributeMeta, v: unknown, timeZone: string): string {
  if (v === null || v === undefined) return '';
  switch (a.kind) {
    case 'decimal':
      return typeof v === 'number'
        ? formatDecimal(v, { precision: decimalFormatOf(a).precision, thousandsSeparator: false })
        : plain(v);
    case 'boolean':
      return v === true ? 'Sim' : 'Não';
    case 'date': {
      const d = typeof v === 'string' ? parseIsoDate(v) : undefined;
      return d ? formatDate(d) : plain(v);
    }
    case 'datetime':
      return typeof v === 'string' ? formatDateTime(new Date(v), timeZone) : '';
    case 'json':
      return JSON.stringify(v);
    default:
      return plain(v);
  }
}

function plain(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
}
