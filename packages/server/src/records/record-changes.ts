import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

/** A record's history (`talk_changes`): what each write changed, by whom and when. */

/** One row of a record's history (talk_changes). */
export interface ChangeRow {
  companyId: number;
  subjectId: number;
  talkId: number;
  accountId: number | null;
  at: number;
  action: string;
  attributeId: number | null;
  oldValue: string | null;
  newValue: string | null;
}

export async function insertChanges(db: Kysely<Database>, rows: ChangeRow[]) {
  if (rows.length === 0) return;
  await insertChangesQuery(
    db,
    rows.length,
    ...rows.flatMap((r) => [
      r.companyId,
      r.subjectId,
      r.talkId,
      r.accountId,
      r.at,
      r.action,
      r.attributeId,
      r.oldValue,
      r.newValue,
    ]),
  );
}

/** Keyed by the number of rows; nine values a row, in ChangeRow's order. */
const insertChangesQuery = prepared((db: Kysely<Database>, count: number, ...v: unknown[]) =>
  db.insertInto('talk_changes').values(
    Array.from({ length: count }, (_, i) => {
      const [companyId, subjectId, talkId, accountId, at, action, attributeId, oldValue, newValue] = v.slice(
        i * 9,
        i * 9 + 9,
      ) as [
        number,
        number,
        number,
        number | null,
        number,
        string,
        number | null,
        string | null,
        string | null,
      ];
      return {
        company_id: companyId,
        subject_id: subjectId,
        talk_id: talkId,
        account_id: accountId,
        at,
        action,
        attribute_id: attributeId,
        old_value: oldValue,
        new_value: newValue,
      };
    }),
  ),
);

export function changesOf(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  talkId: number,
  offset: number,
  limit: number,
  /** Attributes whose changes are left out (those the reader may not read). */
  hiddenAttributes: readonly number[] = [],
) {
  let q = db
    .selectFrom('talk_changes')
    .leftJoin('accounts', 'accounts.id', 'talk_changes.account_id')
    .select([
      'talk_changes.id',
      'talk_changes.at',
      'talk_changes.action',
      'talk_changes.attribute_id',
      'talk_changes.old_value',
      'talk_changes.new_value',
      'talk_changes.account_id',
      'accounts.display_name as account_name',
    ])
    .where('talk_changes.company_id', '=', companyId)
    .where('talk_changes.subject_id', '=', subjectId)
    .where('talk_changes.talk_id', '=', talkId);
  if (hiddenAttributes.length)
    q = q.where((eb) =>
      eb.or([
        eb('talk_changes.attribute_id', 'is', null),
        eb('talk_changes.attribute_id', 'not in', hiddenAttributes),
      ]),
    );
  return q.orderBy('talk_changes.id', 'desc').limit(limit).offset(offset).execute();
}
