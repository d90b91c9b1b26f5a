import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { writeResultsSection } from './results.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * `npm run bench:automations` (issue 16, Performance and Reliability), SQLite; figures in
 * bench/RESULTS.md, never asserted.
 *
 * 1. Throughput: a job "on create, SetTalkValueByEvent nota = ok"; WRITERS connections create
 *    CREATES records as fast as the server answers. Reported: the creates' p50/p99 while the
 *    automations run, and automation runs per second end to end (first create sent → last run
 *    finished, and the runs' own span).
 *    NO_JOB=1 measures the same creates without any automation (a baseline; skips part 2).
 * 3. Schedule: a job every minute; ms from its slot to the run created, started and finished
 *    (ONLY=schedule runs this part alone).
 * 2. kill -9: the same job; writers create KILL_WRITES records in all, the server is killed with
 *    SIGKILL half-way and restarted on the same data; after the worker drained, every acknowledged
 *    record must carry the value exactly once: lost = acknowledged records without it, doubled =
 *    records whose value was written more than once (talk_changes) or that have more than one run.
 */
const WRITERS = Number(process.env.WRITERS ?? 8);
const CREATES = Number(process.env.CREATES ?? 3000);
const KILL_WRITES = Number(process.env.KILL_WRITES ?? 5000);
const admin = { email: 'automations@talkbase.test', password: 'Automations-Bench-2026' };
const env = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  AUTOMATIONS_POLL_MS: '100',
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

/** The subject and the job; answers the attribute id of `nota`. */
async function setUp(server: RunningServer, token: string): Promise<{ subjectId: number; nota: number }> {
  await call(server, token, 'POST', '/api/subject', {
    identifier: 'pedido',
    name: 'Pedido',
    attributes: [
      { identifier: 'titulo', name: 'Título', componentId: 1 },
      { identifier: 'nota', name: 'Nota', componentId: 1 },
    ],
  });
  const db = openDb(server);
  const sid = (db.prepare(`select id from subjects where identifier = 'pedido'`).get() as { id: number }).id;
  const nota = (
    db.prepare(`select id from attributes where subject_id = ? and identifier = 'nota'`).get(sid) as {
      id: number;
    }
  ).id;
  db.close();
  if (process.env.NO_JOB === '1') return { subjectId: sid, nota };
  await call(server, token, 'POST', '/api/job', {
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
  return { subjectId: sid, nota };
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

function openDb(server: RunningServer) {
  return new BetterSqlite3(path.join(server.dataDir, 'talkbase.db'), { readonly: true, timeout: 10_000 });
}

async function waitForRuns(server: RunningServer, expected: number, timeoutMs = 600_000): Promise<number> {
  const db = openDb(server);
  const t0 = Date.now();
  try {
    for (;;) {
      const row = db
        .prepare(
          `select count(*) as n from automation_runs where status in ('succeeded','failed','cancelled')`,
        )
        .get() as { n: number };
      if (row.n >= expected) return row.n;
      if (Date.now() - t0 > timeoutMs) return row.n;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    db.close();
  }
}

async function throughput(): Promise<string> {
  const server = await startServer(env);
  try {
    const token = await login(server);
    await setUp(server, token);
    const latencies: number[] = [];
    const acked: number[] = [];
    const t0 = Date.now();
    const failed = await createRecords(server, token, CREATES, latencies, acked);
    const createsDone = Date.now();
    const finished = process.env.NO_JOB === '1' ? 0 : await waitForRuns(server, acked.length);
    const t1 = Date.now();
    const db = openDb(server);
    const span = db
      .prepare(
        `select min(created_at) as a, max(finished_at) as b, count(*) as n,
          sum(case when status = 'succeeded' then 1 else 0 end) as ok from automation_runs`,
      )
      .get() as { a: number; b: number; n: number; ok: number };
    db.close();
    const endToEnd = acked.length / ((t1 - t0) / 1000);
    const runsSpan = span.n / Math.max(0.001, (span.b - span.a) / 1000);
    return [
      `### Throughput (SQLite, ${WRITERS} writers, ${CREATES} creates)`,
      '',
      `| figure | value |`,
      `|---|---|`,
      `| creates acknowledged / failed | ${acked.length} / ${failed} |`,
      `| creates p50 / p99 (ms) while automations run | ${pct(latencies, 50).toFixed(1)} / ${pct(latencies, 99).toFixed(1)} |`,
      `| creates per second | ${(acked.length / ((createsDone - t0) / 1000)).toFixed(0)} |`,
      `| runs finished / succeeded | ${finished} / ${span.ok} |`,
      `| automation runs per second, first create → last run finished | ${endToEnd.toFixed(0)} |`,
      `| automation runs per second, first run created → last run finished | ${runsSpan.toFixed(0)} |`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

async function killNine(): Promise<string> {
  let server = await startServer(env, { keepData: true });
  const dataDir = server.dataDir;
  const token = await login(server);
  const { subjectId, nota } = await setUp(server, token);
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
  server = await startServer(env, { dataDir, keepData: true });
  const token2 = await login(server);
  const failedAfter = await createRecords(server, token2, KILL_WRITES - ackedBefore, latencies, acked);
  await waitForRuns(server, acked.length);
  // Let the worker settle (a run left 'running' by the kill is taken again when its lease ends).
  await new Promise((r) => setTimeout(r, 1000));
  await server.stop();
  const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'), { readonly: true });
  const col = `a_${nota}`;
  const missing = db
    .prepare(
      `select count(*) as n from subject_${subjectId} where id in (select value from json_each(?)) and (${col} is null or ${col} <> 'ok')`,
    )
    .get(JSON.stringify(acked)) as { n: number };
  const doubledWrites = db
    .prepare(
      `select count(*) as n from (select talk_id from talk_changes where subject_id = ? and attribute_id = ? and action = 'updated' group by talk_id having count(*) > 1)`,
    )
    .get(subjectId, nota) as { n: number };
  const doubledRuns = db
    .prepare(
      `select count(*) as n from (select talk_id from automation_runs group by job_id, talk_id having count(*) > 1)`,
    )
    .get() as { n: number };
  const stillOpen = db
    .prepare(`select count(*) as n from automation_runs where status in ('pending', 'running')`)
    .get() as { n: number };
  const records = db.prepare(`select count(*) as n from subject_${subjectId}`).get() as { n: number };
  db.close();
  const { rmSync } = await import('node:fs');
  rmSync(dataDir, { recursive: true, force: true });
  return [
    `### kill -9 during ${KILL_WRITES} triggering writes (SQLite)`,
    '',
    `| figure | value |`,
    `|---|---|`,
    `| acknowledged before the kill / after the restart | ${ackedBefore} / ${acked.length - ackedBefore} |`,
    `| writes refused or cut by the kill | ${failedBefore + failedAfter} |`,
    `| records in the database | ${records.n} |`,
    `| acknowledged records without their automation (lost) | ${missing.n} |`,
    `| records whose value was written twice (doubled) | ${doubledWrites.n} |`,
    `| records with more than one run | ${doubledRuns.n} |`,
    `| runs still pending or running at the end | ${stillOpen.n} |`,
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
    const db = openDb(server);
    try {
      for (let i = 0; i < 1500; i++) {
        const row = db
          .prepare(
            `select cause, created_at, started_at, finished_at from automation_runs
              where kind = 'schedule' and finished_at is not null order by id limit 1`,
          )
          .get() as
          { cause: string; created_at: number; started_at: number; finished_at: number } | undefined;
        if (row) {
          const slot = Number(row.cause.slice(1));
          return [
            '### Schedule (SQLite, AUTOMATIONS_POLL_MS=100, cron every minute, one record)',
            '',
            '| figure | ms after the slot |',
            '|---|---|',
            `| run created | ${row.created_at - slot} |`,
            `| run started | ${row.started_at - slot} |`,
            `| run finished | ${row.finished_at - slot} |`,
          ].join('\n');
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return '### Schedule: no run within 150 s';
    } finally {
      db.close();
    }
  } finally {
    await server.stop();
  }
}

// NO_JOB=1: the creates alone (no automation), for comparison; KILL=0 skips the kill -9 part.
const parts =
  process.env.ONLY === 'schedule'
    ? [await scheduleLatency()]
    : [
        await throughput(),
        ...(process.env.KILL === '0' || process.env.NO_JOB === '1'
          ? []
          : [await killNine(), await scheduleLatency()]),
      ];
const md = [
  process.env.ONLY === 'schedule'
    ? '## Automations: schedule latency (ONLY=schedule npm run bench:automations)'
    : '## Automations (npm run bench:automations)',
  '',
  `Measured ${new Date().toISOString()} on a 2-core machine shared with other jobs running at the same time (figures are lower bounds).`,
  '',
  ...parts.flatMap((p) => [p, '']),
].join('\n');
console.log(md);
writeResultsSection(process.env.ONLY === 'schedule' ? 'automations-schedule' : 'automations', md);
