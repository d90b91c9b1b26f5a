import fs from 'node:fs';
import { fireLoad } from './cannon.ts';
import { RECORDS_ADMIN, recordsWorkloads } from './records-workloads.ts';
import { startServer } from './server.ts';
import { benchEnv, signIn } from './setup.ts';

/**
 * `npm run bench:alloc -- <workload>`: where one records workload's requests allocate. Starts the
 * server on the data set bench:records kept (BENCH_DATA_DIR, required), runs the workload for 3 s
 * unmeasured, then BENCH_SECONDS (default 8) under V8's sampling heap profiler with collected
 * objects counted (over the inspector). Prints the KiB allocated and the server's CPU time per
 * request, and the allocations by site and by the three innermost frames of our own code. Garbage
 * per request is what fills the old space between full collections (docs/decisions.md "Records
 * engine performance", fifth pass).
 */
const dataDir = process.env.BENCH_DATA_DIR;
const which = process.argv[2] ?? 'global_search_hit';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const workload = recordsWorkloads(N, N + 3_000_000 + Math.floor(Math.random() * 1e6)).find(
  (w) => w.name === which,
)?.workload;
if (!dataDir || !workload) {
  process.stderr.write('usage: BENCH_DATA_DIR=<bench:records data> npm run bench:alloc -- <workload>\n');
  process.exit(2);
}
const INSPECT_PORT = 9239;
process.env.BENCH_SERVER_ARGS = `${process.env.BENCH_SERVER_ARGS ?? ''} --inspect=127.0.0.1:${INSPECT_PORT}`;
const server = await startServer(benchEnv(RECORDS_ADMIN), { dataDir, keepData: true });

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Linux's USER_HZ: the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/** The CPU time a process has used (user + system, /proc/<pid>/stat), in ms. */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1000) / CLOCK_TICKS;
}

/** A Chrome DevTools Protocol session with the server's inspector. */
async function inspector() {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? '');
  await new Promise((r) => ws.addEventListener('open', r, { once: true }));
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result);
  });
  return {
    call: (method: string, params: unknown = {}) =>
      new Promise<unknown>((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

try {
  const token = await signIn(server, RECORDS_ADMIN);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const load = { url: server.url, connections: 10, headers, workload };
  await fireLoad({ ...load, duration: 3, warmup: 0 });
  const session = await inspector();
  await session.call('HeapProfiler.enable');
  await session.call('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const cpuBefore = serverCpuMs(server.pid);
  const result = await fireLoad({ ...load, duration: seconds, warmup: 0 });
  const cpuMs = serverCpuMs(server.pid) - cpuBefore;
  const { profile } = (await session.call('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
  session.close();

  const requests = result.rps * seconds;
  const bySite = new Map<string, number>();
  const byOurs = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, stack: string[]) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/.*\/(node_modules|packages)\//, '$1/')}:${lineNumber + 1}`;
    const frames = [...stack, site];
    if (node.selfSize) {
      total += node.selfSize;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      const ours =
        frames
          .filter((f) => f.includes('packages/'))
          .slice(-3)
          .join(' < ') || '(no frame of ours)';
      byOurs.set(ours, (byOurs.get(ours) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(profile.head, []);
  const kib = (bytes: number) => (bytes / Math.max(1, requests) / 1024).toFixed(1).padStart(7);
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${kib(v)}  ${k}`)
      .join('\n');
  process.stdout.write(
    `${which}: ${result.rps}/s over ${seconds} s, ${kib(total).trim()} KiB allocated and ` +
      `${(cpuMs / Math.max(1, requests)).toFixed(2)} ms of server CPU per request (profiler included)\n\n` +
      `KiB per request, by allocating site:\n${top(bySite)}\n\n` +
      `KiB per request, by our three innermost frames:\n${top(byOurs)}\n`,
  );
} finally {
  await server.stop();
}
