import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { DbValue } from '../../records/record-values.ts';
import type { ChangeRow } from '../../records/record-changes.ts';
import type { TalkRow } from '../../records/records.repository.ts';

/** A value as the history keeps it: a list as JSON, anything else as text, nothing as null. */
export const historyText = (v: DbValue | DbValue[] | undefined): string | null =>
  v === null || v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : String(v);

/**
 * One row of a record's history, written by the account of `auth` at `at`: the record's own
 * action (`created`, `deleted`, …) without an attribute, or one attribute's old and new value.
 */
export function changeRow(
  auth: AuthContext,
  subject: SubjectMeta,
  talkId: number,
  at: number,
  action: string,
  attribute: { id: number; oldValue: string | null; newValue: string | null } | null = null,
): ChangeRow {
  return {
    companyId: auth.companyId,
    subjectId: subject.id,
    talkId,
    accountId: auth.accountId,
    at,
    action,
    attributeId: attribute?.id ?? null,
    oldValue: attribute?.oldValue ?? null,
    newValue: attribute?.newValue ?? null,
  };
}

/** The row's attribute columns (the record's values as the events and the history see them). */
export function pickColumns(subject: SubjectMeta, row: TalkRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of subject.attributes)
    if (hasColumn(a)) out[attributeColumn(a.id)] = row[attributeColumn(a.id)];
  return out;
}
