import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { importMessages } from './import-messages.ts';

/**
 * What one CSV import may cost the server. The file is read as a stream and each cap is checked
 * while it is read, so a file past one is refused (413) without the server taking the rest of it:
 * what is held is at most about the file's size (its rows, kept as one string each) however the
 * file is made. Docs: docs/api.md (the import call), docs/decisions.md ("Imports: streamed…").
 */

/** Largest file accepted, and most data rows. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/**
 * Most cells in one line (the header included). A subject has at most 500 attributes; the cap
 * keeps a line like `;;;;…` of 50 MB from becoming tens of millions of cells before it is counted.
 */
export const MAX_IMPORT_COLUMNS = 1_000;
/** Errors an import keeps for its report (the rows with errors are all counted). */
export const REPORT_ERRORS = 10_000;
/** Imports one account may have under way at once: being sent, checked, previewed or run. */
export const MAX_RUNNING_IMPORTS = 2;

export const tooLarge = () =>
  new HttpError(413, importMessages.tooLarge(MAX_IMPORT_BYTES / 1024 / 1024), { connection: 'close' });

/**
 * The imports under way per account, counted in this process's memory rather than in
 * `talk_imports`. What the limit protects is the process that reads, holds and checks the file
 * (its memory and its event loop): a file is checked before any row of it exists in the table
 * (and a dry run never writes one), so a count of rows would miss the costly part, and rows left
 * `running` by a server that stopped would hold an account's slots until they go stale. With
 * several instances on PostgreSQL, each counts its own: an account may have two imports under way
 * on each instance, and no instance ever holds more than two of one account's files.
 */
export class ImportSlots {
  private readonly held = new Map<string, number>();

  /** One of the account's slots (429 when it has none left); the function answered frees it. */
  take(auth: AuthContext): () => void {
    const key = `${auth.companyId}:${auth.accountId}`;
    const count = this.held.get(key) ?? 0;
    if (count >= MAX_RUNNING_IMPORTS)
      throw new HttpError(429, importMessages.busy(MAX_RUNNING_IMPORTS), { connection: 'close' });
    this.held.set(key, count + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }
}

export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Time a long loop may hold the event loop before the requests waiting are let in. */
const TURN_MS = 10;

/**
 * Paces a long loop (reading, checking): `if (turn.due()) await turn.next();` lets the requests
 * waiting in once the loop has run for TURN_MS, whatever each step costs.
 */
export class Turn {
  private since = performance.now();

  due(): boolean {
    return performance.now() - this.since >= TURN_MS;
  }

  async next(): Promise<void> {
    await yieldToIo();
    this.since = performance.now();
  }
}
