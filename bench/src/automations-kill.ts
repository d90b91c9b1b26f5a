import fs from 'node:fs';
import pg from 'pg';
import { createRecords, env, login, setUp } from './automations-fixture.ts';
import { doubledWrites, openProbe, waitForRuns } from './automations-probe.ts';
import { startServer, withBenchSchema } from './server.ts';

/**
 * kill -9, on SQLite and on PostgreSQL: the job "on create, SetTalkValueByEvent nota = ok";
 * writers create KILL_WRITES records in all, the server is killed with SIGKILL half-way and
 * restarted on the same data; after the worker drained, every acknowledged record must carry the
 * value exactly once: lost = acknowledged records without it, doubled = records written more than
 * once (a version past 2: the creation and the automation's write; or more than one change of the
 * value in talk_changes) or that have more than one run. PostgreSQL: a schema of its own in
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), made and dropped by the
 * bench; not measured (said so in the table) when no server answers there.
 */
const KILL_WRITES = Number(process.env.KILL_WRITES ?? 5000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** kill -9 half-way through KILL_WRITES triggering creates, on SQLite or on PostgreSQL. */
export async function killNine(label: 'SQLite' | 'PostgreSQL', databaseUrl: string | null): Promise<string> {
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
export async function killNinePostgres(): Promise<string> {
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
