import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fireLoad, pinningNote, WARMUP_SECONDS } from './cannon.ts';
import BetterSqlite3 from 'better-sqlite3';
import { writeResultsSection } from './results.ts';
import { startServer, type RunningServer } from './server.ts';
import { api } from './setup.ts';

/**
 * `npm run bench:search`: the global search (GET /api/search) over N records (BENCH_ROWS, default
 * 1,000,000) split across three subjects, on SQLite, 10 connections: a word found in 1 % of the
 * rows (typed with its accent, stored without: the index ignores accents) and a word found in
 * none, first page of 10. Figures go to the search section of bench/RESULTS.md; never asserted.
 */
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 10;
const admin = { email: 'search@talkbase.test', password: 'Search-Bench-2026' };
const env = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  DATABASE_URL: '',
};

interface CreatedSubject {
  subjectId: number;
  subjectAttributes: { subjectAttributeId: number; identifier: string }[];
}

const signIn = async (server: RunningServer) =>
  String((await api(server, null, 'POST', '/api/account/login', admin)).token);

/** Words of the generated descriptions; every hundredth record says "manutencao" (1 %). */
const WORDS = [
  'impressora',
  'rede',
  'senha',
  'acesso',
  'lento',
  'erro',
  'sistema',
  'relatorio',
  'fatura',
  'cadastro',
];
const describe = (id: number) =>
  `${WORDS[id % 10] ?? ''} ${WORDS[Math.floor(id / 10) % 10] ?? ''} cliente ${id % 997}${id % 100 === 0 ? ' manutencao' : ''}`;

/** `rows` records of one subject straight into its table, indexes and the search index rebuilt once. */
function load(file: string, subject: CreatedSubject, firstId: number, rows: number): void {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const table = `subject_${subject.subjectId}`;
  const column = (id: string) =>
    `a_${subject.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId ?? 0}`;
  const deferred = db
    .prepare(
      `select type, name, sql from sqlite_master where tbl_name = ? and sql is not null and
        (type = 'index' or (type = 'trigger' and name = ?))`,
    )
    .all(table, `${table}_fts_ai`) as { type: string; name: string; sql: string }[];
  for (const d of deferred) db.exec(`drop ${d.type} ${d.name}`);
  const now = Date.now();
  const insert = db.prepare(
    `insert into ${table} (id, is_active, version, created_at, created_by, updated_at, updated_by, search_text, ${column('nome')}, ${column('descricao')}) values (?, 1, 1, ?, 1, ?, 1, ?, ?, ?)`,
  );
  const batch = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      const name = `Registro ${id}`;
      const description = describe(id);
      insert.run(id, now, now, `${name} ${description}`.toLowerCase(), name, description);
    }
  });
  const last = firstId + rows - 1;
  for (let from = firstId; from <= last; from += 50_000) batch(from, Math.min(last, from + 49_999));
  db.transaction(() => {
    for (const d of deferred) db.exec(d.sql);
    db.exec(`insert into ${table}_fts(${table}_fts) values ('rebuild')`);
  })();
  db.close();
}

interface Row {
  workload: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  totalResults: number;
}

async function measure(server: RunningServer, token: string, workload: string, q: string): Promise<Row> {
  const path = `/api/search?q=${encodeURIComponent(q)}&page=1&fetch=10`;
  const first = (await api(server, token, 'GET', path)) as { totalResults: number };
  const result = await fireLoad({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
    workload: { factory: 'fixed', args: { method: 'GET', path } },
  });
  const row = {
    workload,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    totalResults: first.totalResults,
  };
  process.stdout.write(`${workload}: ${row.rps} req/s, p99 ${row.p99} ms (${row.totalResults} results)\n`);
  return row;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-search-'));
let server = await startServer(env, { dataDir, keepData: true });
let token = await signIn(server);
const names = [
  ['chamado_busca', 'Chamado'],
  ['cliente_busca', 'Cliente'],
  ['equipamento_busca', 'Equipamento'],
] as const;
const subjects: CreatedSubject[] = [];
for (const [identifier, name] of names) {
  subjects.push(
    (await api(server, token, 'POST', '/api/subject', {
      identifier,
      name,
      attributes: [
        { identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true },
        { identifier: 'descricao', name: 'Descrição', componentId: 1 },
      ],
    })) as unknown as CreatedSubject,
  );
}
await server.stop();
const loadStarted = Date.now();
const share = Math.ceil(N / subjects.length);
subjects.forEach((subject, i) => {
  load(path.join(dataDir, 'talkbase.db'), subject, 1 + i * share, Math.min(share, N - i * share));
});
const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'));
db.exec('analyze');
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const loadSeconds = (Date.now() - loadStarted) / 1000;
process.stdout.write(`${N} rows in 3 subjects loaded in ${loadSeconds.toFixed(1)} s\n`);

server = await startServer(env, { dataDir, keepData: true });
token = await signIn(server);
const loadBefore = os.loadavg()[0] ?? 0;
const rows = [
  await measure(server, token, 'word in 1 % of rows ("manutenção")', 'manutenção'),
  await measure(server, token, 'word in no row ("zqxjw")', 'zqxjw'),
];
const rss = server.rssMiB();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const verdict = (r: Row) => (r.rps >= 500 && r.p99 <= 50 ? 'met' : 'missed');
writeResultsSection(
  'search',
  `## Global search

Written by \`npm run bench:search\` (bench/src/search.ts) on ${new Date().toISOString()}; never edited by hand.
${N.toLocaleString('en-US')} records in three subjects (${names.map((n) => n[1]).join(', ')}), SQLite, ${CONNECTIONS} connections,
${SECONDS} s per workload after ${WARMUP_SECONDS} s of warm-up, GET /api/search first page of 10 as the administrator; ${pinningNote};
${os.cpus().length} cores (Node ${process.version}); 1-minute load average ${loadBefore.toFixed(1)} before the runs.
Loaded in ${loadSeconds.toFixed(1)} s; server resident memory after the run ${rss} MiB.

| workload | results | requests/s | p50 ms | p99 ms | errors | target ≥ 500/s, p99 ≤ 50 ms |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.map((r) => `| ${r.workload} | ${r.totalResults} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${verdict(r)} |`).join('\n')}

A repeated search reads its counts and its best ids from the count cache (dropped by any write to the subject), so
these rows measure the steady state of a term many people search; the first search of a term after a write counts
its matches in the index again.
`,
);
