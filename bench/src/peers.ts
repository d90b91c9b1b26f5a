import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The peers beside the records bench: the newest run of each script of ../shared/peers on this
 * machine with the same number of rows (raw results in PEERS_RESULTS, default $TMPDIR/peers/results),
 * otherwise the latest figures published in ../shared/peers/RESULTS.md (1,000,000 rows, 2026-11-29).
 */
export interface PeerRun {
  /** "Directus" or "NocoDB". */
  name: string;
  /** The database the peer ran on, as our table names it. */
  database: 'SQLite' | 'PostgreSQL';
  /** Requests per second by workload name (the peers' five). */
  rps: Record<string, number>;
  /**
   * Its resident memory at the end of its runs, MiB: the largest sample of its last workload
   * (bench-http.mjs reads VmRSS in kB and divides by 1,024; it labels the figure "MB"). Neither peer's
   * memory falls back after its runs (../shared/peers/RESULTS.md), so this is what it holds then.
   */
  rssAfterMiB: number | undefined;
  /** Where the figures come from, for the page. */
  source: string;
}

const PUBLISHED: Omit<PeerRun, 'source'>[] = [
  {
    name: 'Directus',
    database: 'SQLite',
    rps: { get_by_id: 364, list_filter_sort: 9.4, search_hit: 134, search_miss: 1.2, create: 181 },
    rssAfterMiB: 651,
  },
  {
    name: 'NocoDB',
    database: 'SQLite',
    rps: { get_by_id: 443, list_filter_sort: 3.3, search_hit: 1.4, search_miss: 1.3, create: 149 },
    rssAfterMiB: 495,
  },
  {
    name: 'Directus',
    database: 'PostgreSQL',
    rps: { get_by_id: 516, list_filter_sort: 435, search_hit: 160, search_miss: 0.66, create: 306 },
    rssAfterMiB: 663,
  },
];

const FILE_PREFIX: Record<string, string> = {
  'Directus SQLite': 'directus-sqlite-',
  'NocoDB SQLite': 'nocodb-sqlite-',
  'Directus PostgreSQL': 'directus-pg-',
};

interface RawRun {
  nRows: number;
  results: { name: string; rps: number; serverRssMaxMB?: number | null }[];
}

/** Each peer's figures for a data set of `rows` records: a run on this machine, else the published ones. */
export function peerRuns(
  rows: number,
  dir = process.env.PEERS_RESULTS ?? path.join(os.tmpdir(), 'peers', 'results'),
): PeerRun[] {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return PUBLISHED.map((published) => {
    const prefix = FILE_PREFIX[`${published.name} ${published.database}`] ?? '';
    const run = files
      .filter((f) => f.startsWith(prefix))
      .sort()
      .reverse()
      .map((f): [string, RawRun] => [f, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as RawRun])
      .find(([, r]) => r.nRows === rows);
    if (!run)
      return { ...published, source: 'published in ../shared/peers/RESULTS.md (not a run beside ours)' };
    const [file, raw] = run;
    const last = raw.results.at(-1)?.serverRssMaxMB;
    return {
      name: published.name,
      database: published.database,
      rps: Object.fromEntries(raw.results.map((r) => [r.name, Math.round(r.rps * 10) / 10])),
      rssAfterMiB: typeof last === 'number' && last > 0 ? Math.round(last) : undefined,
      source: `measured on this machine (${file}, ${rows.toLocaleString('en-US')} rows)`,
    };
  });
}

/** The better of the peers on one database for one workload: the most requests a second. */
export function betterPeer(peers: readonly PeerRun[], database: string, workload: string) {
  let best: { name: string; rps: number } | undefined;
  for (const p of peers) {
    const rps = p.rps[workload];
    if (p.database === database && rps !== undefined && (!best || rps > best.rps))
      best = { name: p.name, rps };
  }
  return best;
}

/** The better of the peers on one database for memory: the least held after its runs. */
export function leanerPeer(peers: readonly PeerRun[], database: string) {
  let best: { name: string; rssMiB: number } | undefined;
  for (const p of peers) {
    if (p.database === database && p.rssAfterMiB !== undefined && (!best || p.rssAfterMiB < best.rssMiB))
      best = { name: p.name, rssMiB: p.rssAfterMiB };
  }
  return best;
}
