import os from 'node:os';
import { EXISTING, runOnExisting } from './automations-existing.ts';
import { killNine, killNinePostgres } from './automations-kill.ts';
import { eventRunsDuringSetRun } from './automations-lanes.ts';
import { scheduleLatency } from './automations-schedule.ts';
import { throughput } from './automations-throughput.ts';
import { resultsBlock, writeResultsSection } from './results.ts';

/**
 * `npm run bench:automations` (issue 16, Performance and Reliability); figures in the automations
 * section of bench/RESULTS.md, never asserted. Its parts, each in a file of its own:
 *
 * 1. Throughput (automations-throughput.ts, SQLite): creates while a job runs on each of them.
 *    NO_JOB=1 measures the same creates without any automation (a baseline; skips the other parts).
 * 2. kill -9 (automations-kill.ts), on SQLite and on PostgreSQL: no acknowledged record loses its
 *    automation or gets it twice across a SIGKILL of the server.
 * 3. Run on existing records (automations-existing.ts, SQLite): time and memory of a job's run over
 *    EXISTING records loaded straight into the database.
 * 4. Schedule (automations-schedule.ts): a job every minute; ms from its slot to the run created,
 *    started and finished.
 * 5. Event runs during a set run (automations-lanes.ts, SQLite; PostgreSQL too with
 *    BENCH_DATABASE_URL): how long after their edit event-triggered runs start and end while a run
 *    over EXISTING records is in progress (issue 33).
 *
 * ONLY=schedule | kill | kill-pg | existing | lanes runs that part alone: schedule writes its own
 * section (automations-schedule), kill (SQLite), kill-pg, existing and lanes replace their own table
 * inside the automations section. KILL=0 skips both kill -9 parts, LANES=0 the event runs during a
 * set run.
 */
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
} else if (only === 'kill' || only === 'kill-pg' || only === 'existing' || only === 'lanes') {
  const md = partText(
    only === 'kill'
      ? await killNine('SQLite', null)
      : only === 'kill-pg'
        ? await killNinePostgres()
        : only === 'existing'
          ? await runOnExisting()
          : await eventRunsDuringSetRun(),
  );
  console.log(md);
  writeResultsSection(`automations-${only}`, md, 'automations');
} else if (only) {
  throw new Error(`ONLY=${only}: expected schedule, kill, kill-pg, existing or lanes`);
} else {
  // NO_JOB=1: the creates alone (no automation), for comparison, and nothing else; KILL=0 skips the
  // kill -9 parts, EXISTING=0 the run on existing records.
  const parts = [await throughput()];
  if (process.env.NO_JOB !== '1') {
    if (process.env.KILL !== '0') {
      parts.push(resultsBlock('automations-kill', partText(await killNine('SQLite', null))));
      parts.push(resultsBlock('automations-kill-pg', partText(await killNinePostgres())));
    }
    if (EXISTING > 0) parts.push(resultsBlock('automations-existing', partText(await runOnExisting())));
    if (EXISTING > 0 && process.env.LANES !== '0')
      parts.push(resultsBlock('automations-lanes', partText(await eventRunsDuringSetRun())));
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
