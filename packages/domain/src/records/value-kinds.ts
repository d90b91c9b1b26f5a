/**
 * How each component type's value is stored and exchanged (spec 002 §3). The API speaks these
 * canonical forms; editors format them for people (masks, dd/MM/yyyy, 1.234,56).
 *
 * - text: string · integer: whole number · decimal: number · boolean: true/false
 * - date: 'YYYY-MM-DD' · datetime: ISO 8601 instant · reference: id of a record of the related subject
 * - json: any JSON value (filter trees, report columns, join objects, time windows) · file: files of the record
 */
export type ValueKind =
  'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'reference' | 'json' | 'file';

/** 'Identificacao' is the spec's other name for component 2 (CNPJ/CPF). */
export const IDENTIFICATION_COMPONENT = 2;

const kinds: Record<number, ValueKind> = {
  1: 'text',
  2: 'text',
  3: 'integer',
  4: 'reference',
  5: 'decimal',
  6: 'text',
  10: 'boolean',
  11: 'datetime',
  12: 'json',
  13: 'text',
  14: 'reference',
  15: 'json',
  16: 'reference',
  17: 'text',
  18: 'text',
  19: 'text',
  20: 'reference',
  22: 'file',
  23: 'decimal',
  24: 'decimal',
  25: 'decimal',
  26: 'text',
  27: 'boolean',
  28: 'json',
  29: 'json',
  30: 'text',
  31: 'text',
  32: 'date',
  33: 'text',
  34: 'file',
};

export const KNOWN_COMPONENT_IDS: readonly number[] = Object.keys(kinds).map(Number);

export function valueKindOf(componentId: number): ValueKind | undefined {
  return kinds[componentId];
}

/** Accepts the numeric id or the spec's alias 'Identificacao'. */
export function normalizeComponentId(id: number | string): number | undefined {
  if (typeof id === 'number') return Number.isInteger(id) && id in kinds ? id : undefined;
  if (id.trim().toLowerCase() === 'identificacao') return IDENTIFICATION_COMPONENT;
  const n = Number(id);
  return Number.isInteger(n) && n in kinds ? n : undefined;
}

/**
 * Whether an attribute's value is a column of its subject's table (`a_{id}`); a list (multiple
 * values) is in the `_multi` table and files in the files table.
 */
export function storedInColumn(a: { componentId: number; isMultipleValues: boolean }): boolean {
  return !a.isMultipleValues && valueKindOf(a.componentId) !== 'file';
}

/** The column of a subject's table that holds an attribute's value. */
export const attributeColumn = (attributeId: number) => `a_${attributeId}`;

/** A stored value as text (what the search indexes and the filters compare as text). */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return '';
  return JSON.stringify(v);
}
