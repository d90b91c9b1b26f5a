import { hash, verify, type Options } from '@node-rs/argon2';
import { HttpError } from '../../http/errors.ts';
import { messages } from '../../i18n/messages.ts';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// `Algorithm` is an ambient const enum (unusable with verbatimModuleSyntax): 2 is Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- see above
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const options: Options = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/**
 * Hashing costs ~19 MiB and tens of milliseconds each: a login flood must not exhaust memory or
 * starve other requests, so at most `concurrency` run at once and at most `queueLimit` wait.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly queueLimit: number;
  /** A real hash to verify against when the account does not exist, so timing does not tell. */
  private dummyHash: Promise<string> | undefined;

  constructor(concurrency = 2, queueLimit = 64) {
    this.concurrency = concurrency;
    this.queueLimit = queueLimit;
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, options));
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    this.dummyHash ??= hash('talkbase-dummy-password', options);
    const target = passwordHash ?? (await this.dummyHash);
    const ok = await this.limited(() => verify(target, password).catch(() => false));
    return ok && passwordHash !== null;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) {
        throw new HttpError(503, messages.serverBusy, { 'retry-after': '2' });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
