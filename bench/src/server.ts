import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { IDLE_MEMORY_DEFAULTS } from '@talkbase/server/runtime/idle-memory';
import { pinned } from './cannon.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The Node flags `npm start` runs the server with (the root package.json's `serve` script). */
export const serverNodeFlags: string[] = (() => {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  return (scripts.serve ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
})();

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory of the server process, in MiB (Linux). */
  rssMiB(): number;
  dataDir: string;
  stop(): Promise<void>;
  /** SIGKILL: no graceful shutdown, as in a crash or power cut of the process. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts a real server process (as `npm start` would, without the web build) on a fresh data dir. */
export async function startServer(
  env: Record<string, string>,
  opts: { dataDir?: string; keepData?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-bench-'));
  // BENCH_SERVER_ARGS passes Node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const [command, args] = pinned('server', process.execPath, [
    ...serverNodeFlags,
    ...nodeArgs,
    path.join(repoRoot, 'packages/server/src/main.ts'),
  ]);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 200 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    child,
    rssMiB() {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The server's RSS once it has been quiet long enough to give its garbage back
 * (packages/server/src/runtime/idle-memory.ts): the quiet period, a check, and two seconds for the
 * collection itself. Call it after the last request.
 */
export async function rssOnceQuiet(server: RunningServer): Promise<number> {
  const { quietMs, checkEveryMs } = IDLE_MEMORY_DEFAULTS;
  await new Promise((r) => setTimeout(r, quietMs + checkEveryMs + 2_000));
  return server.rssMiB();
}

/** Samples the server's RSS every 50 ms until stopped; the stop function answers the peak (MiB). */
export function sampleRss(server: RunningServer): () => number {
  let peak = server.rssMiB();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, server.rssMiB());
  };
}

/**
 * Runs `work` with a PostgreSQL URL whose search path is a schema of its own, made for it and
 * dropped afterwards: a bench never touches the database's other tables. With `kept`, that schema
 * instead (made if missing) and kept afterwards, for a later run to reuse what it holds.
 */
export async function withBenchSchema<T>(
  databaseUrl: string,
  prefix: string,
  work: (url: string) => Promise<T>,
  kept?: string,
): Promise<T> {
  if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`not a schema name: ${kept}`);
  const schema = kept ?? `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${kept ? 'if not exists ' : ''}${schema}`);
  try {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await work(url.toString());
  } finally {
    if (!kept) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
