import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fireLoad, pinningNote, WARMUP_SECONDS } from './cannon.ts';
import { rssOnceQuiet, startServer, withBenchSchema, type RunningServer } from './server.ts';

/**
 * `npm run bench`: starts real servers (SQLite; PostgreSQL too when BENCH_DATABASE_URL is set),
 * drives each workload with autocannon (cannon.ts) and writes bench/RESULTS.md. Figures are reported, never
 * asserted. BENCH_SECONDS sets each workload's duration (default 10).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const adminEmail = 'bench@talkbase.test';
const adminPassword = 'Bench-Password-123';

interface Row {
  database: string;
  workload: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(title: string, opts: { url: string; method?: 'GET' | 'POST'; body?: string }) {
  const url = new URL(opts.url);
  const result = await fireLoad({
    url: url.origin,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    workload: {
      factory: 'fixed',
      args: { method: opts.method ?? 'GET', path: url.pathname, ...(opts.body ? { body: opts.body } : {}) },
    },
  });
  process.stdout.write(`${title}: ${result.rps} req/s, p99 ${result.p99} ms\n`);
  return { rps: result.rps, p50: result.p50, p99: result.p99, errors: result.errors };
}

async function benchOne(
  database: string,
  env: Record<string, string>,
): Promise<{ rows: Row[]; rss: number; rssQuiet: number }> {
  const server: RunningServer = await startServer({
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    // The bench signs in far more often than a person would.
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    ...env,
  });
  const rows: Row[] = [];
  try {
    const login = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };

    rows.push({
      database,
      workload: 'GET /api/health',
      ...(await drive('health', { url: `${server.url}/api/health` })),
    });
    rows.push({
      database,
      workload: 'POST /api/account/login (argon2id)',
      ...(await drive('login', {
        url: `${server.url}/api/account/login`,
        method: 'POST',
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      })),
    });
    rows.push({
      database,
      workload: 'POST /api/account/refresh',
      ...(await drive('refresh', {
        url: `${server.url}/api/account/refresh`,
        method: 'POST',
        body: JSON.stringify({ token }),
      })),
    });
    return { rows, rss: server.rssMiB(), rssQuiet: await rssOnceQuiet(server) };
  } finally {
    await server.stop();
  }
}

const results: { rows: Row[]; rss: number; rssQuiet: number; database: string }[] = [];
results.push({ database: 'SQLite', ...(await benchOne('SQLite', { DATABASE_URL: '' })) });
if (process.env.BENCH_DATABASE_URL) {
  const pgResult = await withBenchSchema(process.env.BENCH_DATABASE_URL, 'bench', (url) =>
    benchOne('PostgreSQL', { DATABASE_URL: url }),
  );
  results.push({ database: 'PostgreSQL', ...pgResult });
}

const table = [
  '| database | workload | requests/s | p50 ms | p99 ms | errors |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...results
    .flatMap((r) => r.rows)
    .map((r) => `| ${r.database} | ${r.workload} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
].join('\n');
const memory = results
  .map(
    (r) =>
      `- ${r.database}: server resident memory right after the run ${r.rss} MiB, once quiet ${r.rssQuiet} MiB`,
  )
  .join('\n');

const doc = `# Bench results

Written by \`npm run bench\` (bench/src/run.ts); never edited by hand. ${connections} connections, ${seconds} s per workload after ${WARMUP_SECONDS} s of warm-up,
${pinningNote} (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}).
Measured ${new Date().toISOString()}.

${table}

${memory}

Sign-in is bound by argon2id (19 MiB, 2 iterations) with at most 2 hashes at once by design; a login flood
queues, then gets 503, rather than exhausting memory.

Set \`BENCH_DATABASE_URL=postgres://…\` to add the PostgreSQL rows, \`BENCH_SECONDS\` to change the duration.
`;
// Sections other scripts write below this one (grid.ts, records.ts) start at their markers: kept.
const resultsFile = path.join(import.meta.dirname, '..', 'RESULTS.md');
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const others = previous.indexOf('\n<!-- ');
fs.writeFileSync(resultsFile, others < 0 ? doc : `${doc}${previous.slice(others)}`);
process.stdout.write(`${table}\n\n${memory}\n`);
