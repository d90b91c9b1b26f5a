import fs from 'node:fs';
import os from 'node:os';
import { pinningNote, startLoad } from './cannon.ts';
import { writeResultsSection } from './results.ts';
import type { RunningServer } from './server.ts';
import { api, benchEnv, loadedServer, loadSqliteRows } from './setup.ts';

/**
 * `npm run bench:retag`: re-tagging N existing records (BENCH_ROWS, default 1,000,000) after a tag
 * is created and after its filter changes, on SQLite, while 10 connections read records by id.
 * Reports the re-tagging's time and the reads' throughput and latency meanwhile, in bench/RESULTS.md.
 * Figures are reported, never asserted.
 */
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const admin = { email: 'retag@talkbase.test', password: 'Retag-Bench-2026' };
const env = benchEnv(admin, { DATABASE_URL: '' });

/** Row `id` of the loaded tickets: its search text, then title, priority 0–9 (id mod 10), status. */
const chamado = (id: number) => {
  const title = `Chamado ${id}`;
  return [title.toLowerCase(), title, id % 10, id % 3 === 0 ? 'aberto' : 'fechado'];
};

interface Measure {
  step: string;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Starts the re-tagging with `change`, reads by id until its progress says done. */
async function measure(server: RunningServer, token: string, step: string, change: () => Promise<number>) {
  const headers = { authorization: `Bearer ${token}` };
  const started = Date.now();
  const tagId = await change();
  let finished: number;
  const reads = startLoad({
    url: server.url,
    connections: 10,
    duration: 3600,
    headers,
    workload: { factory: 'randomId', args: { prefix: '/api/talk/chamado/', n: N } },
  });
  for (;;) {
    const p = (await api(server, token, 'GET', `/api/tag/${tagId}/progress`)) as { state: string };
    if (p.state === 'done') {
      finished = Date.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const result = await reads.stop();
  const row: Measure = {
    step,
    seconds: (finished - started) / 1000,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
  };
  process.stdout.write(`${step}: ${row.seconds.toFixed(1)} s; reads ${row.rps} req/s, p99 ${row.p99} ms\n`);
  return { tagId, row };
}

const { server, token, dataDir } = await loadedServer({
  env,
  admin,
  dirPrefix: 'talkbase-retag-',
  subject: {
    identifier: 'chamado',
    name: 'Chamado',
    attributes: [
      { identifier: 'titulo', name: 'Título', componentId: 1, isOrderable: true },
      { identifier: 'prioridade', name: 'Prioridade', componentId: 3, isOrderable: true },
      { identifier: 'situacao', name: 'Situação', componentId: 1, isOrderable: true },
    ],
  },
  load: (file, subject) => loadSqliteRows(file, subject, N, chamado),
  rows: String(N),
});
const tagBody = (rules: unknown) => ({
  tagName: 'Urgente',
  tagColor: '#e03131',
  tagFilters: [{ filterName: 'Prioridade', filter: rules, subject: 'chamado' }],
});
const loadBefore = os.loadavg()[0] ?? 0;
const rows: Measure[] = [];
const created = await measure(server, token, 'create tag (prioridade ≥ 8: 20 % of rows)', async () => {
  const r = await api(
    server,
    token,
    'POST',
    '/api/tag',
    tagBody({ attribute: 'prioridade', operator: 'greater_or_equal', value: 8 }),
  );
  return Number(r.tagId);
});
rows.push(created.row);
const changed = await measure(
  server,
  token,
  "change the tag's filter (prioridade = 9 or aberto)",
  async () => {
    await api(
      server,
      token,
      'PUT',
      `/api/tag/${created.tagId}`,
      tagBody({
        condition: 'OU',
        rules: [
          { attribute: 'prioridade', operator: 'equal', value: 9 },
          { attribute: 'situacao', operator: 'equal', value: 'aberto' },
        ],
      }),
    );
    return created.tagId;
  },
);
rows.push(changed.row);
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

writeResultsSection(
  'retag',
  [
    '## Re-tagging',
    '',
    `Written by \`npm run bench:retag\` (bench/src/retag.ts) on ${new Date().toISOString()}; never edited by hand.`,
    `${N.toLocaleString('en-US')} \`chamado\` records, SQLite: the time until \`GET /api/tag/{id}/progress\` says done, and reads of`,
    `one record by id (10 connections) while it runs; ${pinningNote}; ${os.cpus().length} cores,`,
    `1-minute load average ${loadBefore.toFixed(1)} before the runs.`,
    '',
    '| step | re-tagging (s) | reads req/s | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.step} | ${r.seconds.toFixed(1)} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    ),
  ].join('\n'),
);
