import { createRecords, env, login, setUp, WRITERS } from './automations-fixture.ts';
import { openProbe, waitForRuns } from './automations-probe.ts';
import { startServer } from './server.ts';

/**
 * Throughput (SQLite): a job "on create, SetTalkValueByEvent nota = ok"; WRITERS connections
 * create CREATES records as fast as the server answers. Reported: the creates' p50/p99 while the
 * automations run, and automation runs per second end to end (first create sent → last run
 * finished, and the runs' own span). NO_JOB=1 measures the same creates without any automation.
 */
const CREATES = Number(process.env.CREATES ?? 3000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

export async function throughput(): Promise<string> {
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
