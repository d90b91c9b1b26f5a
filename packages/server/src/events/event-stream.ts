import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { NewStreamEvent, StreamEvent } from './event-kinds.ts';
import { insertEvents, pruneEvents } from './event-log.ts';

const collected = Symbol('events of this transaction');

/**
 * A transaction opened by the stream (`EventStream.write`): only in one can a change append its
 * events, so no write can report a change that is then never dispatched.
 */
export type EventTransaction = Transaction<Database> & { readonly [collected]: StreamEvent[] };

/** A consumer fed after each commit with that write's events, in order (pushes, caches). */
export type LiveConsumer = (events: readonly StreamEvent[]) => void | Promise<void>;

/** How long a delivered event stays in the log (the durable consumers' margin for a restart). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The event stream (GUIDE §8, issue 33; docs/ARCHITECTURE.md "Events"): every write appends its
 * events in its own transaction; once the transaction commits, one dispatcher hands them to the
 * live consumers and wakes the durable ones.
 *
 * - Live consumers (socket pushes, caches, clean-ups) get the events in memory, in commit order;
 *   they run side by side, and one that throws holds nobody else's delivery.
 *   They are at most once: an instance that dies right after a commit does not push it (a page
 *   reconnecting loads afresh).
 * - Durable consumers (automations) read the log from their own cursor (event-log.ts
 *   `readAfter`/`lockPosition`), so they see every event exactly once across restarts and
 *   instances; the dispatcher only wakes them early.
 */
export class EventStream {
  private readonly db: Db;
  private readonly onError: (err: unknown, what: string) => void;
  private readonly live: { name: string; consume: LiveConsumer }[] = [];
  private readonly wakers: (() => void)[] = [];

  constructor(deps: { db: Db; onError: (err: unknown, what: string) => void }) {
    this.db = deps.db;
    this.onError = deps.onError;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /**
   * Runs `work` in a transaction whose changes may append events; after the commit those events
   * are dispatched. A rollback dispatches nothing.
   */
  async write<T>(work: (trx: EventTransaction) => Promise<T>): Promise<T> {
    const events: StreamEvent[] = [];
    const result = await this.k.transaction().execute((trx) => {
      Object.defineProperty(trx, collected, { value: events, enumerable: false });
      return work(trx as EventTransaction);
    });
    if (events.length) await this.dispatch(events);
    return result;
  }

  /** A consumer of every committed write's events, on this instance. */
  onCommitted(name: string, consume: LiveConsumer): void {
    this.live.push({ name, consume });
  }

  /** A durable consumer's wake-up: called after a commit that appended events. */
  onAppended(wake: () => void): void {
    this.wakers.push(wake);
  }

  /**
   * Hands a commit's events to every live consumer, side by side: each one's failure is its own,
   * and the writer answers once they are done (a count cache is then fresh for its next read).
   */
  private async dispatch(events: readonly StreamEvent[]): Promise<void> {
    for (const wake of this.wakers) wake();
    await Promise.all(
      this.live.map(async ({ name, consume }) => {
        try {
          await consume(events);
        } catch (err) {
          this.onError(err, `events: ${name}`);
        }
      }),
    );
  }

  /** Drops delivered events older than a week (events/event-log.ts `pruneEvents`). */
  prune(now = Date.now()): Promise<number> {
    return pruneEvents(this.k, this.db.dialect, now - KEEP_MS);
  }
}

/** Appends events to the stream in the write's transaction; they are dispatched after its commit. */
export async function appendEvents(
  trx: EventTransaction,
  events: readonly NewStreamEvent[],
): Promise<StreamEvent[]> {
  if (events.length === 0) return [];
  const written = await insertEvents(trx, events);
  trx[collected].push(...written);
  return written;
}

/** Appends one event (see `appendEvents`). */
export async function appendEvent(trx: EventTransaction, event: NewStreamEvent): Promise<StreamEvent> {
  const [written] = await appendEvents(trx, [event]);
  if (!written) throw new Error('the event was not written');
  return written;
}
