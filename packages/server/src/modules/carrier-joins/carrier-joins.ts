import { sql, type Kysely } from 'kysely';
import { readJoinObject, type JoinItem } from '@talkbase/domain/fields/join-object';
import type { Database } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import { talkMessages } from '../../records/record-messages.ts';
import { attributeColumn, talkTable } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { AuthContext } from '../../http/request-identity.ts';

/**
 * The ids among `ids` of records of subject `subjectId` that the writing account may read (the
 * access module's row scope, as every reference a record names): a load it may not read is refused
 * as one that does not exist.
 */
export type ReadableIds = (
  trx: Kysely<Database>,
  auth: AuthContext,
  subjectId: number,
  ids: number[],
) => Promise<Set<number>>;

/** The carrier relationship (002 §3 "Join-object value"). */
export const CARRIER_RELATIONSHIP_COMPONENT = 29;

type Attribute = SubjectMeta['attributes'][number];

/** The carrier-relationship attributes whose value is a column (single-valued ones, the editor's). */
export function joinAttributes(subject: Pick<SubjectMeta, 'attributes'>): Attribute[] {
  return subject.attributes.filter(
    (a) => a.componentId === CARRIER_RELATIONSHIP_COMPONENT && !a.isMultipleValues,
  );
}

function readStored(value: unknown): ReturnType<typeof readJoinObject> {
  let parsed = value;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      parsed = null;
    }
  }
  return readJoinObject(parsed);
}

interface JoinRow {
  subject_id: number;
  attribute_id: number;
  talk_id: number;
  position: number;
  from_subject_id: number | null;
  from_talk_id: number | null;
  from_label: string;
  to_label: string;
}

/**
 * Makes the join records of the records `talkIds` match their carrier relationships, in the
 * write's transaction (a write hook of the records, record-wiring.ts), on every create, edit,
 * `/many`, import and automation: one row per "from" item (a load), naming the load and the
 * carrier. A load picked from the attribute's related subject is joined by its record: a load
 * newly added must be an existing record of that subject (else 422 `O registro escolhido em … não
 * existe.`); one already joined stays joined (editing another field never refuses it).
 */
export async function saveCarrierJoins(
  trx: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  talkIds: readonly number[],
  readableIds: ReadableIds,
): Promise<void> {
  const attributes = joinAttributes(subject);
  if (attributes.length === 0 || talkIds.length === 0) return;
  const ids = [...talkIds];
  const columns = attributes.map(
    (a) => sql`${sql.ref(`t.${attributeColumn(a.id)}`)} as ${sql.ref(`v${a.id}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select t.id as id, ${sql.join(columns)} from ${sql.table(talkTable(subject.id))} as t
    where t.id in (${sql.join(ids)})`.execute(trx);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const joined = await trx
    .selectFrom('carrier_joins')
    .select(['attribute_id', 'talk_id', 'from_talk_id'])
    .where(
      'attribute_id',
      'in',
      attributes.map((a) => a.id),
    )
    .where('talk_id', 'in', ids)
    .execute();
  const wasJoined = new Set(joined.map((j) => `${j.attribute_id}:${j.talk_id}:${String(j.from_talk_id)}`));
  await trx
    .deleteFrom('carrier_joins')
    .where(
      'attribute_id',
      'in',
      attributes.map((a) => a.id),
    )
    .where('talk_id', 'in', ids)
    .execute();

  const inserts: JoinRow[] = [];
  for (const a of attributes) {
    const related = a.relatedSubjectId;
    /** Loads joined for the first time, to be found in the related subject: id → item positions. */
    const fresh = new Map<number, string[]>();
    for (const [i, talkId] of ids.entries()) {
      const row = byId.get(talkId);
      if (!row) continue;
      const join = readStored(row[`v${a.id}`]);
      const field = ids.length > 1 ? `talks.${i}.${a.identifier}` : a.identifier;
      join.labelFrom.forEach((item: JoinItem, position) => {
        const linked = item.id !== null && related !== null;
        if (linked && !wasJoined.has(`${a.id}:${talkId}:${String(item.id)}`))
          fresh.set(item.id as number, [...(fresh.get(item.id as number) ?? []), field]);
        inserts.push({
          subject_id: subject.id,
          attribute_id: a.id,
          talk_id: talkId,
          position,
          from_subject_id: linked ? related : null,
          from_talk_id: linked ? item.id : null,
          from_label: item.label,
          to_label: join.labelTo,
        });
      });
    }
    if (related !== null && fresh.size > 0) {
      const exists = await readableIds(trx, auth, related, [...fresh.keys()]);
      const missing = [...fresh].find(([id]) => !exists.has(id));
      if (missing)
        throw unprocessable([
          { message: talkMessages.relatedMissing(a.name), field: missing[1][0] ?? a.identifier },
        ]);
    }
  }
  // In batches: each row binds 8 values (PostgreSQL and SQLite cap the parameters of a statement).
  for (let start = 0; start < inserts.length; start += 500)
    await trx
      .insertInto('carrier_joins')
      .values(inserts.slice(start, start + 500))
      .execute();
}

/** Removed records take their join records with them (in the removal's transaction). */
export async function removeCarrierJoins(
  trx: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<void> {
  if (talkIds.length === 0) return;
  await trx
    .deleteFrom('carrier_joins')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
}

/** Display names of records by `${subjectId}:${talkId}`, of those the reading account may see. */
export type RecordNames = (wanted: ReadonlyMap<number, ReadonlySet<number>>) => Promise<Map<string, string>>;

/**
 * The carrier relationships of a page of records as their join records present them (the record
 * presenter asks, record-parts.ts), by `${talkId}:${attributeId}`: the loads in their order, a
 * load joined by its record named as that record is named now (when the account may see it; its
 * saved label otherwise), and the carrier. Relationships without loads keep their stored value.
 */
export async function carrierJoinValues(
  db: Kysely<Database>,
  subject: Pick<SubjectMeta, 'attributes'>,
  talkIds: readonly number[],
  names: RecordNames,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const attributes = joinAttributes(subject);
  if (attributes.length === 0 || talkIds.length === 0) return out;
  const rows = await db
    .selectFrom('carrier_joins')
    .selectAll()
    .where(
      'attribute_id',
      'in',
      attributes.map((a) => a.id),
    )
    .where('talk_id', 'in', [...talkIds])
    .orderBy('talk_id')
    .orderBy('attribute_id')
    .orderBy('position')
    .execute();
  const wanted = new Map<number, Set<number>>();
  for (const r of rows)
    if (r.from_subject_id !== null && r.from_talk_id !== null)
      wanted.set(r.from_subject_id, (wanted.get(r.from_subject_id) ?? new Set()).add(r.from_talk_id));
  const named = await names(wanted);
  for (const r of rows) {
    const key = `${r.talk_id}:${r.attribute_id}`;
    const value = (out.get(key) as { labelFrom: JoinItem[]; labelTo: string } | undefined) ?? {
      labelFrom: [],
      labelTo: r.to_label,
    };
    const linked = r.from_subject_id !== null && r.from_talk_id !== null;
    value.labelFrom.push({
      id: linked ? r.from_talk_id : null,
      label:
        (linked ? named.get(`${String(r.from_subject_id)}:${String(r.from_talk_id)}`) : undefined) ??
        r.from_label,
    });
    out.set(key, value);
  }
  return out;
}
