import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';

/**
 * Gives the heap's garbage back to the system once the server goes quiet (docs/decisions.md,
 * "Records engine performance", eighth pass).
 *
 * Under load V8 lets the old space fill with garbage up to its next collection and keeps the pages
 * it freed for reuse; it has no idle-time collection in a server (Chrome's memory reducer runs on
 * a browser's idle signals, which Node never sends). So after a burst of work a quiet server kept
 * 60–70 MiB of dead heap for as long as it stayed quiet. Here, once no request has been in flight
 * for `quietMs` and the heap has grown by `minGrowthBytes` since the last release, one
 * memory-reducing collection runs (V8's "last resort" flavour: full collections until nothing more
 * is freed, then the pooled pages are unmapped). It blocks the event loop for tens to a few hundred
 * milliseconds, so it never runs while a request is in flight, and at most once per quiet period.
 */
export interface IdleMemoryOptions {
  /** How long without any request in flight before collecting. */
  quietMs: number;
  /** Heap growth (committed bytes) since the last release below which nothing is done. */
  minGrowthBytes: number;
  /** How often the quiet is checked. */
  checkEveryMs: number;
}

export const IDLE_MEMORY_DEFAULTS: IdleMemoryOptions = {
  quietMs: 5_000,
  minGrowthBytes: 16 * 2 ** 20,
  checkEveryMs: 1_000,
};

export interface Release {
  ms: number;
  heapBefore: number;
  heapAfter: number;
}

/** V8's collector and heap figures; the real ones unless a test passes its own clock. */
export interface HeapControl {
  now(): number;
  committedHeapBytes(): number;
  collect(): void;
}

let exposedGc: ((options?: object) => unknown) | undefined;
/** V8's `gc` function, exposed at run time without `--expose-gc` on the command line. */
function v8Gc(): (options?: object) => unknown {
  if (!exposedGc) {
    v8.setFlagsFromString('--expose-gc');
    // The flag applies to contexts made after it: a new context's global `gc`.
    exposedGc = vm.runInNewContext('gc') as (options?: object) => unknown;
  }
  return exposedGc;
}

export const v8HeapControl: HeapControl = {
  now: () => performance.now(),
  committedHeapBytes: () => v8.getHeapStatistics().total_heap_size,
  collect: () => void v8Gc()({ type: 'major', flavor: 'last-resort' }),
};

/** The decision, apart from timers and hooks: request activity in, `tick()` collects when due. */
export class IdleMemory {
  readonly #opts: IdleMemoryOptions;
  readonly #heap: HeapControl;
  #inFlight = 0;
  #lastActivity: number;
  #releasedAt = -Infinity;
  /** The committed heap after the last release; none yet, so the first quiet period collects start-up's garbage. */
  #heapAfterRelease = 0;

  constructor(opts: IdleMemoryOptions, heap: HeapControl = v8HeapControl) {
    this.#opts = opts;
    this.#heap = heap;
    this.#lastActivity = heap.now();
  }

  requestStarted(): void {
    this.#inFlight++;
    this.#lastActivity = this.#heap.now();
  }

  requestEnded(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#lastActivity = this.#heap.now();
  }

  /** Collects when the server is quiet and the heap has grown since the last release; what it did. */
  tick(): Release | undefined {
    const now = this.#heap.now();
    if (this.#inFlight > 0 || now - this.#lastActivity < this.#opts.quietMs) return undefined;
    // Once per quiet period: the next one starts with a request.
    if (this.#releasedAt >= this.#lastActivity) return undefined;
    const heapBefore = this.#heap.committedHeapBytes();
    // A heap that has grown less than that since the last release holds nothing worth a pause;
    // it is measured again in the next quiet period (after the next request).
    if (heapBefore - this.#heapAfterRelease < this.#opts.minGrowthBytes) {
      this.#releasedAt = now;
      this.#heapAfterRelease = Math.min(this.#heapAfterRelease, heapBefore);
      return undefined;
    }
    this.#heap.collect();
    const heapAfter = this.#heap.committedHeapBytes();
    this.#releasedAt = this.#heap.now();
    this.#heapAfterRelease = heapAfter;
    return { ms: this.#releasedAt - now, heapBefore, heapAfter };
  }
}

/** Wires IdleMemory to a server: its requests mark activity, a timer checks for quiet. */
export function releaseMemoryWhenQuiet(
  app: FastifyInstance,
  opts: IdleMemoryOptions = IDLE_MEMORY_DEFAULTS,
  heap: HeapControl = v8HeapControl,
): IdleMemory {
  const idle = new IdleMemory(opts, heap);
  app.addHook('onRequest', (request, reply, done) => {
    // A WebSocket (real-time updates) stays open for the session: not a request in flight.
    if (request.headers.upgrade === undefined) {
      idle.requestStarted();
      // 'close' comes once the answer is sent or the connection is gone, hijacked replies too.
      reply.raw.once('close', () => idle.requestEnded());
    }
    done();
  });
  const timer = setInterval(() => {
    const release = idle.tick();
    if (release) {
      const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
      app.log.debug(
        `memória liberada após período ocioso: heap ${mib(release.heapBefore)} → ${mib(release.heapAfter)} MiB em ${Math.round(release.ms)} ms`,
      );
    }
  }, opts.checkEveryMs);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
  return idle;
}
