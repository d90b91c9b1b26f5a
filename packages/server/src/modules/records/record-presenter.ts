import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasColumn, attributeColumn } from '../../records/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import { fromDbValue } from '../../records/record-values.ts';
import * as repo from '../../records/records.repository.ts';
import type { RecordParts } from './record-parts.ts';
import { accountNamesOf } from '../../records/system-columns.ts';

export type { ApiTalk, TalkValue } from '@talkbase/domain/contracts/talks';
import type { ApiTalk, TalkValue } from '@talkbase/domain/contracts/talks';
import { type RowScope } from '../../access/row-scope.ts';

/** A related subject the account may read, with the rows it may see; null when it may not. */
export type RelatedLoader = (subjectId: number) => Promise<{ subject: SubjectMeta; rows: RowScope } | null>;

/** The attribute that names a record: the first text attribute, by position. */
export function displayAttribute(subject: SubjectMeta): AttributeMeta | undefined {
  return subject.attributes.find((a) => a.kind === 'text' && hasColumn(a) && !a.isInternal);
}

/** A record's name: its display attribute's text, or `#id` when that is empty. */
const nameOrNumber = (title: unknown, id: unknown): string =>
  typeof title === 'string' && title.trim() ? title : `#${String(id)}`;

export function displayNameOf(subject: SubjectMeta, row: Record<string, unknown>): string {
  const a = displayAttribute(subject);
  return nameOrNumber(a ? row[attributeColumn(a.id)] : null, row.id);
}

/** Rows to API talks, with multi-values and the display names of referenced records, in batches. */
export async function presentTalks(
  db: Kysely<Database>,
  subject: SubjectMeta,
  rows: repo.TalkRow[],
  opts: { readOnly: boolean; loadSubject: RelatedLoader; parts: RecordParts },
): Promise<ApiTalk[]> {
  const ids = rows.map((r) => r.id);
  // Multi-valued attributes live in a side table: read it only when the subject has one.
  const multi = subject.attributes.some((a) => a.isMultipleValues)
    ? await repo.multiValuesOf(db, subject.id, ids)
    : [];
  const multiBy = new Map<string, unknown[]>();
  const byId = new Map(subject.attributes.map((a) => [a.id, a]));
  for (const m of multi) {
    const a = byId.get(m.attribute_id);
    if (!a) continue;
    const key = `${m.talk_id}:${m.attribute_id}`;
    const list = multiBy.get(key) ?? [];
    list.push(
      fromDbValue(
        a,
        a.kind === 'text' || a.kind === 'date' || a.kind === 'json' ? m.value_text : m.value_number,
      ),
    );
    multiBy.set(key, list);
  }
  const refNames = await referenceNames(db, subject, rows, opts.loadSubject);
  const files = await opts.parts.filesOf(db, subject, ids);
  // The tags of the whole page in one query, or those a record read alone brought (the rows are
  // already those the account may read).
  const tags = await opts.parts.tagsOf(db, subject.id, rows);
  // Values parts present from their own rows (a carrier relationship from its join records).
  const presented = await opts.parts.presentedOf(db, subject, ids, (wanted) =>
    recordNames(db, wanted, opts.loadSubject),
  );
  // A record read alone (`findTalk`) carries its accounts' names; a page asks for them once.
  const accounts = rows.every((r) => 'created_by_name' in r)
    ? undefined
    : await accountNamesOf(
        db,
        rows.flatMap((r) => [r.created_by, r.updated_by]),
      );
  const nameOf = (id: number | null, read: string | null | undefined): string | null =>
    id === null ? null : accounts ? (accounts.get(id) ?? null) : (read ?? null);
  // What each attribute's value is read from, worked out once for the page rather than per row:
  // a page of 50 rows of a 20-attribute subject is a thousand values (docs/decisions.md).
  const plan = subject.attributes.map((a) => ({
    a,
    column: a.kind !== 'file' && hasColumn(a) ? attributeColumn(a.id) : undefined,
  }));
  const named = displayAttribute(subject);
  const nameColumn = named ? attributeColumn(named.id) : undefined;
  return rows.map((row) => {
    const talkValues: TalkValue[] = [];
    for (const { a, column } of plan) {
      if (a.kind === 'file') {
        const value = files.value(row.id, a.id);
        talkValues.push({ subjectAttributeId: a.id, subjectAttributeIdentifier: a.identifier, value });
        continue;
      }
      const key = presented.size > 0 || column === undefined ? `${String(row.id)}:${a.id}` : '';
      const value =
        presented.size > 0 && presented.has(key)
          ? presented.get(key)
          : column !== undefined
            ? fromDbValue(a, row[column])
            : (multiBy.get(key) ?? []);
      const tv: TalkValue = { subjectAttributeId: a.id, subjectAttributeIdentifier: a.identifier, value };
      if (a.kind === 'reference' && a.relatedSubjectId) {
        tv.displayValue =
          typeof value === 'number' ? (refNames.get(`${a.relatedSubjectId}:${value}`) ?? null) : null;
      }
      talkValues.push(tv);
    }
    return {
      talkId: row.id,
      subject: subject.identifier,
      subjectId: subject.id,
      isActive: row.is_active === 1,
      displayName: nameOrNumber(nameColumn === undefined ? null : row[nameColumn], row.id),
      isReadOnly: opts.readOnly,
      version: row.version,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.created_by === null ? null : row.created_by,
      updatedAt: new Date(row.updated_at).toISOString(),
      updatedBy: row.updated_by === null ? null : row.updated_by,
      createdByName: nameOf(row.created_by, row.created_by_name),
      updatedByName: nameOf(row.updated_by, row.updated_by_name),
      templateId: null,
      tags: tags.get(row.id) ?? [],
      talkValues,
      talkAttachments: files.attachments(row.id),
    };
  });
}

async function referenceNames(
  db: Kysely<Database>,
  subject: SubjectMeta,
  rows: repo.TalkRow[],
  loadSubject: RelatedLoader,
): Promise<Map<string, string>> {
  const wanted = new Map<number, Set<number>>();
  for (const a of subject.attributes) {
    if (a.kind !== 'reference' || !a.relatedSubjectId || !hasColumn(a)) continue;
    const set = wanted.get(a.relatedSubjectId) ?? new Set<number>();
    for (const r of rows) {
      const v = r[attributeColumn(a.id)];
      if (v !== null && v !== undefined) set.add(Number(v));
    }
    wanted.set(a.relatedSubjectId, set);
  }
  return recordNames(db, wanted, loadSubject);
}

/**
 * Display names of records of other subjects, by `${subjectId}:${talkId}`. Only records the
 * account may see are named; others keep their id and no name.
 */
export async function recordNames(
  db: Kysely<Database>,
  wanted: ReadonlyMap<number, ReadonlySet<number>>,
  loadSubject: RelatedLoader,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [relatedId, idSet] of wanted) {
    if (idSet.size === 0) continue;
    const related = await loadSubject(relatedId);
    if (!related) continue;
    const found = await repo.rowsByIds(db, related.subject, [...idSet], related.rows);
    for (const r of found)
      names.set(`${related.subject.id}:${String(r.id)}`, displayNameOf(related.subject, r));
  }
  return names;
}
