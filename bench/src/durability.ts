import fs from 'node:fs';
import path from 'node:path';
import { startServer, withBenchSchema, type RunningServer } from './server.ts';

/**
 * Crash durability: a burst of talk creations, the server killed with SIGKILL mid-burst,
 * restarted on the same data, and every creation the client saw acknowledged (201) looked up.
 * `npm run bench:durability` — CYCLES (default 5) per database; PostgreSQL with BENCH_DATABASE_URL.
 */
const cycles = Number(process.env.CYCLES ?? 5);
const adminEmail = 'durability@talkbase.test';
const adminPassword = 'Durability-Password-1';
const env = {
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  LOGIN_LIMIT_PER_ADDRESS: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
};

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
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  return ((await res.json()) as { token: string }).token;
}

interface CycleResult {
  acknowledged: number;
  lost: number;
}

async function runDatabase(
  label: string,
  extraEnv: Record<string, string>,
  dataDir: string,
): Promise<CycleResult[]> {
  let server = await startServer({ ...env, ...extraEnv }, { dataDir, keepData: true });
  let token = await signIn(server);
  await call(server, token, 'POST', '/api/subject', {
    identifier: 'evento',
    name: 'Evento',
    attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true }],
  });
  const results: CycleResult[] = [];
  for (let c = 0; c < cycles; c++) {
    const acknowledged: number[] = [];
    let stop = false;
    // 8 writers create talks as fast as the server answers, until the kill.
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await call(server, token, 'POST', '/api/talk/evento', {
            talkValues: [{ subjectAttributeIdentifier: 'nome', value: `c${c}-w${w}-${i}` }],
          });
          if (res.status === 201)
            acknowledged.push(((await res.json()) as { resourceId: number }).resourceId);
        } catch {
          return; // the server died under this request: not acknowledged
        }
      }
    });
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
    await server.kill();
    stop = true;
    await Promise.all(writers);

    server = await startServer({ ...env, ...extraEnv }, { dataDir, keepData: true });
    token = await signIn(server);
    let lost = 0;
    for (let i = 0; i < acknowledged.length; i += 500) {
      const ids = acknowledged.slice(i, i + 500);
      const res = await call(server, token, 'POST', '/api/talk/filter/evento', {
        fetch: 1000,
        filterJson: { attribute: 'id', operator: 'in', value: ids },
      });
      const page = (await res.json()) as { totalResults: number };
      lost += ids.length - page.totalResults;
    }
    results.push({ acknowledged: acknowledged.length, lost });
    process.stdout.write(`${label} cycle ${c + 1}: ${acknowledged.length} acknowledged, ${lost} lost\n`);
  }
  await server.stop();
  return results;
}

const report: string[] = [];
const sqliteDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-durability-'));
const sqlite = await runDatabase('SQLite', { DATABASE_URL: '' }, sqliteDir);
fs.rmSync(sqliteDir, { recursive: true, force: true });
report.push(...sqlite.map((r, i) => `| SQLite | ${i + 1} | ${r.acknowledged} | ${r.lost} |`));

if (process.env.BENCH_DATABASE_URL) {
  const results = await withBenchSchema(process.env.BENCH_DATABASE_URL, 'durability', async (url) => {
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-durability-'));
    const out = await runDatabase('PostgreSQL', { DATABASE_URL: url }, dir);
    fs.rmSync(dir, { recursive: true, force: true });
    return out;
  });
  report.push(...results.map((r, i) => `| PostgreSQL | ${i + 1} | ${r.acknowledged} | ${r.lost} |`));
}

const section = [
  '| database | cycle | acknowledged creations | lost after SIGKILL and restart |',
  '| --- | ---: | ---: | ---: |',
  ...report,
].join('\n');
const file = path.join(import.meta.dirname, '..', 'DURABILITY.md');
fs.writeFileSync(
  file,
  `# Crash durability\n\nWritten by \`npm run bench:durability\` (bench/src/durability.ts) on ${new Date().toISOString()}. Each cycle: 8 writers create talks until the server is killed with SIGKILL at a random moment (0.3–1 s in), then the server restarts on the same data and every creation acknowledged with 201 is looked up.\n\n${section}\n`,
);
process.stdout.write(`${section}\n`);
