import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { resultsBlock, writeResultsSection } from './results.ts';
import { sampleRss, startServer, withBenchSchema, type RunningServer } from './server.ts';

/**
 * `npm run bench:automations` (issue 16, Performance and Reliability); figures in the automations
 * section of bench/RESULTS.md, never asserted.
 *
 * 1. Throughput (SQLite): a job "on create, SetTalkValueByEvent nota = ok"; WRITERS connections
 *    create CREATES records as fast as the server answers. Reported: the creates' p50/p99 while the
 *    automations run, and automation runs per second end to end (first create sent → last run
 *    finished, and the runs' own span).
 *    NO_JOB=1 measures the same creates without any automation (a baseline; skips the other parts).
 * 2. kill -9, on SQLite and on PostgreSQL: the same job; writers create KILL_WRITES records in all,
 *    the server is killed with SIGKILL half-way and restarted on the same data; after the worker
 *    drained, every acknowledged record must carry the value exactly once: lost = acknowledged
 *    records without it, doubled = records written more than once (a version past 2: the creation
 *    and the automation's write; or more than one change of the value in talk_changes) or that have
 *    more than one run. PostgreSQL: a schema of its own in BENCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/postgres), made and dropped by the bench; not measured
 *    (said so in the table) when no server answers there.
 * 3. Run on existing records (SQLite): EXISTING records (default 100,000) written straight into the
 *    database with the server stopped, then the job's run on existing records (POST
 *    /api/job/{jobId}/run), its progress polled (GET /api/job/run/{runId}); the server's RSS sampled
 *    every 50 ms. Reported: time, records changed, idle RSS, peak RSS growth (the run's first and
 *    second half apart: flat memory means the second half grows no more than the first), and
 *    whether every record got the value exactly once.
 * 4. Schedule: a job every minute; ms from its slot to the run created, started and finished.
 *
 * ONLY=schedule | kill-pg | existing runs that part alone: schedule writes its own section
 * (automations-schedule), kill-pg and existing replace their own table inside the automations
 * section. KILL=0 skips both kill -9 parts.
 */
const WRITERS = Number(process.env.WRITERS ?? 8);
const CREATES = Number(process.env.CREATES ?? 3000);
const KILL_WRITES = Number(process.env.KILL_WRITES ?? 5000);
const EXISTING = Number(process.env.EXISTING ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = { email: 'automations@talkbase.test', password: 'Automations-Bench-2026' };
const env = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  AUTOMATIONS_POLL_MS: '100',
  DATABASE_URL: '',
};

async function call(
  server: RunningServer,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

async function login(server: RunningServer): Promise<string> {
  return (await call(server, null, 'POST', '/api/account/login', admin)).token as string;
}

interface SetUp {
  subjectId: number;
  nota: number;
  /** 0 with NO_JOB=1. */
  jobId: number;
}

/** The subject and the job (the job unless NO_JOB=1). */
async function setUp(server: RunningServer, token: string): Promise<SetUp> {
  const subject = (await call(server, token, 'POST', '/api/subject', {
    identifier: 'pedido',
    name: 'Pedido',
    attributes: [
      { identifier: 'titulo', name: 'Título', componentId: 1 },
      { identifier: 'nota', name: 'Nota', componentId: 1 },
    ],
  })) as { subjectId: number; subjectAttributes: { subjectAttributeId: number; identifier: string }[] };
  const sid = subject.subjectId;
  const nota = subject.subjectAttributes.find((a) => a.identifier === 'nota')?.subjectAttributeId ?? 0;
  if (process.env.NO_JOB === '1') return { subjectId: sid, nota, jobId: 0 };
  const job = await call(server, token, 'POST', '/api/job', {
    name: 'Marcar na criação',
    events: [
      {
        name: 'Criação',
        steps: [
          { eventStepType: 5, subjectId: sid, filterName: 'Todos', filter: { condition: 'E', rules: [] } },
        ],
      },
    ],
    works: [
      {
        name: 'Marcar',
        steps: [
          {
            workStepType: 'SetTalkValueByEvent',
            name: 'Nota',
            configs: [{ subjectId: sid, subjectAttributeId: nota, value: 'ok', setAttributeValueType: 1 }],
          },
        ],
      },
    ],
  });
  return { subjectId: sid, nota, jobId: Number(job.jobId) };
}

/**
 * Read-only queries on the server's database, SQLite (its file) or PostgreSQL (`databaseUrl`):
 * `?` placeholders, numbers answered as numbers.
 */
interface Probe {
  all(sql: string, ...params: unknown[]): Promise<Record<string, number | string | null>[]>;
  /** The first row's `n`. */
  count(sql: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

async function openProbe(dataDir: string, databaseUrl: string | null): Promise<Probe> {
  let all: Probe['all'];
  let close: () => Promise<void>;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    all = async (sql, ...params) => {
      let i = 0;
      const res = await client.query(
        sql.replace(/\?/g, () => `$${++i}`),
        params,
      );
      // bigint and numeric come as text; every figure here is a count or an id.
      return (res.rows as Record<string, unknown>[]).map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : (v as string | number | null),
          ]),
        ),
      );
    };
    close = () => client.end();
  } else {
    const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'), { readonly: true, timeout: 10_000 });
    all = (sql, ...params) =>
      Promise.resolve(db.prepare(sql).all(...params) as Record<string, number | string | null>[]);
    close = () => Promise.resolve(void db.close());
  }
  return {
    all,
    async count(sql, ...params) {
      return Number((await all(sql, ...params))[0]?.n ?? 0);
    },
    close,
  };
}

/** WRITERS concurrent loops creating records until `total` were sent; ids of the acknowledged ones. */
async function createRecords(
  server: RunningServer,
  token: string,
  total: number,
  latencies: number[],
  acked: number[],
  stopOn?: () => boolean,
): Promise<number> {
  let sent = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (sent < total && !stopOn?.()) {
        const n = sent++;
        const t0 = performance.now();
        try {
          const r = await call(server, token, 'POST', '/api/talk/pedido', {
            talkValues: [{ subjectAttributeIdentifier: 'titulo', value: `Pedido ${n}` }],
          });
          latencies.push(performance.now() - t0);
          acked.push(Number(r.resourceId));
        } catch {
          failed += 1;
          if (stopOn) return; // the server went away
        }
      }
    }),
  );
  return failed;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

/** Waits until `expected` runs have ended and none is pending or running; answers the ended ones. */
async function waitForRuns(probe: Probe, expected: number, timeoutMs = 600_000): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const [row] = await probe.all(
      `select sum(case when status in ('succeeded', 'failed', 'cancelled') then 1 else 0 end) as ended,
        sum(case when status in ('pending', 'running') then 1 else 0 end) as open from automation_runs`,
    );
    const ended = Number(row?.ended ?? 0);
    if ((ended >= expected && Number(row?.open ?? 0) === 0) || Date.now() - t0 > timeoutMs) return ended;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function throughput(): Promise<string> {
  const server = await startServer(env);
  const probe = await openProbe(server.dataDir, null);
  try {
    const token = await login(server);
    await setUp(server, token);
    const latencies: number[] = [];
    const acked: number[] = [];
    const t0 = Date.now();
    const failed = await createRecords(server, token, CREATES, latencies, acked);
    const createsDone = Date.now();
    const finished = process.env.NO_JOB === '1' ? 0 : await waitForRuns(probe, acked.length);
    const t1 = Date.now();
    const [span] = await probe.all(
      `select min(created_at) as a, max(finished_at) as b, count(*) as n,
        sum(case when status = 'succeeded' then 1 else 0 end) as ok from automation_runs`,
    );
    const endToEnd = acked.length / ((t1 - t0) / 1000);
    const runsSpan = Number(span?.n ?? 0) / Math.max(0.001, (Number(span?.b) - Number(span?.a)) / 1000);
    return [
      `### Throughput (SQLite, ${WRITERS} writers, ${CREATES} creates)`,
      '',
      `| figure | value |`,
      `|---|---|`,
      `| creates acknowledged / failed | ${acked.length} / ${failed} |`,
      `| creates p50 / p99 (ms) while automations run | ${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 99).toFixed(1)} |`,
      `| creates per second | ${(acked.length / ((createsDone - t0) / 1000)).toFixed(0)} |`,
      `| runs finished / succeeded | ${finished} / ${Number(span?.ok ?? 0)} |`,
      `| automation runs per second, first create → last run finished | ${endToEnd.toFixed(0)} |`,
      `| automation runs per second, first run created → last run finished | ${runsSpan.toFixed(0)} |`,
    ].join('\n');
  } finally {
    await probe.close();
    await server.stop();
  }
}

/**
 * Records written more than once by the automation: a version past `version` (what the creation
 * or the load plus one automation write make), or more than one change of `nota` in talk_changes.
 */
async function doubledWrites(probe: Probe, s: SetUp, version: number): Promise<number> {
  const byVersion = await probe.all(`select id from subject_${s.subjectId} where version > ?`, version);
  const byChanges = await probe.all(
    `select talk_id as id from talk_changes where subject_id = ? and attribute_id = ? and action = 'updated'
      group by talk_id having count(*) > 1`,
    s.subjectId,
    s.nota,
  );
  return new Set([...byVersion, ...byChanges].map((r) => Number(r.id))).size;
}

/** kill -9 half-way through KILL_WRITES triggering creates, on SQLite or on PostgreSQL. */
async function killNine(label: 'SQLite' | 'PostgreSQL', databaseUrl: string | null): Promise<string> {
  const serverEnv = { ...env, DATABASE_URL: databaseUrl ?? '' };
  let server = await startServer(serverEnv, { keepData: true });
  const dataDir = server.dataDir;
  const token = await login(server);
  const s = await setUp(server, token);
  const latencies: number[] = [];
  const acked: number[] = [];
  const half = Math.floor(KILL_WRITES / 2);
  let killed = false;
  const writing = createRecords(server, token, KILL_WRITES, latencies, acked, () => killed);
  while (acked.length < half) await new Promise((r) => setTimeout(r, 5));
  await server.kill();
  killed = true;
  const failedBefore = await writing;
  const ackedBefore = acked.length;
  server = await startServer(serverEnv, { dataDir, keepData: true });
  const token2 = await login(server);
  const failedAfter = await createRecords(server, token2, KILL_WRITES - ackedBefore, latencies, acked);
  let probe = await openProbe(dataDir, databaseUrl);
  await waitForRuns(probe, acked.length);
  await probe.close();
  // Let the worker settle (a run left 'running' by the kill is taken again when its lease ends).
  await new Promise((r) => setTimeout(r, 1000));
  await server.stop();
  probe = await openProbe(dataDir, databaseUrl);
  const col = `a_${s.nota}`;
  const values = new Map(
    (await probe.all(`select id, ${col} as v from subject_${s.subjectId}`)).map((r) => [Number(r.id), r.v]),
  );
  const missing = acked.filter((id) => values.get(id) !== 'ok').length;
  const doubled = await doubledWrites(probe, s, 2);
  const doubledRuns = await probe.count(
    `select count(*) as n from (select talk_id from automation_runs group by job_id, talk_id having count(*) > 1) d`,
  );
  const stillOpen = await probe.count(
    `select count(*) as n from automation_runs where status in ('pending', 'running')`,
  );
  await probe.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    `### kill -9 during ${KILL_WRITES} triggering writes (${label})`,
    '',
    `| figure | value |`,
    `|---|---|`,
    `| acknowledged before the kill / after the restart | ${ackedBefore} / ${acked.length - ackedBefore} |`,
    `| writes refused or cut by the kill | ${failedBefore + failedAfter} |`,
    `| records in the database | ${values.size} |`,
    `| acknowledged records without their automation (lost) | ${missing} |`,
    `| records whose value was written twice (doubled) | ${doubled} |`,
    `| records with more than one run | ${doubledRuns} |`,
    `| runs still pending or running at the end | ${stillOpen} |`,
  ].join('\n');
}

/** The kill -9 part on PostgreSQL, in a schema of its own; said not measured when none answers. */
async function killNinePostgres(): Promise<string> {
  const where = new URL(PG_URL);
  where.password = '';
  try {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    await client.connect();
    await client.end();
  } catch (err) {
    process.stderr.write(`PostgreSQL at ${where.host}: ${String(err)}\n`);
    return [
      `### kill -9 during ${KILL_WRITES} triggering writes (PostgreSQL)`,
      '',
      `Not measured: no PostgreSQL answered at ${where.host} (BENCH_DATABASE_URL).`,
    ].join('\n');
  }
  return withBenchSchema(PG_URL, 'automations', (url) => killNine('PostgreSQL', url));
}

/** EXISTING `pedido` records straight into the SQLite file (server stopped), in one transaction. */
function loadExisting(dataDir: string, s: SetUp): number {
  const started = Date.now();
  const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // a bulk load: durability comes from the final checkpoint
  const titulo = (
    db
      .prepare(`select id from attributes where subject_id = ? and identifier = 'titulo'`)
      .get(s.subjectId) as { id: number }
  ).id;
  const insert = db.prepare(
    `insert into subject_${s.subjectId} (id, is_active, version, created_at, created_by, updated_at, updated_by, search_text, a_${titulo})
      values (?, 1, 1, ?, 1, ?, 1, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let id = 1; id <= EXISTING; id++) insert.run(id, now, now, `pedido ${id}`, `Pedido ${id}`);
  })();
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return (Date.now() - started) / 1000;
}

interface RunDetail {
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress?: { done: number; total: number | null };
  steps: { status: string; error: string | null }[];
}

/** Idle RSS, then the job's run on existing records with the RSS sampled, until the run ended. */
async function measureRun(server: RunningServer, jobId: number) {
  const token = await login(server);
  // Warm up (catalogue, a page of the subject), then the idle RSS.
  await call(server, token, 'POST', '/api/talk/filter/pedido', { fetch: 10 });
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = server.rssMiB();
  let stopRss = sampleRss(server);
  const t0 = Date.now();
  const { runId } = (await call(server, token, 'POST', `/api/job/${jobId}/run`, {})) as { runId: number };
  let firstHalfPeak: number | null = null;
  let run: RunDetail;
  for (;;) {
    run = (await call(server, token, 'GET', `/api/job/run/${runId}`)) as unknown as RunDetail;
    const { done = 0, total = null } = run.progress ?? {};
    if (firstHalfPeak === null && total !== null && done * 2 >= total) {
      firstHalfPeak = stopRss();
      stopRss = sampleRss(server);
    }
    if (run.status !== 'pending' && run.status !== 'running') break;
    if (Date.now() - t0 > 3_600_000) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (Date.now() - t0) / 1000;
  const secondHalfPeak = stopRss();
  return {
    run,
    seconds,
    idleRss,
    firstHalfPeak: firstHalfPeak ?? secondHalfPeak,
    secondHalfPeak,
    endRss: server.rssMiB(),
  };
}

/** The job's run on EXISTING records: time, RSS while it runs, every record changed exactly once. */
async function runOnExisting(): Promise<string> {
  let server = await startServer(env, { keepData: true });
  const dataDir = server.dataDir;
  const s = await setUp(server, await login(server));
  await server.stop();
  const loadSeconds = loadExisting(dataDir, s);
  process.stdout.write(`${EXISTING} records loaded in ${loadSeconds.toFixed(1)} s\n`);
  server = await startServer(env, { dataDir, keepData: true });
  let measuredRun: Awaited<ReturnType<typeof measureRun>>;
  try {
    measuredRun = await measureRun(server, s.jobId);
  } finally {
    await server.stop();
  }
  const { run, seconds, idleRss, firstHalfPeak, secondHalfPeak, endRss } = measuredRun;
  const probe = await openProbe(dataDir, null);
  const withValue = await probe.count(
    `select count(*) as n from subject_${s.subjectId} where a_${s.nota} = 'ok' and version = 2`,
  );
  const without = await probe.count(
    `select count(*) as n from subject_${s.subjectId} where a_${s.nota} is null or a_${s.nota} <> 'ok'`,
  );
  const doubled = await doubledWrites(probe, s, 2);
  await probe.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const runSeconds =
    run.startedAt && run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : NaN;
  const peak = Math.max(firstHalfPeak, secondHalfPeak);
  const errors = run.steps.map((st) => st.error).filter(Boolean);
  return [
    `### Run on existing records (SQLite, ${EXISTING} records, job "SetTalkValueByEvent nota = ok")`,
    '',
    `| figure | value |`,
    `|---|---|`,
    `| records loaded straight into the database (server stopped) | ${EXISTING} in ${loadSeconds.toFixed(1)} s |`,
    `| run status / progress (done of total) | ${run.status} / ${run.progress?.done ?? '?'} of ${run.progress?.total ?? '?'}${errors.length ? ` (${errors.join('; ')})` : ''} |`,
    `| call → run seen finished (s) / the run's own started → finished (s) | ${seconds.toFixed(1)} / ${runSeconds.toFixed(1)} |`,
    `| records changed per second | ${(withValue / Math.max(0.001, seconds)).toFixed(0)} |`,
    `| records with the value, written once | ${withValue} of ${EXISTING} |`,
    `| records without the value (lost) | ${without} |`,
    `| records written more than once (doubled) | ${doubled} |`,
    `| server RSS idle / peak during the run / after it (MiB) | ${idleRss} / ${peak} / ${endRss} |`,
    `| peak RSS growth over idle (MiB) | +${peak - idleRss} |`,
    `| peak RSS in the run's first half / second half (MiB) | ${firstHalfPeak} / ${secondHalfPeak} (second half: ${secondHalfPeak - firstHalfPeak >= 0 ? '+' : ''}${secondHalfPeak - firstHalfPeak} over the first) |`,
  ].join('\n');
}

/** A schedule job every minute: how long after its slot the run is created, started and finished. */
async function scheduleLatency(): Promise<string> {
  const server = await startServer(env);
  try {
    const token = await login(server);
    const { subjectId, nota } = await setUp(server, token);
    await call(server, token, 'POST', '/api/talk/pedido', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Agendado' }],
    });
    await call(server, token, 'POST', '/api/job', {
      name: 'A cada minuto',
      events: [
        {
          name: 'Agenda',
          steps: [
            {
              eventStepType: 4,
              subjectId,
              filterName: 'Todos',
              filter: { condition: 'E', rules: [] },
              cron: '0 0/1 * ? * 1,2,3,4,5,6,7 *',
            },
          ],
        },
      ],
      works: [
        {
          name: 'Marcar',
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Nota',
              configs: [{ subjectId, subjectAttributeId: nota, value: 'agendado', setAttributeValueType: 1 }],
            },
          ],
        },
      ],
    });
    const probe = await openProbe(server.dataDir, null);
    try {
      for (let i = 0; i < 1500; i++) {
        const [row] = await probe.all(
          `select cause, created_at, started_at, finished_at from automation_runs
            where kind = 'schedule' and finished_at is not null order by id limit 1`,
        );
        if (row) {
          const slot = Number(String(row.cause).slice(1));
          return [
            '### Schedule (SQLite, AUTOMATIONS_POLL_MS=100, cron every minute, one record)',
            '',
            '| figure | ms after the slot |',
            '|---|---|',
            `| run created | ${Number(row.created_at) - slot} |`,
            `| run started | ${Number(row.started_at) - slot} |`,
            `| run finished | ${Number(row.finished_at) - slot} |`,
          ].join('\n');
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return '### Schedule: no run within 150 s';
    } finally {
      await probe.close();
    }
  } finally {
    await server.stop();
  }
}

const measured = `Measured ${new Date().toISOString()} on ${os.cpus().length} cores (Node ${process.version}); 1-minute load average ${(os.loadavg()[0] ?? 0).toFixed(1)} before the run.`;
const only = process.env.ONLY ?? '';
/** A part a run of it alone rewrites: its table and when, between markers of its own. */
const partText = (md: string) => `${md}\n\n${measured}`;

if (only === 'schedule') {
  const md = [
    '## Automations: schedule latency (ONLY=schedule npm run bench:automations)',
    '',
    measured,
    '',
    await scheduleLatency(),
  ].join('\n');
  console.log(md);
  writeResultsSection('automations-schedule', md);
} else if (only === 'kill-pg' || only === 'existing') {
  const md = partText(only === 'kill-pg' ? await killNinePostgres() : await runOnExisting());
  console.log(md);
  writeResultsSection(`automations-${only}`, md, 'automations');
} else if (only) {
  throw new Error(`ONLY=${only}: expected schedule, kill-pg or existing`);
} else {
  // NO_JOB=1: the creates alone (no automation), for comparison, and nothing else; KILL=0 skips the
  // kill -9 parts, EXISTING=0 the run on existing records.
  const parts = [await throughput()];
  if (process.env.NO_JOB !== '1') {
    if (process.env.KILL !== '0') {
      parts.push(await killNine('SQLite', null));
      parts.push(resultsBlock('automations-kill-pg', partText(await killNinePostgres())));
    }
    if (EXISTING > 0) parts.push(resultsBlock('automations-existing', partText(await runOnExisting())));
    parts.push(await scheduleLatency());
  }
  const md = [
    '## Automations (npm run bench:automations)',
    '',
    measured,
    '',
    ...parts.flatMap((p) => [p, '']),
  ].join('\n');
  console.log(md);
  writeResultsSection('automations', md);
}
