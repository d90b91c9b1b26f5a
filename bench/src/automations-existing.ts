import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { env, login, setUp, type SetUp } from './automations-fixture.ts';
import { doubledWrites, openProbe } from './automations-probe.ts';
import { sampleRss, startServer, type RunningServer } from './server.ts';
import { api } from './setup.ts';

/**
 * Run on existing records (SQLite): EXISTING records (default 100,000) written straight into the
 * database with the server stopped, then the job's run on existing records (POST
 * /api/job/{jobId}/run), its progress polled (GET /api/job/run/{runId}); the server's RSS sampled
 * every 50 ms. Reported: time, records changed, idle RSS, peak RSS growth (the run's first and
 * second half apart: flat memory means the second half grows no more than the first), and
 * whether every record got the value exactly once.
 */
export const EXISTING = Number(process.env.EXISTING ?? 100_000);

/** EXISTING `pedido` records straight into the SQLite file (server stopped), in one transaction. */
export function loadExisting(dataDir: string, s: SetUp): number {
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
  await api(server, token, 'POST', '/api/talk/filter/pedido', { fetch: 10 });
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = server.rssMiB();
  let stopRss = sampleRss(server);
  const t0 = Date.now();
  const { runId } = (await api(server, token, 'POST', `/api/job/${jobId}/run`, {})) as { runId: number };
  let firstHalfPeak: number | null = null;
  let run: RunDetail;
  for (;;) {
    run = (await api(server, token, 'GET', `/api/job/run/${runId}`)) as unknown as RunDetail;
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
export async function runOnExisting(): Promise<string> {
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
