import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import type { AuthContext } from '../../../../access/identity.ts';
import type { ActionContext, ActionServices } from '../types.ts';

/** The engine's services the outbound actions use beside the contract's (the engine fills them). */
export interface EngineServices {
  /** The automation's actor (reads of the record and its references). */
  actor?(ctx: ActionContext, markKey?: string): Promise<AuthContext>;
  /** Idempotency keys of effects already in effect. */
  isDone?(key: string): Promise<boolean>;
  markDone?(key: string): Promise<boolean>;
  db?: Kysely<Database>;
}

export const servicesOf = (ctx: ActionContext): ActionServices & EngineServices => ctx.services;

/**
 * E-mail and HTTP: 5 tries over about 30 minutes (waits of 2, 4, 8 and 16 minutes with the engine's
 * exponential backoff).
 */
export const OUTBOUND_RETRY = { tries: 5, baseDelayMs: 2 * 60_000 } as const;

/**
 * Runs an outbound effect at most once per key: a key recorded as done is skipped, and the key is
 * recorded right after the effect succeeds. Between the two (a crash after the SMTP server accepted
 * the message) a retry sends again — with the same Message-ID, so the copy is recognisable.
 * Answers what the effect answered, or null when the key was already recorded.
 */
export async function onceByKey<T>(
  ctx: ActionContext,
  key: string,
  effect: () => Promise<T>,
): Promise<{ value: T } | null> {
  const s = servicesOf(ctx);
  if (!s.isDone || !s.markDone) throw new Error('automation services incomplete: isDone/markDone');
  if (await s.isDone(key)) return null;
  const value = await effect();
  await s.markDone(key);
  return { value };
}
