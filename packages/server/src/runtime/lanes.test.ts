import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes.ts';

/** A task that runs until `release()` is called. */
function held() {
  let release = () => {};
  const done = new Promise<void>((r) => (release = r));
  return { release: () => release(), task: () => done };
}

describe('lanes', () => {
  it('keeps to each lane’s concurrency, and a full lane never holds another', async () => {
    const lanes = new Lanes({ slow: 1, fast: 2 });
    const long = held();
    const order: string[] = [];
    const first = lanes.run('slow', async () => {
      await long.task();
      order.push('slow 1');
    });
    const second = lanes.run('slow', () => {
      order.push('slow 2');
      return Promise.resolve();
    });
    expect(lanes.free('slow')).toBe(0);
    expect(lanes.size('slow')).toBe(2);
    expect(lanes.free('fast')).toBe(2);
    const answers = await Promise.all([1, 2, 3].map((n) => lanes.run('fast', () => Promise.resolve(n))));
    expect(answers).toEqual([1, 2, 3]);
    expect(order).toEqual([]); // the slow lane is still held
    long.release();
    await Promise.all([first, second]);
    expect(order).toEqual(['slow 1', 'slow 2']);
    expect(lanes.free('slow')).toBe(1);
  });

  it('runs at most `concurrency` at once, in order; idle waits for the lane to empty; errors reach the caller', async () => {
    const lanes = new Lanes({ work: 2 });
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      lanes.run('work', async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setImmediate(r));
        running -= 1;
      }),
    );
    await lanes.idle('work');
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await expect(
      lanes.run('work', () => {
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    await lanes.idle();
    expect(lanes.size('work')).toBe(0);
    expect(() => new Lanes({ none: 0 })).toThrow();
  });
});
