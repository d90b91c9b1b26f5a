import type { Kysely } from 'kysely';
import type { AuthContext } from '../../access/identity.ts';
import type { RowScope } from '../../access/row-scope.ts';
import type { Database } from '../../db/schema.ts';
import { confirmSession, UnconfirmedSession, versionsToConfirm } from '../../http/session-confirmation.ts';
import * as repo from '../../records/records.repository.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';

/**
 * A record read by id: and, for a remembered session (http/session-confirmation.ts), the company's
 * versions in the same statement, which must confirm it before anything else is read or answered.
 */
export async function readConfirming(
  db: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  talkId: number,
  rows: RowScope,
  extras: repo.RowExtras | undefined,
): Promise<repo.TalkRow | undefined> {
  const pending = versionsToConfirm(auth);
  if (!pending) return repo.findTalk(db, subject, talkId, rows, extras);
  const { row, versions } = await repo.findTalkWithVersions(
    db,
    subject,
    talkId,
    rows,
    extras,
    pending.companyId,
  );
  if (!confirmSession(auth, versions)) throw new UnconfirmedSession();
  return row;
}
