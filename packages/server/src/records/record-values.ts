import type { ErrorItem } from '../http/errors.ts';
import type { AttributeMeta } from './subject-meta.ts';
import { MAX_ID } from '@talkbase/domain/contracts/ids';

/**
 * Canonical API values ↔ database values, by value kind (see domain records/value-kinds.ts).
 * Shape errors are reported per attribute; the field rules of 002 §5 run on top of these.
 */
export const DEFAULT_TEXT_LENGTH = 800;
export const NUMBER_MIN = -2147483648;
export const NUMBER_MAX = 2147483648;
const JSON_MAX_CHARS = 200_000;

export const valueMessages = {
  required: (name: string) => `O campo ${name} é obrigatório.`,
  tooLong: (name: string, n: number) => `O campo ${name} deve ter no máximo ${n} caracteres.`,
  notText: (name: string) => `O campo ${name} deve ser um texto.`,
  notInteger: (name: string) => `O campo ${name} deve ser um número inteiro.`,
  outOfRange: (name: string) => `O campo ${name} deve estar entre ${NUMBER_MIN} e ${NUMBER_MAX}.`,
  notNumber: (name: string) => `O campo ${name} deve ser um número.`,
  notBoolean: (name: string) => `O campo ${name} deve ser Sim ou Não.`,
  notDate: (name: string) => `O campo ${name} deve ser uma data válida (AAAA-MM-DD).`,
  notDateTime: (name: string) => `O campo ${name} deve ser uma data e hora válidas (ISO 8601).`,
  notReference: (name: string) => `O campo ${name} deve ser o identificador de um registro.`,
  jsonTooLarge: (name: string) => `O campo ${name} é grande demais.`,
  notList: (name: string) => `O campo ${name} aceita uma lista de valores.`,
  file: (name: string) => `Os arquivos de ${name} são enviados pela chamada de arquivos.`,
};

export type DbValue = string | number | null;

export type Converted = { ok: true; value: DbValue } | { ok: false; error: ErrorItem };

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function validDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** One value (not a list) to its column value; null for an empty value. */
export function toDbValue(a: AttributeMeta, raw: unknown, field: string): Converted {
  const fail = (message: string): Converted => ({ ok: false, error: { message, field } });
  if (isBlank(raw)) return { ok: true, value: null };
  switch (a.kind) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail(valueMessages.notText(a.name));
      const text = String(raw);
      // PostgreSQL text cannot hold a NUL character (a 500 there); refused alike on both engines.
      if (text.includes('\u0000')) return fail(valueMessages.notText(a.name));
      const max = a.length ?? DEFAULT_TEXT_LENGTH;
      if (text.length > max) return fail(valueMessages.tooLong(a.name, max));
      return { ok: true, value: text };
    }
    case 'integer': {
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && /^-?\d+$/.test(raw.trim())
            ? Number(raw)
            : NaN;
      if (!Number.isInteger(n)) return fail(valueMessages.notInteger(a.name));
      if (n < NUMBER_MIN || n > NUMBER_MAX) return fail(valueMessages.outOfRange(a.name));
      return { ok: true, value: n };
    }
    case 'decimal': {
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())
            ? Number(raw)
            : NaN;
      if (!Number.isFinite(n)) return fail(valueMessages.notNumber(a.name));
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (raw === true || raw === 'true' || raw === 1 || raw === '1') return { ok: true, value: 1 };
      if (raw === false || raw === 'false' || raw === 0 || raw === '0') return { ok: true, value: 0 };
      return fail(valueMessages.notBoolean(a.name));
    }
    case 'date': {
      if (typeof raw !== 'string' || !validDate(raw.trim().slice(0, 10)))
        return fail(valueMessages.notDate(a.name));
      return { ok: true, value: raw.trim().slice(0, 10) };
    }
    case 'datetime': {
      const t = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : NaN;
      if (!Number.isFinite(t)) return fail(valueMessages.notDateTime(a.name));
      return { ok: true, value: t };
    }
    case 'reference': {
      const id = typeof raw === 'object' && raw !== null && 'id' in raw ? raw.id : raw;
      const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
      if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) return fail(valueMessages.notReference(a.name));
      return { ok: true, value: n };
    }
    case 'json': {
      const text = JSON.stringify(raw);
      if (text.length > JSON_MAX_CHARS) return fail(valueMessages.jsonTooLarge(a.name));
      return { ok: true, value: text };
    }
    case 'file':
      return fail(valueMessages.file(a.name));
  }
}

/** A column value back to the API's canonical value. */
export function fromDbValue(a: AttributeMeta, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (a.kind) {
    case 'integer':
    case 'reference':
    case 'decimal':
      return Number(v);
    case 'boolean':
      return Number(v) === 1;
    case 'datetime':
      return new Date(Number(v)).toISOString();
    case 'json':
      try {
        return JSON.parse(textOf(v)) as unknown;
      } catch {
        return null;
      }
    default:
      return textOf(v);
  }
}

/** Any column value as text (numbers as digits, objects as JSON). */
import { textOf } from '@talkbase/domain/records/value-kinds';

export { textOf };
