import fs from 'node:fs';
import pg from 'pg';
import { env, login, setUp, type SetUp } from './automations-fixture.ts';
import { EXISTING, loadExisting } from './automations-existing.ts';
import { startServer, withBenchSchema, type RunningServer } from './server.ts';
import { api } from './setup.ts';

/**
 * Event runs during a set run (issue 33, "Runs that never wait on each other"): EXISTING `pedido`
 * records (default 100,000) loaded straight into the database, the job "SetTalkValueByEvent nota =
 * ok" run over all of them (POST /api/job/{jobId}/run), and while that run is in progress, one
 * edit every LANES_PROBE_MS (default 500) of a record near the top of the set (which the set run
 * reaches last), LANES_PROBES edits in all (default 60), each firing the job "on edit, titulo =
 * evento → nota = evento". Reported: from each edit's request to its run's start and end (the
 * run's own startedAt / finishedAt, same machine clock), p50 / p99 / max; the edit's own answer
 * time; whether the set run was still running at the last edit; and the set run's time and rate
 * with the edits going on (LANES_WAIT=0: the set run is cancelled after the edits and its rate so
 * far is shown). On SQLite (LANES_SQLITE=0 skips it), and on PostgreSQL (a schema of its own in
 * BENCH_DATABASE_URL) when LANES_PG=1 or BENCH_DATABASE_URL is set.
 */
const PROBES = Number(process.env.LANES_PROBES ?? 60);
const PROBE_MS = Number(process.env.LANES_PROBE_MS ?? 500);
const WAIT = process.env.LANES_WAIT !== '0';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface RunDetail {
  runId: number;
  talkId: number | null;
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress?: { done: number; total: number | null };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN) : NaN;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** EXISTING records straight into PostgreSQL (the server running: PostgreSQL takes it). */
async function loadPostgres(databaseUrl: string, s: SetUp): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select id from attributes where subject_id = $1 and identifier = 'titulo'`,
      [s.subjectId],
    );
    const titulo = rows[0]?.id ?? 0;
    const now = Date.now();
    await client.query(
      `insert into subject_${s.subjectId} (is_active, version, created_at, created_by, updated_at, updated_by, search_text, a_${titulo})
        select 1, 1, $1, 1, $1, 1, 'pedido ' || g, 'Pedido ' || g from generate_series(1, $2::int) g`,
      [now, EXISTING],
    );
    await client.query(`analyze subject_${s.subjectId}`);
  } finally {
    await client.end();
  }
  return (Date.now() - started) / 1000;
}

async function createEditJob(server: RunningServer, token: string, s: SetUp): Promise<number> {
  const job = await api(server, token, 'POST', '/api/job', {
    name: 'Evento na edição',
    events: [
      {
        name: 'Edição',
        steps: [
          {
            eventStepType: 6,
            subjectId: s.subjectId,
            filterName: 'Evento',
            filter: { condition: 'E', rules: [{ attribute: 'titulo', operator: 'equal', value: 'evento' }] },
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
            configs: [
              {
                subjectId: s.subjectId,
                subjectAttributeId: s.nota,
                value: 'evento',
                setAttributeValueType: 1,
              },
            ],
          },
        ],
      },
    ],
  });
  return Number(job.jobId);
}

/** The measurement on a running server whose subject holds EXISTING records. */
async function measure(server: RunningServer, token: string, s: SetUp, editJob: number) {
  const run = (id: number) =>
    api(server, token, 'GET', `/api/job/run/${id}`) as Promise<unknown> as Promise<RunDetail>;
  const t0 = Date.now();
  const { runId } = (await api(server, token, 'POST', `/api/job/${s.jobId}/run`, {})) as { runId: number };
  for (;;) {
    const r = await run(runId);
    if ((r.progress?.done ?? 0) > 0 || (r.status !== 'pending' && r.status !== 'running')) break;
    await sleep(50);
  }
  const sent = new Map<number, number>();
  const answer: number[] = [];
  let stillRunning = false;
  let doneAtLast = 0;
  for (let i = 0; i < PROBES; i++) {
    const talkId = EXISTING - i;
    const at = Date.now();
    sent.set(talkId, at);
    await api(server, token, 'PUT', `/api/talk/pedido/${talkId}`, {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'evento' }],
    });
    answer.push(Date.now() - at);
    const r = await run(runId);
    stillRunning = r.status === 'running' || r.status === 'pending';
    doneAtLast = r.progress?.done ?? 0;
    if (!stillRunning) break;
    await sleep(Math.max(0, PROBE_MS - (Date.now() - at)));
  }
  // Every probe's run (the first run of each edited record) to its end.
  let firsts = new Map<number, RunDetail>();
  for (let i = 0; i < 600; i++) {
    const page = (await api(server, token, 'GET', `/api/job/${editJob}/runs?fetch=100`)) as unknown as {
      itens: RunDetail[];
    };
    firsts = new Map();
    for (const r of [...page.itens].sort((a, b) => a.runId - b.runId))
      if (r.talkId !== null && !firsts.has(r.talkId)) firsts.set(r.talkId, r);
    const ended = [...sent.keys()].every((id) => firsts.get(id)?.finishedAt);
    if (ended) break;
    await sleep(100);
  }
  const starts: number[] = [];
  const ends: number[] = [];
  let missing = 0;
  for (const [talkId, at] of sent) {
    const r = firsts.get(talkId);
    if (!r?.startedAt || !r.finishedAt) {
      missing += 1;
      continue;
    }
    starts.push(Date.parse(r.startedAt) - at);
    ends.push(Date.parse(r.finishedAt) - at);
  }
  // The set run to its end (or cancelled now, with LANES_WAIT=0).
  if (!WAIT) await api(server, token, 'POST', `/api/job/run/${runId}/cancel`, {});
  let final: RunDetail;
  for (;;) {
    final = await run(runId);
    if (final.status !== 'pending' && final.status !== 'running') break;
    if (Date.now() - t0 > 3_600_000) break;
    await sleep(200);
  }
  const setSeconds =
    final.startedAt && final.finishedAt
      ? (Date.parse(final.finishedAt) - Date.parse(final.startedAt)) / 1000
      : NaN;
  starts.sort((a, b) => a - b);
  ends.sort((a, b) => a - b);
  answer.sort((a, b) => a - b);
  return { sent: sent.size, missing, starts, ends, answer, stillRunning, doneAtLast, final, setSeconds };
}

async function lanes(label: 'SQLite' | 'PostgreSQL', databaseUrl: string | null): Promise<string> {
  // A set run on a loaded machine may outlast the default 15-minute token.
  const serverEnv = { ...env, DATABASE_URL: databaseUrl ?? '', ACCESS_TOKEN_SECONDS: '86400' };
  let server = await startServer(serverEnv, { keepData: true });
  const dataDir = server.dataDir;
  let token = await login(server);
  const s = await setUp(server, token);
  const editJob = await createEditJob(server, token, s);
  let loadSeconds: number;
  if (databaseUrl) loadSeconds = await loadPostgres(databaseUrl, s);
  else {
    await server.stop();
    loadSeconds = loadExisting(dataDir, s);
    server = await startServer(serverEnv, { dataDir, keepData: true });
    token = await login(server);
  }
  process.stdout.write(`${label}: ${EXISTING} records loaded in ${loadSeconds.toFixed(1)} s\n`);
  let m: Awaited<ReturnType<typeof measure>>;
  try {
    m = await measure(server, token, s, editJob);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const q = (xs: number[]) =>
    `${ms(quantile(xs, 0.5))} / ${ms(quantile(xs, 0.99))} / ${ms(xs.at(-1) ?? NaN)}`;
  const within = m.starts.filter((x) => x <= 1000).length;
  return [
    `### Event runs during a run over ${EXISTING} records (${label}, AUTOMATIONS_POLL_MS=100)`,
    '',
    `The run on existing records ("SetTalkValueByEvent nota = ok") in progress; one edit every ${PROBE_MS} ms of a record it reaches last, each firing an edit-triggered job. Set runs work in a lane of their own (issue 33).`,
    '',
    '| figure | value |',
    '|---|---|',
    `| edits made while the set run was in progress / their runs not seen | ${m.sent} / ${m.missing} |`,
    `| the set run still in progress at the last edit (done of total then) | ${m.stillRunning ? 'yes' : 'no'} (${m.doneAtLast} of ${m.final.progress?.total ?? '?'}) |`,
    `| edit sent → its run started, ms (p50 / p99 / max) | ${q(m.starts)} |`,
    `| edit sent → its run finished, ms (p50 / p99 / max) | ${q(m.ends)} |`,
    `| runs started within 1 s of their edit | ${within} of ${m.starts.length} |`,
    `| the edit's own answer, ms (p50 / p99 / max) | ${q(m.answer)} |`,
    `| set run: status, done of total | ${m.final.status}, ${m.final.progress?.done ?? '?'} of ${m.final.progress?.total ?? '?'} |`,
    `| set run: started → ${WAIT ? 'finished' : 'cancelled after the edits'} (s) / records per second | ${m.setSeconds.toFixed(1)} / ${((m.final.progress?.done ?? 0) / Math.max(0.001, m.setSeconds)).toFixed(0)} |`,
  ].join('\n');
}

/** The SQLite measurement, and the PostgreSQL one when a server answers at BENCH_DATABASE_URL. */
export async function eventRunsDuringSetRun(): Promise<string> {
  const parts = process.env.LANES_SQLITE === '0' ? [] : [await lanes('SQLite', null)];
  if (process.env.BENCH_DATABASE_URL || process.env.LANES_PG === '1') {
    try {
      const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
      await client.connect();
      await client.end();
      parts.push(await withBenchSchema(PG_URL, 'lanes', (url) => lanes('PostgreSQL', url)));
    } catch (err) {
      process.stderr.write(`PostgreSQL: ${String(err)}\n`);
      parts.push(`PostgreSQL not measured: ${String(err)}`);
    }
  }
  return parts.join('\n\n');
}
