import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { AttributeMeta } from './subject-meta.ts';

/**
 * A record's own columns offered as read-only attributes (issue 39): who created and last changed
 * it and when. Every account that reads the subject reads them (docs/api.md). Filters, the order
 * and the export name them by identifier; a subject attribute of the same identifier wins (a
 * subject designed before these existed keeps its meaning). Their ids are negative: never an
 * attribute's, never a template area's.
 */
export type SystemColumnName = 'created_at' | 'created_by' | 'updated_at' | 'updated_by';
export const SYSTEM_COLUMN_NAMES: readonly SystemColumnName[] = [
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
];

const LABELS: Record<SystemColumnName, string> = {
  created_at: 'Criado em',
  created_by: 'Criado por',
  updated_at: 'Alterado em',
  updated_by: 'Alterado por',
};

/**
 * A record's own column as a read-only attribute of no subject (`id`, and the system columns): what
 * the filter compiler, the order and the export read of an attribute.
 */
export function columnAttribute(
  identifier: string,
  name: string,
  id: number,
  kind: 'integer' | 'datetime',
): AttributeMeta {
  return {
    id,
    subjectId: 0,
    identifier,
    name,
    // A date-time (ms since the epoch) or a number (an id, an account id).
    componentId: kind === 'datetime' ? 11 : 3,
    kind,
    isRequired: false,
    isEditable: false,
    isNaturalKey: false,
    isMultipleValues: false,
    isOrderable: true,
    isInternal: false,
    length: null,
    defaultValue: null,
    componentConfigs: {},
    relatedSubjectId: null,
    tooltip: null,
    description: null,
    icon: null,
    position: 0,
  };
}

function systemAttribute(column: SystemColumnName, id: number): AttributeMeta {
  return columnAttribute(column, LABELS[column], id, column.endsWith('_at') ? 'datetime' : 'integer');
}

export const SYSTEM_ATTRIBUTES: readonly AttributeMeta[] = SYSTEM_COLUMN_NAMES.map((c, i) =>
  systemAttribute(c, -(i + 1)),
);
const byColumn = new Map(SYSTEM_ATTRIBUTES.map((a) => [a.identifier, a]));

export function systemAttributeNamed(identifier: string): AttributeMeta | undefined {
  return byColumn.get(identifier.toLowerCase());
}

/** The talk row's column of a system attribute; undefined for any other. */
export function systemColumnOf(a: Pick<AttributeMeta, 'id' | 'identifier'>): SystemColumnName | undefined {
  return a.id < 0 && byColumn.has(a.identifier) ? (a.identifier as SystemColumnName) : undefined;
}

export function isAccountColumn(a: Pick<AttributeMeta, 'id' | 'identifier'>): boolean {
  const c = systemColumnOf(a);
  return c === 'created_by' || c === 'updated_by';
}

/** Keyed by how many accounts are asked for (a page names a few): compiled once each (db/prepared.ts). */
const namesQuery = prepared((db: Kysely<Database>, _count: number, ...ids: number[]) =>
  db.selectFrom('accounts').select(['id', 'display_name']).where('id', 'in', ids),
);

/** Display names of the accounts that created or changed a page of records, in one query. */
export async function accountNamesOf(
  db: Kysely<Database>,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await namesQuery(db, wanted.length, ...wanted);
  return new Map(rows.map((r) => [r.id, r.display_name]));
}
