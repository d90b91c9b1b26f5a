/**
 * Named lanes of in-process background work, each with a concurrency of its own: a task waits only
 * for tasks of its own lane, so a lane of long tasks (an automation's run over 100,000 records)
 * never holds a lane of short ones (runs on one record's event). Tasks of a lane start in the
 * order they were given.
 *
 * This is only the in-process half. Which instance does a piece of work is decided by the database
 * (a claim with a lease, `FOR UPDATE SKIP LOCKED` on PostgreSQL), so a lane takes only what it has
 * room for: callers ask `free(lane)` before claiming.
 */
/** What a piece of background work needs of the runner: its own lane's slots. */
export interface LaneRunner<Name extends string> {
  run<T>(name: Name, task: () => Promise<T>): Promise<T>;
  free(name: Name): number;
  size(name: Name): number;
  idle(name?: Name): Promise<void>;
}

export class Lanes<Name extends string> implements LaneRunner<Name> {
  readonly #lanes = new Map<Name, Lane>();

  constructor(concurrency: Record<Name, number>) {
    for (const [name, n] of Object.entries(concurrency) as [Name, number][]) {
      if (!Number.isInteger(n) || n < 1) throw new Error(`lane ${name}: concurrency must be ≥ 1`);
      this.#lanes.set(name, { concurrency: n, active: 0, queue: [], idle: [] });
    }
  }

  #lane(name: Name): Lane {
    const lane = this.#lanes.get(name);
    if (!lane) throw new Error(`unknown lane ${name}`);
    return lane;
  }

  /** Runs `task` in `lane` as soon as one of its slots is free; answers (or throws) what it does. */
  run<T>(name: Name, task: () => Promise<T>): Promise<T> {
    const lane = this.#lane(name);
    return new Promise<T>((resolve, reject) => {
      lane.queue.push(() => (async () => task())().then(resolve, reject));
      this.#next(lane);
    });
  }

  /** Slots of `lane` that no task holds or waits for. */
  free(name: Name): number {
    const lane = this.#lane(name);
    return Math.max(0, lane.concurrency - lane.active - lane.queue.length);
  }

  /** Tasks of `lane` running or waiting. */
  size(name: Name): number {
    const lane = this.#lane(name);
    return lane.active + lane.queue.length;
  }

  /** Resolves once `lane` (every lane when none is named) has nothing running or waiting. */
  async idle(name?: Name): Promise<void> {
    const lanes = name === undefined ? [...this.#lanes.values()] : [this.#lane(name)];
    await Promise.all(
      lanes.map((lane) =>
        lane.active + lane.queue.length === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => lane.idle.push(resolve)),
      ),
    );
  }

  #next(lane: Lane): void {
    while (lane.active < lane.concurrency && lane.queue.length > 0) {
      const start = lane.queue.shift();
      if (!start) break;
      lane.active += 1;
      void start().finally(() => {
        lane.active -= 1;
        this.#next(lane);
        if (lane.active + lane.queue.length === 0) for (const wake of lane.idle.splice(0)) wake();
      });
    }
  }
}

interface Lane {
  concurrency: number;
  active: number;
  queue: (() => Promise<void>)[];
  idle: (() => void)[];
}
