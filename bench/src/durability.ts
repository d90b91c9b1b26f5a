import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { writeResultsSection } from './results.ts';
import { startServer, withBenchSchema, type RunningServer } from './server.ts';

/**
 * `npm run bench:durability` (issue 19 item 3): crash and storage faults, figures in the
 * durability section of bench/RESULTS.md; never asserted.
 *
 * 1. Crash cycles (CYCLES, default 20, per database; PostgreSQL with BENCH_DATABASE_URL): 8 writers
 *    create records — every fourth with a file — until the server is killed with SIGKILL 8–12 s in;
 *    the server restarts on the same data. At the end every acknowledged creation and upload is
 *    looked up in the database and on disk: lost, doubled, records pointing at a missing file, and
 *    files no record names after the restart's clean-up.
 * 2. Online backups (SQLite): 10 `npm run backup` runs while the writers go on, each checked with
 *    `PRAGMA integrity_check`; the last restored into a new data directory and served.
 * 3. Disk full: DATA_DIR on a small tmpfs (needs root), writes until the disk is full, then space
 *    freed: the answers while full, whether anything acknowledged was lost, recovery.
 */
const CYCLES = Number(process.env.CYCLES ?? 20);
const WRITERS = 8;
/** Seconds of writing before each kill (random between these). */
const BURST = [Number(process.env.BURST_MIN ?? 8), Number(process.env.BURST_MAX ?? 12)] as const;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const admin = { email: 'durability@talkbase.test', password: 'Durability-Password-1' };
const env = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  // One instance: bytes without a row are a crash's, swept at start whatever their age.
  FILE_SWEEP_GRACE_SECONDS: '0',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function call(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return ((await res.json()) as { token: string }).token;
}

interface Subject {
  subjectId: number;
  nome: number;
  anexo: number;
}

async function createSubject(server: RunningServer, token: string): Promise<Subject> {
  const res = await call(server, token, 'POST', '/api/subject', {
    identifier: 'evento',
    name: 'Evento',
    attributes: [
      { identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true },
      { identifier: 'anexo', name: 'Anexo', componentId: 22 },
    ],
  });
  const s = (await res.json()) as {
    subjectId: number;
    subjectAttributes: { subjectAttributeId: number; identifier: string }[];
  };
  const id = (name: string) =>
    s.subjectAttributes.find((a) => a.identifier === name)?.subjectAttributeId ?? 0;
  return { subjectId: s.subjectId, nome: id('nome'), anexo: id('anexo') };
}

interface Acknowledged {
  names: string[];
  /** Record ids whose upload was acknowledged. */
  files: number[];
  statuses: Map<number, number>;
}

/** Writers until `stop()`: creations (every fourth writer also uploads a file to its record). */
function startWriters(
  server: RunningServer,
  token: string,
  subject: Subject,
  tag: string,
  ack: Acknowledged,
  pad = '',
) {
  let stopped = false;
  const count = (status: number) => ack.statuses.set(status, (ack.statuses.get(status) ?? 0) + 1);
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const name = `${tag}-w${w}-${i}`;
      try {
        const res = await call(server, token, 'POST', '/api/talk/evento', {
          talkValues: [{ subjectAttributeIdentifier: 'nome', value: `${name}${pad}` }],
        });
        count(res.status);
        if (res.status !== 201) {
          await res.arrayBuffer();
          continue;
        }
        ack.names.push(`${name}${pad}`);
        const talkId = ((await res.json()) as { resourceId: number }).resourceId;
        if (w % 4 !== 0) continue;
        const up = await call(server, token, 'POST', `/api/value/file/evento/${talkId}/${subject.anexo}`, {
          files: [{ name: `${name}.pdf`, data: PDF.toString('base64') }],
        });
        count(up.status);
        await up.arrayBuffer();
        if (up.status === 201) ack.files.push(talkId);
      } catch {
        // The server died under this request (not acknowledged): the loop ends once stopped.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(writers);
  };
}

interface Audit {
  acknowledged: number;
  lost: number;
  doubled: number;
  filesAcknowledged: number;
  missingFiles: number;
  orphanFiles: number;
}

/** What the database and the disk hold, against what was acknowledged (server stopped). */
async function audit(dataDir: string, databaseUrl: string | null, subject: Subject, ack: Acknowledged) {
  const table = `subject_${subject.subjectId}`;
  const nameColumn = `a_${subject.nome}`;
  let names: { name: string; n: number }[];
  let fileRows: { talk_id: number; storage_key: string }[];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    names = (await client.query(`select ${nameColumn} as name, count(*)::int as n from ${table} group by 1`))
      .rows as { name: string; n: number }[];
    fileRows = (await client.query('select talk_id, storage_key from talk_files where deleted_at is null'))
      .rows as {
      talk_id: number;
      storage_key: string;
    }[];
    await client.end();
  } else {
    const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'), { readonly: true });
    names = db.prepare(`select ${nameColumn} as name, count(*) as n from ${table} group by 1`).all() as {
      name: string;
      n: number;
    }[];
    fileRows = db.prepare('select talk_id, storage_key from talk_files where deleted_at is null').all() as {
      talk_id: number;
      storage_key: string;
    }[];
    db.close();
  }
  const counted = new Map(names.map((r) => [r.name, r.n]));
  const filesRoot = path.join(dataDir, 'files');
  const onDisk = new Set(
    fs.existsSync(filesRoot)
      ? (fs.readdirSync(filesRoot, { recursive: true }) as string[]).filter(
          (p) => !p.startsWith('tmp') && fs.statSync(path.join(filesRoot, p)).isFile(),
        )
      : [],
  );
  const keys = new Set(fileRows.map((r) => r.storage_key));
  const withFile = new Set(fileRows.map((r) => r.talk_id));
  return {
    acknowledged: ack.names.length,
    lost:
      ack.names.filter((n) => !counted.has(n)).length + ack.files.filter((id) => !withFile.has(id)).length,
    doubled: names.filter((r) => r.n > 1).length,
    filesAcknowledged: ack.files.length,
    missingFiles: fileRows.filter((r) => !onDisk.has(r.storage_key)).length,
    orphanFiles: [...onDisk].filter((k) => !keys.has(k)).length,
  } satisfies Audit;
}

async function crashCycles(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-durability-'));
  const serverEnv = { ...env, DATABASE_URL: databaseUrl ?? '' };
  let server = await startServer(serverEnv, { dataDir, keepData: true });
  let token = await signIn(server);
  const subject = await createSubject(server, token);
  const ack: Acknowledged = { names: [], files: [], statuses: new Map() };
  const perCycle: number[] = [];
  for (let c = 0; c < CYCLES; c++) {
    const before = ack.names.length;
    const stop = startWriters(server, token, subject, `c${c}`, ack);
    await new Promise((r) => setTimeout(r, (BURST[0] + Math.random() * (BURST[1] - BURST[0])) * 1000));
    await server.kill();
    await stop();
    perCycle.push(ack.names.length - before);
    server = await startServer(serverEnv, { dataDir, keepData: true });
    token = await signIn(server);
    process.stdout.write(`${label} cycle ${c + 1}: ${perCycle[c] ?? 0} acknowledged\n`);
  }
  // The last start swept what the last crash left; give it a moment, then look.
  await new Promise((r) => setTimeout(r, 1000));
  await server.stop();
  const result = await audit(dataDir, databaseUrl, subject, ack);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const statuses = [...ack.statuses].map(([s, n]) => `${s}×${n}`).join(', ');
  process.stdout.write(`${label}: ${JSON.stringify(result)} (${statuses})\n`);
  return { label, ...result, statuses, minCycle: Math.min(...perCycle), maxCycle: Math.max(...perCycle) };
}

/** `npm run backup`/`restore` as an operator runs them: another process (the writers go on meanwhile). */
function backupCli(
  dataDir: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'packages/server/src/cli/backup.ts'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stdout, stderr })));
}

async function backupsUnderLoad() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-backup-'));
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-backups-'));
  const server = await startServer({ ...env, DATABASE_URL: '' }, { dataDir, keepData: true });
  const token = await signIn(server);
  const subject = await createSubject(server, token);
  const ack: Acknowledged = { names: [], files: [], statuses: new Map() };
  const stop = startWriters(server, token, subject, 'b', ack);
  const taken: { ok: boolean; seconds: number; integrity: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const started = Date.now();
    const res = await backupCli(dataDir, ['backup', backups]);
    if (res.status !== 0) process.stdout.write(`backup ${i + 1} failed: ${res.stderr}\n`);
    const folder = /Backup em (\S+) /.exec(res.stdout)?.[1] ?? '';
    let integrity = 'missing';
    if (folder) {
      const db = new BetterSqlite3(path.join(folder, 'talkbase.db'), { readonly: true });
      integrity = String(db.pragma('integrity_check', { simple: true }));
      db.close();
    }
    taken.push({ ok: res.status === 0, seconds: (Date.now() - started) / 1000, integrity });
  }
  await stop();
  await server.stop();
  // The last backup restored into a new data directory, and served.
  const last = fs.readdirSync(backups).sort().at(-1) ?? '';
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-restored-'));
  const restore = await backupCli(restoredDir, ['restore', path.join(backups, last)]);
  const restored = await startServer({ ...env, DATABASE_URL: '' }, { dataDir: restoredDir, keepData: true });
  const rToken = await signIn(restored);
  const page = (await (
    await call(restored, rToken, 'POST', '/api/talk/filter/evento', { fetch: 10 })
  ).json()) as { totalResults?: number };
  const write = await call(restored, rToken, 'POST', '/api/talk/evento', {
    talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'depois da restauração' }],
  });
  await restored.stop();
  for (const d of [dataDir, backups, restoredDir]) fs.rmSync(d, { recursive: true, force: true });
  return {
    taken,
    writesDuring: ack.names.length,
    restoreOk: restore.status === 0,
    restoredRecords: page.totalResults ?? 0,
    restoredWrite: write.status,
  };
}

async function diskFull() {
  const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mount]);
  if (mounted.status !== 0) return { skipped: 'no tmpfs (mount needs root)' } as const;
  try {
    const dataDir = path.join(mount, 'data');
    let server = await startServer({ ...env, DATABASE_URL: '' }, { dataDir, keepData: true });
    let token = await signIn(server);
    const subject = await createSubject(server, token);
    // Fill the disk but a few MB, so the writers reach its end quickly.
    const filler = path.join(mount, 'filler');
    const free = () =>
      Number(spawnSync('df', ['-B1', '--output=avail', mount], { encoding: 'utf8' }).stdout.split('\n')[1]);
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 2 * 1024 * 1024)));
    const ack: Acknowledged = { names: [], files: [], statuses: new Map() };
    const stop = startWriters(server, token, subject, 'f', ack, ` ${'x'.repeat(600)}`);
    const deadline = Date.now() + 60_000;
    while ((ack.statuses.get(507) ?? 0) < 50 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const whileFull = new Map(ack.statuses);
    // Space returns.
    fs.rmSync(filler);
    const freedAt = ack.names.length;
    const until = Date.now() + 20_000;
    while (ack.names.length < freedAt + 200 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    const recovered = ack.names.length - freedAt;
    await stop();
    await server.stop();
    server = await startServer({ ...env, DATABASE_URL: '' }, { dataDir, keepData: true });
    token = await signIn(server);
    await server.stop();
    const result = await audit(dataDir, null, subject, ack);
    return {
      whileFull: [...whileFull].map(([s, n]) => `${s}×${n}`).join(', '),
      recovered,
      ...result,
    };
  } finally {
    spawnSync('umount', ['-l', mount]);
    fs.rmSync(mount, { recursive: true, force: true });
  }
}

const crash = [await crashCycles('SQLite', null)];
if (process.env.BENCH_DATABASE_URL) {
  crash.push(
    await withBenchSchema(process.env.BENCH_DATABASE_URL, 'durability', (url) =>
      crashCycles('PostgreSQL', url),
    ),
  );
}
const backups = await backupsUnderLoad();
process.stdout.write(`backups: ${JSON.stringify(backups)}\n`);
const full = await diskFull();
process.stdout.write(`disk full: ${JSON.stringify(full)}\n`);

const fullRows =
  'skipped' in full
    ? `Not measured: ${full.skipped}.`
    : `Answers while the disk was full: ${full.whileFull}. After space returned: ${full.recovered} more creations acknowledged within 20 s.
After a restart: ${full.acknowledged} creations and ${full.filesAcknowledged} uploads acknowledged in all, **${full.lost} lost**, ${full.doubled} doubled, ${full.missingFiles} records pointing at a missing file, ${full.orphanFiles} files without a record.`;

writeResultsSection(
  'durability',
  `## Crashes, backups and a full disk

Written by \`npm run bench:durability\` (bench/src/durability.ts) on ${new Date().toISOString()}; never edited by hand.
${os.cpus().length} cores, Node ${process.version}; the server and the ${WRITERS} writers share the machine.

**Crash cycles.** ${CYCLES} cycles per database: ${WRITERS} writers create records (every fourth also uploads a file to its
record) until the server is killed with SIGKILL ${BURST[0]}–${BURST[1]} s in; it restarts on the same data (its start sweeps bytes no
record names). Then every acknowledged creation and upload is looked up in the database and on disk.

| database | acknowledged creations | per cycle (min–max) | acknowledged uploads | lost | doubled | records → missing file | files without a record | answers |
| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |
${crash
  .map(
    (r) =>
      `| ${r.label} | ${r.acknowledged} | ${r.minCycle}–${r.maxCycle} | ${r.filesAcknowledged} | ${r.lost} | ${r.doubled} | ${r.missingFiles} | ${r.orphanFiles} | ${r.statuses} |`,
  )
  .join('\n')}

**Online backups (SQLite).** 10 runs of \`npm run backup\` (\`VACUUM INTO\`, then the files) while ${WRITERS} writers went on
(${backups.writesDuring} creations acknowledged meanwhile): ${backups.taken.filter((t) => t.ok && t.integrity === 'ok').length} of 10 succeeded and passed
\`PRAGMA integrity_check\` (${backups.taken.map((t) => `${t.seconds.toFixed(1)} s`).join(', ')}). The last one restored with \`npm run restore\` into a
new data directory: ${backups.restoreOk ? 'restored' : 'restore FAILED'}; the server started on it and answered ${backups.restoredRecords} records, and a new
creation answered ${backups.restoredWrite}.

**Disk full (SQLite, DATA_DIR on a 48 MB tmpfs filled but 2 MB; records of ~600 bytes).** ${fullRows}
`,
);
