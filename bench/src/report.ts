import fs from 'node:fs';
import os from 'node:os';
import { writeResultsSection } from './results.ts';
import { sampleRss } from './server.ts';
import { api, benchEnv, loadedServer, loadSqliteRows } from './setup.ts';
import { peerTickets, TICKET_ATTRIBUTES as ATTRIBUTES, ticketValues as rowOf } from './workloads.ts';

/**
 * `npm run bench:report` (issue 34 item 3): the .xlsx report of a report model over BENCH_ROWS
 * (default 100,000) `chamado` rows, made by GET /api/value/filegenerate on a record naming the
 * model — time, file size and the server's peak RSS over its idle RSS (aim: under 100 MB of
 * growth). SQLite; the rows are the peer's tickets, loaded as bench/src/transfer.ts does. Figures
 * are reported, never asserted.
 */
const N = Number(process.env.BENCH_ROWS ?? 100_000);
const loadBefore = (os.loadavg()[0] ?? 0).toFixed(1);
const ticket = await peerTickets();
const admin = { email: 'report@talkbase.test', password: 'Report-Bench-2026' };
const pt = (n: number) => n.toLocaleString('pt-BR');

const { server, token, dataDir } = await loadedServer({
  env: benchEnv(admin),
  admin,
  dirPrefix: 'talkbase-report-',
  subject: { identifier: 'chamado', name: 'Chamado', attributes: ATTRIBUTES },
  load: (file, subject) => loadSqliteRows(file, subject, N, (id) => ['', ...rowOf(ticket(id))]),
  rows: pt(N),
});

const column = (name: string, value: string, width: number, background = '#ffffff') => ({
  columnIdentifier: 100000,
  configs: [
    { configIdentifier: 'name', value: name },
    { configIdentifier: 'width', value: width },
    { configIdentifier: 'backgroundColor', value: background },
    { configIdentifier: 'fontColor', value: '#000000' },
  ],
  attributes: [{ value, isGrouped: false }],
});
const model = await api(server, token, 'POST', '/api/report/model', {
  templateName: 'Chamados',
  subjects: ['chamado'],
  columns: [
    column('Título', '${chamado.titulo}', 60, '#fff3bf'),
    column('Situação', '${chamado.situacao}', 25),
    column('Prioridade', '${chamado.prioridade}', 25),
    column('Cliente', '${chamado.cliente}', 40),
    column('Abertura', '${chamado.abertura}', 30),
    column('Prazo', '${chamado.prazo}', 25),
    column('Valor', 'R$ ${chamado.valor}', 25),
  ],
});
const painel = (await api(server, token, 'POST', '/api/subject', {
  identifier: 'painel',
  name: 'Painel',
  attributes: [
    { identifier: 'modelo', name: 'Modelo', componentId: 20 },
    { identifier: 'relatorio', name: 'Relatório', componentId: 34 },
  ],
})) as { subjectAttributes: { subjectAttributeId: number; identifier: string }[] };
const fileAttribute = painel.subjectAttributes.find((a) => a.identifier === 'relatorio')?.subjectAttributeId;
const record = await api(server, token, 'POST', '/api/talk/painel', {
  talkValues: [{ subjectAttributeIdentifier: 'modelo', value: model.templateId }],
});

// Warm up, then read the idle RSS.
await api(server, token, 'POST', '/api/talk/filter/chamado', { fetch: 10 });
const idleRss = server.rssMiB();
const started = Date.now();
const stopRss = sampleRss(server);
const res = await fetch(
  `${server.url}/api/value/filegenerate/painel/${String(record.resourceId)}/${String(fileAttribute)}`,
  { headers: { authorization: `Bearer ${token}` } },
);
if (!res.ok || !res.body) throw new Error(`filegenerate: ${res.status} ${await res.text()}`);
let bytes = 0;
for await (const chunk of res.body) bytes += chunk.length;
const seconds = (Date.now() - started) / 1000;
const peak = stopRss();
const mib = (bytes / 1024 / 1024).toFixed(1);
process.stdout.write(
  `report: ${pt(N)} rows, ${mib} MiB .xlsx in ${seconds.toFixed(1)} s; RSS idle ${idleRss} MiB, peak ${peak} MiB (+${peak - idleRss})\n`,
);
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

writeResultsSection(
  'report',
  `## Report of a report model (issue 34 item 3, \`npm run bench:report\`)

SQLite, ${os.cpus().length} cores (Node ${process.version}); 1-minute load average ${loadBefore} before the run. ${new Date().toISOString().slice(0, 10)}.
GET /api/value/filegenerate on a record naming a report model of 7 columns over \`chamado\` (the peer's tickets), no filter, read by the client as fast as it takes it.

| | figure | aim |
| --- | --- | --- |
| .xlsx of ${pt(N)} rows × 7 columns (${mib} MiB) | ${seconds.toFixed(1)} s | |
| server RSS during the report | idle ${idleRss} MiB, peak ${peak} MiB (+${peak - idleRss} MiB) | growth < 100 MB |
`,
);
