/**
 * Answers read from one subject's records, cached per subject and key until the subject's next
 * write (GUIDE §4 "Counts at scale"). Any write drops the subject's entries — locally at once, and
 * on every other instance when the write's SendTalkUpdates event reaches it — and an entry is never
 * older than `maxAgeMs`, which bounds staleness should an event be missed.
 *
 * A read that began before a write committed may finish after the write dropped the entries; what
 * it read is then older than the write and is not kept. Each invalidation moves the subject's
 * generation, and an answer is kept only under the generation its read began in.
 */
export class SubjectCache<V> {
  private readonly entries = new Map<string, { value: V; at: number; subjectId: number }>();
  private readonly generations = new Map<number, number>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(maxEntries: number, maxAgeMs = 30_000) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
  }

  get(subjectId: number, key: string): V | undefined {
    const full = `${String(subjectId)}|${key}`;
    const hit = this.entries.get(full);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.maxAgeMs) {
      this.entries.delete(full);
      return undefined;
    }
    return hit.value;
  }

  /** Read before the statement runs; given back to `set` with its answer. */
  generation(subjectId: number): number {
    return this.generations.get(subjectId) ?? 0;
  }

  /** Keeps `value`, unless the subject was written since `since` was read. */
  set(subjectId: number, key: string, value: V, since: number): void {
    if (this.generation(subjectId) !== since) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(`${String(subjectId)}|${key}`, { value, at: Date.now(), subjectId });
  }

  /** The cached answer of `key`, else `read()`'s, kept for the next caller. */
  async through(subjectId: number, key: string, read: () => Promise<V>): Promise<V> {
    const known = this.get(subjectId, key);
    if (known !== undefined) return known;
    const since = this.generation(subjectId);
    const value = await read();
    this.set(subjectId, key, value, since);
    return value;
  }

  invalidate(subjectId: number): void {
    this.generations.set(subjectId, this.generation(subjectId) + 1);
    for (const [key, entry] of this.entries) if (entry.subjectId === subjectId) this.entries.delete(key);
  }
}

/** Counts of filtered pages, and the quick search's whole-word answers (records/search.ts). */
export class CountCache extends SubjectCache<number> {
  constructor(maxEntries = 2000, maxAgeMs = 30_000) {
    super(maxEntries, maxAgeMs);
  }
}

/**
 * The cache as one subject's request sees it (records.repository.ts pageTalks, search.ts
 * wholeWords). Made before the request's statements run: what they answer is kept only if the
 * subject was not written in between.
 */
export function countsOf(cache: CountCache, subjectId: number) {
  const since = cache.generation(subjectId);
  return {
    key: (compiled: string) => compiled,
    get: (key: string) => cache.get(subjectId, key),
    set: (key: string, n: number) => {
      cache.set(subjectId, key, n, since);
    },
  };
}
