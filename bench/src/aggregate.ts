import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { fireLoad, pinningNote, WARMUP_SECONDS } from './cannon.ts';
import { RECORDS_ADMIN } from './records-workloads.ts';
import { writeResultsSection } from './results.ts';
import { startServer, withBenchSchema, type RunningServer } from './server.ts';
import {
  api,
  benchEnv,
  createSubject,
  loadPostgresRows,
  loadSqliteRows,
  signIn,
  type CreatedSubject,
} from './setup.ts';
import { peerTickets, TICKET_ATTRIBUTES, ticketRow } from './workloads.ts';

/**
 * `npm run bench:aggregate` (issue 38 item 1): POST /api/talk/aggregate/chamado over the records
 * bench's data set — N tickets (BENCH_ROWS, default 1,000,000) from the peer's generator in the
 * same `chamado` subject — on SQLite, and on PostgreSQL with BENCH_DATABASE_URL. Each workload runs
 * with 1 connection (the latency of one request) and with 10 (requests queue on the server's core).
 * The query plan of the count by status is written beside the figures. Figures are reported, never
 * asserted.
 */
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ticket = await peerTickets();
const admin = RECORDS_ADMIN;
const env = benchEnv(admin);

const WORKLOADS: { name: string; body: Record<string, unknown> }[] = [
  { name: 'count by status', body: { groupBy: [{ attribute: 'situacao' }] } },
  {
    name: 'count and sum of valor by priority',
    body: {
      groupBy: [{ attribute: 'prioridade' }],
      measures: [{ fn: 'count' }, { fn: 'sum', attribute: 'valor' }],
    },
  },
  { name: 'count by month opened', body: { groupBy: [{ attribute: 'abertura', bucket: 'month' }] } },
  {
    name: 'count by status, priority = 1',
    body: {
      groupBy: [{ attribute: 'situacao' }],
      filterJson: { attribute: 'prioridade', operator: 'equal', value: 1 },
    },
  },
];

interface Row {
  database: string;
  workload: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(server: RunningServer, token: string, database: string): Promise<Row[]> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const rows: Row[] = [];
  for (const w of WORKLOADS) {
    const answer = await api(server, token, 'POST', '/api/talk/aggregate/chamado', w.body);
    process.stdout.write(`${database} ${w.name}: ${JSON.stringify(answer).slice(0, 300)}\n`);
    for (const connections of [1, 10]) {
      const r = await fireLoad({
        url: server.url,
        connections,
        duration: SECONDS,
        headers,
        workload: {
          factory: 'fixed',
          args: { method: 'POST', path: '/api/talk/aggregate/chamado', body: JSON.stringify(w.body) },
        },
      });
      rows.push({
        database,
        workload: w.name,
        connections,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        errors: r.errors,
      });
      process.stdout.write(
        `  ${connections} conn: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}\n`,
      );
    }
  }
  return rows;
}

/** The statement of the count by status, as modules/aggregates sends it for an administrator. */
function countByStatus(subject: CreatedSubject): string {
  const status = subject.columns[1] ?? '';
  return `select * from (select t.${status} as k0, count(*) as m0a from subject_${String(subject.id)} as t where t.is_active = 1 group by 1) as g order by (g.k0 is null), g.k0 limit 1001`;
}

const STATEMENT_RUNS = 30;

/** p50 and p99 (ms) of `run` over STATEMENT_RUNS runs, after one unmeasured. */
async function timed(run: () => unknown): Promise<{ p50: number; p99: number }> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < STATEMENT_RUNS; i++) {
    const started = process.hrtime.bigint();
    await run();
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0);
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * The count by status's statement run straight on the database, uncached (what a request costs the
 * first time, or after a write to the subject), and its plan.
 */
async function statementOf(dataDir: string, url: string | undefined, subject: CreatedSubject) {
  const query = countByStatus(subject);
  if (!url) {
    const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'), { readonly: true });
    const plan = (db.prepare(`explain query plan ${query}`).all() as { detail: string }[]).map(
      (p) => p.detail,
    );
    const statement = db.prepare(query);
    const times = await timed(() => statement.all());
    db.close();
    return { plan: plan.join('; '), ...times };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`)).rows.map((p) =>
    p['QUERY PLAN'].trim(),
  );
  const times = await timed(() => client.query(query));
  await client.end();
  return { plan: plan.join(' / '), ...times };
}

async function benchDatabase(database: string, url: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-aggregate-'));
  const extra = { DATABASE_URL: url ?? '' };
  let server = await startServer({ ...env, ...extra }, { dataDir, keepData: true });
  const subject = await createSubject(server, await signIn(server, admin), {
    identifier: 'chamado',
    name: 'Chamado',
    attributes: TICKET_ATTRIBUTES,
  });
  await server.stop();
  const started = Date.now();
  const row = (id: number) => ticketRow(ticket(id));
  if (url) await loadPostgresRows(url, subject, N, row);
  else loadSqliteRows(path.join(dataDir, 'talkbase.db'), subject, N, row);
  const loadSeconds = (Date.now() - started) / 1000;
  process.stdout.write(`${database}: ${N} rows loaded in ${loadSeconds.toFixed(1)} s\n`);
  server = await startServer({ ...env, ...extra }, { dataDir, keepData: true });
  const token = await signIn(server, admin);
  const rows = await drive(server, token, database);
  await server.stop();
  const statement = await statementOf(dataDir, url, subject);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rows, statement, loadSeconds };
}

const loadBefore = os.loadavg()[0] ?? 0;
const results: {
  database: string;
  rows: Row[];
  statement: { plan: string; p50: number; p99: number };
  loadSeconds: number;
}[] = [];
if (process.env.BENCH_SKIP_SQLITE !== '1')
  results.push({ database: 'SQLite', ...(await benchDatabase('SQLite', undefined)) });
if (process.env.BENCH_DATABASE_URL)
  results.push({
    database: 'PostgreSQL',
    ...(await withBenchSchema(process.env.BENCH_DATABASE_URL, 'aggregate', (url) =>
      benchDatabase('PostgreSQL', url),
    )),
  });

const TARGET_MS = 100;
const verdict = (p99: number) => `p99 ≤ ${String(TARGET_MS)} ms: ${p99 <= TARGET_MS ? 'met' : 'missed'}`;
const table = [
  '| database | workload | connections | requests/s | p50 ms | p99 ms | errors | issue 38 target |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...results.flatMap((r) => [
    `| ${r.database} | count by status, the statement alone, uncached (${String(STATEMENT_RUNS)} runs) | 1 | — | ${String(r.statement.p50)} | ${String(r.statement.p99)} | 0 | ${verdict(r.statement.p99)} |`,
    ...r.rows.map((w) => {
      const target = w.workload === 'count by status' && w.connections === 1 ? verdict(w.p99) : '';
      return `| ${w.database} | ${w.workload} | ${String(w.connections)} | ${String(w.rps)} | ${String(w.p50)} | ${String(w.p99)} | ${String(w.errors)} | ${target} |`;
    }),
  ]),
].join('\n');
const plans = results
  .map((r) => `- ${r.database} (${r.loadSeconds.toFixed(0)} s to load): \`${r.statement.plan}\``)
  .join('\n');
const doc = `## Aggregates at scale (issue 38, \`npm run bench:aggregate\`)

Written by \`npm run bench:aggregate\` (bench/src/aggregate.ts) on ${new Date().toISOString()}; never edited by hand.
${N.toLocaleString('en-US')} tickets of the records bench's data set (the peer's generator) in a \`chamado\` subject.
First row of each database: the count by status's statement as the server sends it, run straight on the database
${String(STATEMENT_RUNS)} times with no cache (what the first request costs, and the first after any write to the subject).
Then POST /api/talk/aggregate/chamado through the server, each workload ${String(SECONDS)} s after ${String(WARMUP_SECONDS)} s of warm-up,
with 1 connection (one request's latency) and with 10 (requests queue on the server's one thread). Through the
server, repeated identical requests are answered from the aggregate cache (modules/aggregates/aggregate-cache.ts,
dropped by any write to the subject and after 30 s), so those rows measure the served path, not the scan.
${pinningNote}; 1-minute load average ${loadBefore.toFixed(1)} before and ${(os.loadavg()[0] ?? 0).toFixed(1)} after (other work shared the machine when high); ${String(os.cpus().length)} cores, Node ${process.version}.

${table}

Query plan of the count by status:
${plans}
`;
writeResultsSection('aggregate', doc);
process.stdout.write(`\n${doc}\n`);
