import { loadPasswordScorer } from '@talkbase/domain/passwords/password-scorer';
import type { PasswordStrength } from '@talkbase/domain/passwords/password-strength';
import type { Piscina } from 'piscina';
import type { PasswordScoreTask } from './password-score-task.ts';

/** How long the scoring thread stays after its last password before it ends. */
export const SCORER_IDLE_MS = 60_000;

/**
 * Scores passwords being set (zxcvbn with the common and Brazilian Portuguese dictionaries: the web
 * meter's rule) on a thread of its own. The dictionaries take ~16 MiB of heap once built, and a
 * server scores a password only when one is set — the demo's first start, a change, a reset, a new
 * account — so the thread starts with the first password and ends `idleMs` after the last one,
 * giving that memory back (docs/decisions.md, "The password scorer's thread"). Should the thread
 * fail, the password is scored on the caller's thread instead: a refusal never depends on it.
 */
export class PasswordScorer {
  /** Passwords scored on the thread, and here because the thread failed. */
  readonly scored = { onThread: 0, here: 0 };
  readonly #idleMs: number;
  #pool: Promise<Piscina<PasswordScoreTask, PasswordStrength>> | undefined;

  constructor(idleMs = SCORER_IDLE_MS) {
    this.#idleMs = idleMs;
  }

  async score(password: string, userInputs: readonly string[] = []): Promise<PasswordStrength> {
    let strength: PasswordStrength;
    try {
      strength = await (
        await this.#threadPool()
      ).run({ password, userInputs }, { name: 'scorePasswordTask' });
    } catch {
      this.scored.here++;
      return (await loadPasswordScorer())(password, userInputs);
    }
    this.scored.onThread++;
    return strength;
  }

  /** Scoring threads running now: 1 while passwords come, 0 once idle. */
  async threads(): Promise<number> {
    return this.#pool ? (await this.#pool).threads.length : 0;
  }

  async close(): Promise<void> {
    await (await this.#pool)?.destroy();
    this.#pool = undefined;
  }

  #threadPool(): Promise<Piscina<PasswordScoreTask, PasswordStrength>> {
    this.#pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina<PasswordScoreTask, PasswordStrength>({
          filename: new URL('./password-score-task.ts', import.meta.url).href,
          minThreads: 0,
          maxThreads: 1,
          idleTimeout: this.#idleMs,
        }),
    );
    return this.#pool;
  }
}

const shared = new PasswordScorer();

/** The server's scorer (see PasswordScorer): `problem` is the refusal message, if any. */
export function scorePassword(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordStrength> {
  return shared.score(password, userInputs);
}
