import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

export interface CheckpointStats {
  /** Checkpoints the worker ran. */
  checkpoints: number;
  /** Frames in the WAL and frames copied to the database file, as of the last checkpoint. */
  log: number;
  checkpointed: number;
}

/** The least time between two checkpoints: each one ends with an fsync of the database file. */
const MIN_GAP_MS = 1000;

/**
 * WAL checkpoints on a thread of their own (docs/decisions.md, "Records engine performance").
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that fills the WAL past 1,000 pages: it
 * copies those pages into the database file and fsyncs it on the connection that committed, which
 * for us is the event loop's thread, so every request waited behind it. Here the writer's
 * automatic checkpoint is off and, after commits, a worker thread with its own connection runs a
 * PASSIVE checkpoint (at most one at a time, at least MIN_GAP_MS apart). Durability is unchanged:
 * a commit is durable once its WAL frames are synced, checkpointed or not. Should the worker stop,
 * the writer checkpoints by itself again.
 */
export class WalCheckpointer {
  readonly stats: CheckpointStats = { checkpoints: 0, log: 0, checkpointed: 0 };
  readonly #worker: Worker;
  readonly #writer: BetterSqlite3.Database;
  #running = false;
  #wanted = false;
  #closed = false;
  #lastStart = 0;
  #timer: NodeJS.Timeout | undefined;
  #idle: (() => void)[] = [];

  constructor(file: string, writer: BetterSqlite3.Database) {
    this.#writer = writer;
    this.#worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
      workerData: { file },
      // A connection and a loop: a small heap keeps the thread's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    // The worker never keeps the process alive; closing the database ends it.
    this.#worker.unref();
    writer.pragma('wal_autocheckpoint = 0');
    this.#worker.on('message', (answer: { log?: number; checkpointed?: number; error?: string }) => {
      this.#running = false;
      if (answer.error === undefined) {
        this.stats.checkpoints++;
        this.stats.log = answer.log ?? 0;
        this.stats.checkpointed = answer.checkpointed ?? 0;
      }
      if (this.#wanted) this.nudge();
      else for (const resolve of this.#idle.splice(0)) resolve();
    });
    const fallBack = () => {
      if (this.#closed) return;
      this.#closed = true;
      writer.pragma('wal_autocheckpoint = 1000');
      for (const resolve of this.#idle.splice(0)) resolve();
    };
    this.#worker.on('error', fallBack);
    this.#worker.on('exit', fallBack);
  }

  /** Something was committed: a checkpoint follows (coalesced with one already due). */
  nudge(): void {
    if (this.#closed) return;
    if (this.#running || this.#timer) {
      this.#wanted = true;
      return;
    }
    const wait = this.#lastStart + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      this.#wanted = true;
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.nudge();
      }, wait);
      this.#timer.unref();
      return;
    }
    this.#wanted = false;
    this.#running = true;
    this.#lastStart = Date.now();
    this.#worker.postMessage('checkpoint');
  }

  /** Resolves once no checkpoint is running or due (tests). */
  idle(): Promise<void> {
    if (this.#closed || (!this.#running && !this.#wanted)) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Ends the worker (its connection closed) before the writer closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    const exited = once(this.#worker, 'exit');
    // Held until it has ended: otherwise a process with nothing else to do would exit meanwhile,
    // before the code after the close (a CLI's exit code) runs.
    this.#worker.ref();
    this.#worker.postMessage('close');
    await exited;
    this.#writer.pragma('wal_autocheckpoint = 1000');
  }
}
