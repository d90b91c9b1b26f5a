import { parseAnyDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import { parseDecimal } from '@talkbase/domain/fields/decimal';
import { parseAnyDateTime } from '@talkbase/domain/fields/zoned-time';
import { restoreCell } from '@talkbase/domain/csv/csv-safety';
import type { TalkValue } from '@talkbase/domain/contracts/talks';
import type { AttributeMeta } from '../../records/subject-meta.ts';
import { valueText } from '../../records/value-text.ts';

/**
 * pt-BR CSV cells ↔ the API's canonical values (domain records/value-kinds.ts), by value kind:
 * decimals with ',' (the attribute's precision, no thousands groups), dates dd/mm/aaaa, date-times
 * dd/mm/aaaa hh:mm in the company's zone, Sim/Não, references by the related record's name, lists
 * joined by " | ". Reading accepts the same and the API's own forms (ISO dates, dot decimals, ids).
 */
export const LIST_SEPARATOR = ' | ';

export const csvMessages = {
  notNumber: (name: string) => `O campo ${name} deve ser um número.`,
  notInteger: (name: string) => `O campo ${name} deve ser um número inteiro.`,
  notBoolean: (name: string) => `O campo ${name} deve ser Sim ou Não.`,
  notDate: (name: string) => `O campo ${name} deve ser uma data válida (dd/mm/aaaa).`,
  notDateTime: (name: string) => `O campo ${name} deve ser uma data e hora válidas (dd/mm/aaaa hh:mm).`,
  notJson: (name: string) => `O campo ${name} deve ser um JSON válido.`,
};

/** One exported cell from a presented value (records/value-text.ts, lists joined by " | "). */
export function formatCell(a: AttributeMeta, tv: TalkValue | undefined, timeZone: string): string {
  return valueText(a, tv, timeZone, LIST_SEPARATOR);
}

export type ParsedCell = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * One imported cell to the API's value (references stay text: the importer resolves them by name
 * or id against the related subject). An empty cell is null. The `'` our exports put before a
 * formula-like value (http/csv.ts) is dropped, so an exported file imports back as it was.
 */
export function parseCell(a: AttributeMeta, text: string, timeZone: string): ParsedCell {
  const cell = restoreCell(text.trim());
  if (cell === '') return { ok: true, value: a.isMultipleValues ? [] : null };
  if (a.isMultipleValues && a.kind !== 'json') {
    const out: unknown[] = [];
    for (const part of cell
      .split('|')
      .map((p) => p.trim())
      .filter((p) => p !== '')) {
      const one = parseOne(a, part, timeZone);
      if (!one.ok) return one;
      out.push(one.value);
    }
    return { ok: true, value: out };
  }
  return parseOne(a, cell, timeZone);
}

function parseOne(a: AttributeMeta, cell: string, timeZone: string): ParsedCell {
  const fail = (message: string): ParsedCell => ({ ok: false, message });
  switch (a.kind) {
    case 'integer': {
      const n = /^-?\d{1,3}(\.\d{3})+$/.test(cell) ? Number(cell.replace(/\./g, '')) : Number(cell);
      return /^-?[\d.]+$/.test(cell) && Number.isInteger(n)
        ? { ok: true, value: n }
        : fail(csvMessages.notInteger(a.name));
    }
    case 'decimal': {
      const n = parseDecimal(cell) ?? (/^-?\d+\.\d+$/.test(cell) ? Number(cell) : undefined);
      return n === undefined ? fail(csvMessages.notNumber(a.name)) : { ok: true, value: n };
    }
    case 'boolean': {
      if (/^(sim|s|true|verdadeiro|1|x)$/i.test(cell)) return { ok: true, value: true };
      if (/^(não|nao|n|false|falso|0)$/i.test(cell)) return { ok: true, value: false };
      return fail(csvMessages.notBoolean(a.name));
    }
    case 'date': {
      const d = parseAnyDate(cell);
      return d ? { ok: true, value: toIsoDate(d) } : fail(csvMessages.notDate(a.name));
    }
    case 'datetime': {
      const t = parseAnyDateTime(cell, timeZone);
      return t ? { ok: true, value: t.toISOString() } : fail(csvMessages.notDateTime(a.name));
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(cell) as unknown };
      } catch {
        return fail(csvMessages.notJson(a.name));
      }
    default:
      return { ok: true, value: cell };
  }
}
