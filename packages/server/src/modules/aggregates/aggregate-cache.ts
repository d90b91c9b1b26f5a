import { SubjectCache } from '../../records/count-cache.ts';

/**
 * Aggregate results cached per subject and statement (GUIDE §4 "Counts at scale"), as the grid's
 * counts are (records/count-cache.ts): a dashboard reopened, or shown to many people of one room,
 * does not scan a million rows again. The key is the statement with its parameters — the account's
 * row condition among them — so two accounts share an entry only when they read the same rows. Any
 * write to a subject drops its entries (locally at once, on other instances with the write's
 * SendTalkUpdates); an entry is also never older than `maxAgeMs`. Only rows are kept: labels are
 * named for each account.
 */
export class AggregateCache extends SubjectCache<unknown> {
  constructor(maxEntries = 500, maxAgeMs = 30_000) {
    super(maxEntries, maxAgeMs);
  }

  /** Each statement's rows are of the type its caller reads them as. */
  override through<T>(subjectId: number, key: string, read: () => Promise<T>): Promise<T> {
    return super.through(subjectId, key, read) as Promise<T>;
  }
}
