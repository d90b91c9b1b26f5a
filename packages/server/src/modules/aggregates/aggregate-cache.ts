/**
 * Aggregate results cached per subject and statement (GUIDE §4 "Counts at scale"), as the grid's
 * counts are (records/count-cache.ts): a dashboard reopened, or shown to many people of one room,
 * does not scan a million rows again. The key is the statement with its parameters — the account's
 * row condition among them — so two accounts share an entry only when they read the same rows. Any
 * write to a subject drops its entries (locally at once, on other instances with the write's
 * SendTalkUpdates); an entry is also never older than `maxAgeMs`. Only rows are kept: labels are
 * named for each account.
 */
export class AggregateCache {
  private readonly entries = new Map<string, { rows: unknown; at: number; subjectId: number }>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  /** Bumped by every invalidation of a subject: a read begun before it is not kept. */
  private readonly generations = new Map<number, number>();

  constructor(maxEntries = 500, maxAgeMs = 30_000) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
  }

  /** The cached answer of `key`, else `read()`'s, kept for the next caller. */
  async through<T>(subjectId: number, key: string, read: () => Promise<T>): Promise<T> {
    const full = `${String(subjectId)}|${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at <= this.maxAgeMs) return hit.rows as T;
    if (hit) this.entries.delete(full);
    const generation = this.generations.get(subjectId) ?? 0;
    const rows = await read();
    if ((this.generations.get(subjectId) ?? 0) !== generation) return rows;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(full, { rows, at: Date.now(), subjectId });
    return rows;
  }

  invalidate(subjectId: number): void {
    this.generations.set(subjectId, (this.generations.get(subjectId) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.subjectId === subjectId) this.entries.delete(key);
  }
}
