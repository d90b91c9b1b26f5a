import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/**
 * CPU time of processes on this machine, from /proc (Linux): what one request costs the server and
 * the database, the figure an operator sizes instances with (issue 36 item 3). Undefined where
 * /proc cannot be read (another system, or a database on another machine).
 */

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime, and the same of its children already ended and waited for, in ms. */
  ownMs: number;
  endedChildrenMs: number;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields start after its ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / CLK_TCK;
  return {
    pid,
    ppid: Number(f[1]),
    ownMs: ms(f[11]) + ms(f[12]),
    endedChildrenMs: ms(f[13]) + ms(f[14]),
  };
}

/** CPU milliseconds one process has used so far. */
export function processCpuMs(pid: number): number | undefined {
  return readStat(pid)?.ownMs;
}

/**
 * CPU milliseconds of a process and its direct children so far, the ended ones included: a
 * PostgreSQL postmaster's backends, WAL writer, checkpointer and autovacuum workers.
 */
export function treeCpuMs(rootPid: number): number | undefined {
  const root = readStat(rootPid);
  if (!root) return undefined;
  let total = root.ownMs + root.endedChildrenMs;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === rootPid) total += stat.ownMs;
  }
  return total;
}

/**
 * The PostgreSQL server's main process (postmaster) for `url`, when it runs on this machine: the
 * parent of the backend that answers a new connection. Undefined when /proc does not show it.
 */
export async function postgresMainPid(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0] ? readStat(rows[0].pid) : undefined;
    return backend && backend.ppid > 1 ? backend.ppid : undefined;
  } finally {
    await client.end();
  }
}
