import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { eventActor } from '../../events/event-actor.ts';
import { appendEvents, type EventTransaction } from '../../events/event-stream.ts';
import { writeTalkEvent } from './record-events.ts';
import { changeRow, pickColumns } from './record-history.ts';
import * as repo from '../../records/records.repository.ts';
import { insertChanges } from '../../records/record-changes.ts';
import { everyRow } from '../../access/row-scope.ts';
import type { RecordParts } from './record-parts.ts';

/**
 * What removing talks writes inside the caller's transaction: a `deleted` event with each row's
 * last values (automations and integrations read it), the rows themselves gone, a `deleted`
 * history row each, and what hangs off them (their conversations, their files' rows: `parts`).
 * Answers the files' storage keys, whose bytes may go only once the transaction has committed.
 */
export async function writeRemoval(
  trx: EventTransaction,
  auth: AuthContext,
  subject: SubjectMeta,
  ids: number[],
  parts: RecordParts,
): Promise<string[]> {
  const at = Date.now();
  // The caller checked these ids against the account's rows (TalksService.remove).
  const rows = await repo.rowsByIds(trx, subject, ids, everyRow('removal'));
  for (const row of rows)
    await writeTalkEvent(trx, auth, {
      kind: 'deleted',
      subject,
      talkId: row.id,
      version: row.version,
      before: pickColumns(subject, row),
      after: null,
      changed: [],
      at,
    });
  await repo.deleteTalks(trx, subject.id, ids);
  await insertChanges(
    trx,
    ids.map((talkId) => changeRow(auth, subject, talkId, at, 'deleted')),
  );
  return parts.removeWith(trx, subject.id, ids);
}

/**
 * Deactivating or activating talks inside the caller's transaction, with a history row and a
 * 'talk.deactivated' / 'talk.activated' event each.
 */
export async function writeActive(
  trx: EventTransaction,
  auth: AuthContext,
  subject: SubjectMeta,
  ids: number[],
  active: boolean,
): Promise<number> {
  const at = Date.now();
  const changed = await repo.setActive(trx, subject.id, ids, active, at, auth.accountId);
  await insertChanges(
    trx,
    ids.map((talkId) => changeRow(auth, subject, talkId, at, active ? 'activated' : 'deactivated')),
  );
  // Events for the records whose state changed only (deactivating a deactivated one is no event).
  await appendEvents(
    trx,
    changed.map((talkId) => ({
      companyId: auth.companyId,
      kind: active ? ('talk.activated' as const) : ('talk.deactivated' as const),
      subjectId: subject.id,
      talkId,
      ...eventActor(auth),
      payload: { subject: subject.identifier },
      at,
    })),
  );
  return changed.length;
}
