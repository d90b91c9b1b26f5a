import fs from 'node:fs';
import os from 'node:os';
import { pinningNote, startLoad } from './cannon.ts';
import { writeResultsSection } from './results.ts';
import { sampleRss } from './server.ts';
import { api, benchEnv, loadedServer, loadSqliteRows } from './setup.ts';
import { peerTickets, TICKET_ATTRIBUTES as ATTRIBUTES, ticketValues as rowOf } from './workloads.ts';

/**
 * `npm run bench:transfer` (issue 17): CSV export of BENCH_ROWS (default 1,000,000) `chamado` rows
 * — time and the server's peak RSS growth over its idle RSS — and the import of BENCH_IMPORT_ROWS
 * (default 100,000) rows through POST /api/talk/import, timed to its end, while 10 connections
 * read records by id (their p99 is the figure). SQLite; the rows are the peer's tickets
 * (../shared/peers/gen-tickets.mjs), loaded as bench/src/records.ts does. Figures are reported,
 * never asserted.
 */
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const loadBefore = (os.loadavg()[0] ?? 0).toFixed(1);
const ticket = await peerTickets();

const admin = { email: 'transfer@talkbase.test', password: 'Transfer-Bench-2026' };
const env = benchEnv(admin);

const pt = (n: number) => n.toLocaleString('pt-BR');
const { server, token, dataDir } = await loadedServer({
  env,
  admin,
  dirPrefix: 'talkbase-transfer-',
  subject: { identifier: 'chamado', name: 'Chamado', attributes: ATTRIBUTES },
  load: (file, subject) => loadSqliteRows(file, subject, N, (id) => ['', ...rowOf(ticket(id))]),
  rows: pt(N),
});
// Warm up the catalogue and the first page, then read the idle RSS.
await api(server, token, 'POST', '/api/talk/filter/chamado', { fetch: 10 });
const idleRss = server.rssMiB();

// 1. Export every row, all columns, read as fast as the client takes it.
const exportStarted = Date.now();
const stopRss = sampleRss(server);
const res = await fetch(`${server.url}/api/talk/export/chamado`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ columns: 'all', isActive: true }),
});
if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
let bytes = 0;
let newlines = 0;
for await (const chunk of res.body) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) newlines++;
}
const exportSeconds = (Date.now() - exportStarted) / 1000;
const exportPeak = stopRss();
process.stdout.write(
  `export: ${pt(N)} rows, ${pt(Math.round(bytes / 1024 / 1024))} MiB in ${exportSeconds.toFixed(1)} s; RSS idle ${idleRss} MiB, peak ${exportPeak} MiB (+${exportPeak - idleRss})\n`,
);

// 2. Import IMPORT_ROWS new rows while 10 connections read records by id.
const header = ATTRIBUTES.map((a) => a.name).join(';');
const lines = [header];
const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
for (let i = 0; i < IMPORT_ROWS; i++) {
  const t = ticket(N + 1 + i);
  lines.push(
    [
      t.title,
      t.status,
      String(t.priority),
      t.customer,
      t.created,
      t.due_date,
      t.description,
      String(t.amount).replace('.', ','),
    ]
      .map(quote)
      .join(';'),
  );
}
const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
const form = new FormData();
form.append('mode', 'skip');
form.append('file', new Blob([csv], { type: 'text/csv' }), 'chamados.csv');
const reads = startLoad({
  url: server.url,
  connections: 10,
  duration: 3600,
  headers: { authorization: `Bearer ${token}` },
  workload: { factory: 'randomId', args: { prefix: '/api/talk/chamado/', n: N } },
});
const importStarted = Date.now();
const started = await fetch(`${server.url}/api/talk/import/chamado`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}` },
  body: form,
});
if (started.status !== 202) throw new Error(`import: ${started.status} ${await started.text()}`);
const { importId } = (await started.json()) as { importId: number };
let progress: Record<string, unknown>;
for (;;) {
  progress = await api(server, token, 'GET', `/api/talk/import/${importId}`);
  if (progress.status !== 'running') break;
  await new Promise((r) => setTimeout(r, 250));
}
const importSeconds = (Date.now() - importStarted) / 1000;
const readResult = await reads.stop();
process.stdout.write(
  `import: ${pt(IMPORT_ROWS)} rows ${String(progress.status)} (imported ${String(progress.imported)}, failed ${String(progress.failed)}) in ${importSeconds.toFixed(1)} s; reads meanwhile ${readResult.rps} req/s, p50 ${readResult.p50} ms, p99 ${readResult.p99} ms, errors ${readResult.errors}\n`,
);
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

writeResultsSection(
  'transfer',
  `## CSV export and import (issue 17, \`npm run bench:transfer\`)

SQLite, ${os.cpus().length} cores (Node ${process.version}), ${pinningNote}; 1-minute load average ${loadBefore} before the run. ${new Date().toISOString().slice(0, 10)}.

| | figure | aim |
| --- | --- | --- |
| export of ${pt(N)} \`chamado\` rows, all columns (${pt(newlines - 1)} lines, ${pt(Math.round(bytes / 1024 / 1024))} MiB) | ${exportSeconds.toFixed(1)} s | < 20 s |
| server RSS during the export | idle ${idleRss} MiB, peak ${exportPeak} MiB (+${exportPeak - idleRss} MiB) | growth < 50 MB |
| import of ${pt(IMPORT_ROWS)} rows (mode skip; ${String(progress.imported)} imported, ${String(progress.failed)} failed) | ${importSeconds.toFixed(1)} s | < 30 s |
| reads by id meanwhile (10 connections) | ${readResult.rps} req/s, p50 ${readResult.p50} ms, p99 ${readResult.p99} ms | p99 ≤ 50 ms |
`,
);
