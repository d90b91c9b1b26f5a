import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountCache, countsOf, SubjectCache } from './count-cache.ts';

/** A read the test finishes when it chooses: the statement whose answer arrives after a write. */
function pending<T>() {
  let finish!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe('answers cached per subject until its next write', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an answer for the next request, and drops it when the subject is written', () => {
    const cache = new CountCache();
    cache.set(1, 'todos', 40, cache.generation(1));
    cache.set(2, 'todos', 7, cache.generation(2));
    expect(cache.get(1, 'todos')).toBe(40);
    cache.invalidate(1);
    expect(cache.get(1, 'todos')).toBeUndefined();
    expect(cache.get(2, 'todos')).toBe(7);
  });

  it('does not keep a count read before a write that committed while it was read', async () => {
    const cache = new CountCache();
    // A page's request: its view of the cache is made before its count runs.
    const view = countsOf(cache, 1);
    const count = pending<number>();
    const page = count.promise.then((n) => {
      view.set('abertos', n);
      return n;
    });
    // Meanwhile another request writes a record of the subject: its commit drops the counts.
    cache.invalidate(1);
    count.finish(40);
    expect(await page).toBe(40); // the request itself answers what it read
    expect(cache.get(1, 'abertos')).toBeUndefined(); // but the next one counts again
    // A request begun after the write keeps its answer.
    const after = countsOf(cache, 1);
    after.set('abertos', 41);
    expect(cache.get(1, 'abertos')).toBe(41);
  });

  it('through: an answer read across a write is returned but not kept; another subject’s write does not matter', async () => {
    const cache = new SubjectCache<string[]>(10);
    const rows = pending<string[]>();
    const first = cache.through(1, 'por status', () => rows.promise);
    cache.invalidate(1);
    rows.finish(['antes da escrita']);
    expect(await first).toEqual(['antes da escrita']);
    expect(await cache.through(1, 'por status', () => Promise.resolve(['depois']))).toEqual(['depois']);
    expect(cache.get(1, 'por status')).toEqual(['depois']);

    const other = pending<string[]>();
    const second = cache.through(2, 'por status', () => other.promise);
    cache.invalidate(1);
    other.finish(['assunto 2']);
    await second;
    expect(cache.get(2, 'por status')).toEqual(['assunto 2']);
  });

  it('keeps at most its number of entries, the oldest dropped first, and none past its age', () => {
    const cache = new SubjectCache<number>(2, 1_000);
    cache.set(1, 'a', 1, 0);
    cache.set(1, 'b', 2, 0);
    cache.set(1, 'c', 3, 0);
    expect([cache.get(1, 'a'), cache.get(1, 'b'), cache.get(1, 'c')]).toEqual([undefined, 2, 3]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_001);
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'c')).toBeUndefined();
  });
});
