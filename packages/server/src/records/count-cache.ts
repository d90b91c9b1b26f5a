/**
 * Counts of filtered pages, cached per subject and filter (GUIDE §4 "Counts at scale"): turning a
 * page does not recount a million rows. Any write to a subject drops its counts — locally at once,
 * and on every other instance when the write's SendTalkUpdates event reaches it. A count is also
 * never older than `maxAgeMs`, which bounds staleness should an event be missed.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: number; at: number; subjectId: number }>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(maxEntries = 2000, maxAgeMs = 30_000) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
  }

  get(subjectId: number, key: string): number | undefined {
    const hit = this.entries.get(`${subjectId}|${key}`);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.maxAgeMs) {
      this.entries.delete(`${subjectId}|${key}`);
      return undefined;
    }
    return hit.count;
  }

  set(subjectId: number, key: string, count: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(`${subjectId}|${key}`, { count, at: Date.now(), subjectId });
  }

  invalidate(subjectId: number): void {
    for (const [key, entry] of this.entries) if (entry.subjectId === subjectId) this.entries.delete(key);
  }
}

/** The cache as one subject's page query sees it (records.repository.ts pageTalks). */
export function countsOf(cache: CountCache, subjectId: number) {
  return {
    key: (compiled: string) => compiled,
    get: (key: string) => cache.get(subjectId, key),
    set: (key: string, n: number) => {
      cache.set(subjectId, key, n);
    },
  };
}
