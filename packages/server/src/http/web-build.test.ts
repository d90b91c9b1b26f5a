import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, dialectName } from '../test/harness.ts';

/**
 * `npm start` builds the web app only when its sources changed since the build it serves, and swaps
 * a new build in whole (scripts/web-build.ts, issue 39 item 13). Real `npm start` processes, each a
 * server on a loopback port, over a small web package of their own (TALKBASE_WEB_ROOT, built by
 * the same `vite build`), so the checkout's packages/web is never touched.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let work: string;
let web: string;
const started: Started[] = [];

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** The process ended (by its own exit or by a signal). */
const ended = (s: Started) => s.child.exitCode !== null || s.child.signalCode !== null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** This process's environment without what the test runner adds (NODE_ENV=test, VITEST…). */
function outsideEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'TEST_DATABASE_URL',
    ),
  );
}

/** `npm start` from the checkout, serving the small web package on a fresh data directory. */
async function npmStart(): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  // The run's migrated database, when there is one: the start then only finds nothing to migrate.
  const template = inject('sqliteTemplate');
  if (template) fs.copyFileSync(template, path.join(dataDir, 'talkbase.db'));
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    // Its own process group: stopping it stops npm, the shell and the server together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...outsideEnv(),
      TALKBASE_WEB_ROOT: web,
      WEB_DIST: path.join(web, 'dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'none',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const s = { child, url: `http://127.0.0.1:${port}`, output: () => log };
  started.push(s);
  return s;
}

/** The page `/` once the server answers it (the app's HTML), or the start's output on failure. */
async function pageOf(s: Started): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (ended(s)) throw new Error(`npm start terminou:\n${s.output()}`);
    try {
      const res = await fetch(`${s.url}/`, { headers: { accept: 'text/html' } });
      if (res.status === 200) return await res.text();
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/ não respondeu em 120 s:\n${s.output()}`);
}

async function stop(s: Started): Promise<void> {
  if (ended(s) || s.child.pid === undefined) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  process.kill(-s.child.pid, 'SIGTERM');
  await exited;
}

/** The build `dist` points at, relative to the web package. */
const served = () => fs.readlinkSync(path.join(web, 'dist'));
const builds = () => fs.readdirSync(path.join(web, '.builds')).filter((n) => !n.startsWith('.lock'));
const buildsIn = (output: string) => output.match(/construindo/g)?.length ?? 0;

/** The script the page loads: its text shows which version of the sources was built. */
async function appScript(s: Started, page: string): Promise<string> {
  const src = /<script[^>]+src="([^"]+)"/.exec(page)?.[1];
  expect(src, page).toBeDefined();
  return (await fetch(`${s.url}${src ?? ''}`)).text();
}

function writeSources(version: string): void {
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><title>Talkbase de teste</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>\n',
  );
  fs.writeFileSync(
    path.join(web, 'main.js'),
    `document.getElementById('root').textContent = 'versão ${version}';\n`,
  );
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-web-build-'));
  web = path.join(work, 'web');
  fs.mkdirSync(web);
  writeSources('1');
});

afterAll(async () => {
  await Promise.all(started.map(stop));
  fs.rmSync(work, { recursive: true, force: true });
});

// The spawned servers run on SQLite whatever the project: once is enough.
describe.skipIf(dialectName === 'postgres')('npm start and the web build', { timeout: 300_000 }, () => {
  it('builds once, serves the same build while the sources stay, and rebuilds once when one changes — two starts at once both serve it', async () => {
    // A first start: no build yet, so it builds one and serves it.
    const first = await npmStart();
    const firstPage = await pageOf(first);
    expect(firstPage).toContain('<title>Talkbase de teste</title>');
    expect(await appScript(first, firstPage)).toContain('versão 1');
    expect(buildsIn(first.output())).toBe(1);
    const firstBuild = served();
    expect(firstBuild).toMatch(/^\.builds[\\/][0-9a-f]{12}-\d+-[0-9a-f]{8}$/);
    await stop(first);

    // The same sources: no build, the same folder served.
    const second = await npmStart();
    expect(await pageOf(second)).toBe(firstPage);
    expect(second.output()).toContain('sem mudanças desde a última construção');
    expect(buildsIn(second.output())).toBe(0);
    expect(served()).toBe(firstBuild);
    await stop(second);

    // A source changes; two starts at once: one builds (the other waits for it), both serve it.
    writeSources('2');
    const a = await npmStart();
    const b = await npmStart();
    const [pageA, pageB] = await Promise.all([pageOf(a), pageOf(b)]);
    expect(pageA).toContain('<title>Talkbase de teste</title>');
    expect(pageB).toBe(pageA);
    expect(await appScript(a, pageA)).toContain('versão 2');
    expect(await appScript(b, pageB)).toContain('versão 2');
    expect(buildsIn(a.output()) + buildsIn(b.output())).toBe(1);
    expect(served()).not.toBe(firstBuild);
    // The build that is no longer served was removed; the lock was released.
    expect(builds()).toEqual([path.basename(served())]);
    expect(fs.existsSync(path.join(web, '.builds', '.lock'))).toBe(false);
    await Promise.all([stop(a), stop(b)]);
  });
});
