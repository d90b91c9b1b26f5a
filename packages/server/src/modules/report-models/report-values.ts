import type { TalkValue } from '@talkbase/domain/contracts/talks';
import { formatDate, parseIsoDate } from '@talkbase/domain/fields/civil-date';
import { decimalFormatOf, formatDecimal } from '@talkbase/domain/fields/decimal';
import { formatDateTime } from '@talkbase/domain/fields/zoned-time';
import type { AttributeMeta } from '../../records/subject-meta.ts';

/**
 * A value as a report cell shows it, in the pt-BR forms of the CSV export (talk-transfer's
 * csv-values.ts, which this module may not import: files → report-models would close a circle):
 * decimals with ',' at the attribute's precision, dates dd/mm/aaaa, date-times in the company's
 * zone, Sim/Não, references by the related record's name, files by name, lists joined by ", ".
 */
const LIST_SEPARATOR = ', ';

export function reportText(a: AttributeMeta, tv: TalkValue | undefined, timeZone: string): string {
  const value = tv?.value;
  if (value === null || value === undefined) return '';
  if (a.kind === 'file') {
    const files = Array.isArray(value) ? (value as { name?: unknown }[]) : [];
    return files.map((f) => (typeof f.name === 'string' ? f.name : '')).join(LIST_SEPARATOR);
  }
  if (a.kind === 'reference') {
    if (!Array.isArray(value)) return tv?.displayValue ?? (typeof value === 'number' ? `#${value}` : '');
    return value.map((v) => `#${String(v)}`).join(LIST_SEPARATOR);
  }
  if (Array.isArray(value) && a.kind !== 'json')
    return value.map((v) => one(a, v, timeZone)).join(LIST_SEPARATOR);
  return one(a, value, timeZone);
}

function one(a: AttributeMeta, v: unknown, timeZone: string): string {
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
