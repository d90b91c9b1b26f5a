import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PASSCODE_TTL_MINUTES } from '@talkbase/domain/contracts/two-step';
import type { Database } from '../../db/schema.ts';
import * as repo from './auth.repository.ts';

/** How long an e-mailed code works: sign-in and two-step confirmation alike. */
export const PASSCODE_TTL_MS = PASSCODE_TTL_MINUTES * 60_000;
/** Wrong guesses that burn a code: a 6-digit code must not be brute-forced. */
export const PASSCODE_MAX_FAILURES = 5;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * Stores a new 6-digit code of `purpose` for the account (replacing one still pending) and
 * answers it, to be e-mailed. Only its SHA-256 is kept.
 */
export async function issuePasscode(
  db: Kysely<Database>,
  account: { id: number; company_id: number },
  purpose: repo.PasscodePurpose,
  keepConnected: boolean,
): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const at = Date.now();
  await repo.insertPasscode(db, {
    companyId: account.company_id,
    accountId: account.id,
    codeHash: sha256(code),
    keepConnected,
    at,
    expiresAt: at + PASSCODE_TTL_MS,
    purpose,
  });
  return code;
}

/**
 * Uses the account's pending code of `purpose` when `given` is it: answers the code's row, or
 * undefined when there is none, it expired, it is wrong (one failure counted; the fifth burns it)
 * or another request used it first (single use under races).
 */
export async function redeemPasscode(
  db: Kysely<Database>,
  accountId: number,
  purpose: repo.PasscodePurpose,
  given: string,
): Promise<{ keep_connected: number } | undefined> {
  const at = Date.now();
  const pending = await repo.findPendingPasscode(db, accountId, at, purpose);
  if (!pending) return undefined;
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(pending.code_hash);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    await repo.countPasscodeFailure(db, pending.id, PASSCODE_MAX_FAILURES, at);
    return undefined;
  }
  if (!(await repo.consumePasscode(db, pending.id, at))) return undefined;
  return pending;
}
