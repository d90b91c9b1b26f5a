import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

/** Sessions and passcodes. All SQL of sign-in lives here; callers pass the database handle. */
export { findLiveSession, type SessionRow } from '../../access/live-session.ts';

const versionsQuery = prepared((db: Kysely<Database>, _: 0, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['catalog_version as catalogVersion', 'auth_version as authVersion'])
    .where('id', '=', companyId),
);

/**
 * The company's catalog and authentication versions: one row by key, read on every request whose
 * session is already known (auth.service.ts).
 */
export async function companyVersions(
  db: Kysely<Database>,
  companyId: number,
): Promise<{ catalogVersion: number; authVersion: number } | undefined> {
  const [row] = await versionsQuery(db, 0, companyId);
  return row;
}

/** Whether the account ever opened a session from this client address (its owner's device). */
export async function hasSignedInFrom(db: Kysely<Database>, accountId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('ip', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of the given sessions, the ids still live (used to close sockets of revoked sessions). */
export async function liveSessionIds(db: Kysely<Database>, ids: string[], at: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function insertSession(
  db: Kysely<Database>,
  row: {
    id: string;
    accountId: number;
    companyId: number;
    keepConnected: boolean;
    at: number;
    expiresAt: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      account_id: row.accountId,
      company_id: row.companyId,
      keep_connected: row.keepConnected ? 1 : 0,
      created_at: row.at,
      refreshed_at: row.at,
      expires_at: row.expiresAt,
      revoked_at: null,
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .execute();
}

/**
 * Moves the session from token generation `fromGen` to the next and extends it; false when another
 * refresh moved it first (the caller then judges the token against the new generation).
 */
export async function rotateSession(
  db: Kysely<Database>,
  sessionId: string,
  fromGen: number,
  at: number,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ refreshed_at: at, expires_at: expiresAt, token_gen: fromGen + 1, rotated_at: at })
    .where('id', '=', sessionId)
    .where('token_gen', '=', fromGen)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeOtherSessions(
  db: Kysely<Database>,
  accountId: number,
  keepSessionId: string | null,
  at: number,
): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/** What an e-mailed code is for (0027): opening a session, or confirming two-step is switched on. */
export type PasscodePurpose = 'sign-in' | 'enrol';

export async function insertPasscode(
  db: Kysely<Database>,
  row: {
    companyId: number;
    accountId: number;
    codeHash: string;
    keepConnected: boolean;
    at: number;
    expiresAt: number;
    purpose: PasscodePurpose;
  },
): Promise<void> {
  // A new code replaces any earlier one of the same purpose still pending.
  await db
    .updateTable('passcodes')
    .set({ used_at: row.at })
    .where('account_id', '=', row.accountId)
    .where('purpose', '=', row.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('passcodes')
    .values({
      company_id: row.companyId,
      account_id: row.accountId,
      code_hash: row.codeHash,
      keep_connected: row.keepConnected ? 1 : 0,
      created_at: row.at,
      expires_at: row.expiresAt,
      used_at: null,
      failed_attempts: 0,
      purpose: row.purpose,
    })
    .execute();
}

export function findPendingPasscode(
  db: Kysely<Database>,
  accountId: number,
  at: number,
  purpose: PasscodePurpose,
) {
  return db
    .selectFrom('passcodes')
    .select(['id', 'code_hash', 'keep_connected', 'failed_attempts'])
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Marks a passcode used; false when another request used it first (single use under races). */
export async function consumePasscode(db: Kysely<Database>, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('passcodes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countPasscodeFailure(
  db: Kysely<Database>,
  id: number,
  maxFailures: number,
  at: number,
) {
  const row = await db
    .updateTable('passcodes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_attempts')
    .executeTakeFirst();
  // Too many wrong guesses burn the code: a 6-digit code must not be brute-forced.
  if (row && row.failed_attempts >= maxFailures) {
    await db.updateTable('passcodes').set({ used_at: at }).where('id', '=', id).execute();
  }
}

/** Switches an account's own two-step sign-in on or off (0027 keeps when). */
export async function setTwoStep(db: Kysely<Database>, accountId: number, enabled: boolean, at: number) {
  await db
    .updateTable('accounts')
    .set({ two_factor_enabled: enabled ? 1 : 0, two_factor_changed_at: at })
    .where('id', '=', accountId)
    .execute();
}

/** The company rule requireTwoStepForAdmins (companies.two_factor_required). */
export async function setTwoStepForAdmins(db: Kysely<Database>, companyId: number, required: boolean) {
  await db
    .updateTable('companies')
    .set({ two_factor_required: required ? 1 : 0 })
    .where('id', '=', companyId)
    .execute();
}
