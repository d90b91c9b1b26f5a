import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, serverMain, webDist } from './paths.ts';

export const ADMIN_EMAIL = 'admin@talkbase.test';
export const ADMIN_PASSWORD = 'Admin-e2e-senha-forte-2024';
/** The customers' room (000 §1): where ordinary users are created. */
export const CUSTOMER_ROOM_ID = 1196;

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Stops the process and removes its data directory, unless it is to be kept as a template. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/**
 * The server's own compile cache (packages/server/src/compile-cache.mjs, as `npm start` loads it):
 * a start after the first neither type-strips nor compiles the server's modules again.
 */
const compileCache = path.join(repoRoot, 'packages/server/src/compile-cache.mjs');

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

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`O servidor não respondeu em 60 s:\n${output()}`);
}

/**
 * A real server process on a free port with a fresh data directory, serving the built web app.
 * Node 24 comes from the npm script's PATH (process.execPath), as the project requires. With a
 * template (see `makeDataTemplate`), the directory starts as a copy of it: the server then finds
 * its company, admin and seed there and starts without migrating or seeding.
 */
export async function startServer(env: Record<string, string> = {}, template?: string): Promise<TestServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('packages/web/dist não existe: rode `npm run build` antes da suíte end-to-end.');
  }
  // The free port is probed, then given to the child: between the two another process (another
  // worker's server, Chromium) may take it — CI saw it once in ~100 starts. The child then ends at
  // once with EADDRINUSE, and the start is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, template);
    } catch (err) {
      if (attempt >= 5 || !(err instanceof PortTakenError)) throw err;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(env: Record<string, string>, template?: string): Promise<TestServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-e2e-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, [`--import=${pathToFileURL(compileCache).href}`, serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      // Many sign-ins in a row from one address are the suite, not an attack.
      LOGIN_LIMIT_PER_ADDRESS: '10000',
      LOGIN_LIMIT_PER_ACCOUNT: '10000',
      // Revoked sessions are noticed on open sockets within half a second.
      SESSION_CHECK_MS: '500',
      // The service levels' checker only where a file asks for it (sla.e2e): it works after every commit.
      SLA_CHECK_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const output = () => log;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, output);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (child.exitCode !== null && log.includes('EADDRINUSE')) throw new PortTakenError(log);
    throw err;
  }
  return {
    url,
    port,
    dataDir,
    output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The data directory a first start with `env` leaves (migrations, company, admin, and the demo
 * with SEED=demo), for `startServer` to copy: a fresh demo start took 14–19 s here (over 50 s on
 * a loaded host), a start from the copy 3–5 s. Made once per run, before any test; the process is
 * stopped before the copy is taken, and SQLite rebuilds the shared-memory index the WAL's readers
 * use (`-shm`) when the copy is opened, so it is left out. `fill` adds what every file needs (the
 * suite's ordinary user) before the copy is taken.
 */
export async function makeDataTemplate<T>(
  env: Record<string, string>,
  fill: (server: TestServer) => Promise<T>,
): Promise<{ dir: string; customer: T }> {
  const server = await startServer(env);
  let customer: T;
  try {
    customer = await fill(server);
  } finally {
    await server.stop({ keepData: true });
  }
  fs.rmSync(path.join(server.dataDir, 'talkbase.db-shm'), { force: true });
  return { dir: server.dataDir, customer };
}
