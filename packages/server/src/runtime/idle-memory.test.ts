import { describe, expect, it } from 'vitest';
import { IdleMemory, type HeapControl } from './idle-memory.ts';

const MiB = 2 ** 20;

/** V8's side played by hand: a clock, a committed heap size, and a collection that shrinks it to `live`. */
function heap(start: { heap: number; live: number }) {
  const state = { now: 0, heap: start.heap * MiB, live: start.live * MiB, collections: 0 };
  const control: HeapControl = {
    now: () => state.now,
    committedHeapBytes: () => state.heap,
    collect: () => {
      state.collections++;
      state.heap = state.live;
    },
  };
  return { state, control };
}

const opts = { quietMs: 5_000, minGrowthBytes: 16 * MiB, checkEveryMs: 1_000 };

describe('giving memory back when the server is quiet', () => {
  it('collects once the server has been quiet for the quiet period, once per quiet period', () => {
    const { state, control } = heap({ heap: 110, live: 38 });
    const idle = new IdleMemory(opts, control);
    idle.requestStarted();
    state.now = 10;
    idle.requestEnded();
    state.now = 4_000;
    expect(idle.tick()).toBeUndefined();
    state.now = 5_010;
    expect(idle.tick()).toMatchObject({ heapBefore: 110 * MiB, heapAfter: 38 * MiB });
    state.now = 20_000;
    expect(idle.tick()).toBeUndefined();
    expect(state.collections).toBe(1);
  });

  it('never collects while a request is in flight, however long it takes', () => {
    const { state, control } = heap({ heap: 110, live: 38 });
    const idle = new IdleMemory(opts, control);
    idle.requestStarted();
    state.now = 60_000;
    expect(idle.tick()).toBeUndefined();
    idle.requestEnded();
    state.now = 64_000;
    expect(idle.tick()).toBeUndefined();
    state.now = 65_000;
    expect(idle.tick()).toBeDefined();
  });

  it('after a release, collects again only when the heap has grown by the threshold', () => {
    const { state, control } = heap({ heap: 110, live: 40 });
    const idle = new IdleMemory(opts, control);
    state.now = 5_000;
    expect(idle.tick()).toBeDefined();
    // A little work: the heap grows by less than 16 MiB, no pause for so little.
    idle.requestStarted();
    idle.requestEnded();
    state.heap = 50 * MiB;
    state.now = 11_000;
    expect(idle.tick()).toBeUndefined();
    // A burst: 30 MiB more than after the release.
    idle.requestStarted();
    state.heap = 70 * MiB;
    state.now = 12_000;
    idle.requestEnded();
    state.now = 17_000;
    expect(idle.tick()).toMatchObject({ heapBefore: 70 * MiB, heapAfter: 40 * MiB });
    expect(state.collections).toBe(2);
  });

  it('counts requests that overlap: quiet starts when the last one ends', () => {
    const { state, control } = heap({ heap: 110, live: 40 });
    const idle = new IdleMemory(opts, control);
    idle.requestStarted();
    idle.requestStarted();
    state.now = 1_000;
    idle.requestEnded();
    state.now = 7_000;
    expect(idle.tick()).toBeUndefined();
    idle.requestEnded();
    state.now = 11_000;
    expect(idle.tick()).toBeUndefined();
    state.now = 12_000;
    expect(idle.tick()).toBeDefined();
  });
});
