import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * The load generator in a process of its own, pinned to the last core while the server is pinned to
 * the first (`taskset`, when the machine has 2+ cores and BENCH_PIN is not 0): autocannon then
 * never takes the CPU the server runs on, so the figures measure the server (issue 18). The request
 * each connection sends comes from a factory module (`bench/src/workloads.ts`), loaded in that
 * process. Figures are reported, never asserted.
 */
export interface LoadSpec {
  url: string;
  connections: number;
  /** Seconds; a load started with `startLoad` runs until stopped. */
  duration: number;
  /** Seconds of the same load first, not measured (fireLoad: BENCH_WARMUP, default 3, as the peers' runs). */
  warmup?: number;
  headers: Record<string, string>;
  /** A factory exported by workloads.ts and its argument. */
  workload: { factory: string; args: unknown };
}

export interface LoadResult {
  rps: number;
  /** Responses in the measured run (after the warm-up). */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, unknown>;
}

const pinnable = os.cpus().length >= 2 && process.env.BENCH_PIN !== '0' && hasTaskset();
function hasTaskset(): boolean {
  return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** The command that runs `args` (a node command line) on the given cores, where pinning applies. */
export function pinned(cores: 'server' | 'load', command: string, args: string[]): [string, string[]] {
  if (!pinnable) return [command, args];
  const last = os.cpus().length - 1;
  return [
    'taskset',
    ['-c', cores === 'server' ? `0-${Math.max(0, last - 1)}` : String(last), command, ...args],
  ];
}

export const pinningNote = pinnable
  ? `the server pinned to core${os.cpus().length > 2 ? `s 0–${os.cpus().length - 2}` : ' 0'} and autocannon to core ${os.cpus().length - 1} in a process of its own (\`taskset\`)`
  : 'autocannon and the server on the same cores (no `taskset`, or BENCH_PIN=0)';

/** Seconds of unmeasured load before each measured one: JIT, caches and page cache warm, as the peers' 3 s. */
export const WARMUP_SECONDS = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));

/**
 * Runs a load to its end, after its warm-up. `onMeasuring` is called as the measured run starts
 * (the warm-up over), to sample what the run costs (CPU time) over exactly its requests.
 */
export async function fireLoad(spec: LoadSpec, onMeasuring?: () => void): Promise<LoadResult> {
  return startLoad({ warmup: WARMUP_SECONDS, ...spec }, onMeasuring).done;
}

/** Starts a load; `stop()` ends it early and answers its figures. */
export function startLoad(
  spec: LoadSpec,
  onMeasuring?: () => void,
): { done: Promise<LoadResult>; stop(): Promise<LoadResult> } {
  const [command, args] = pinned('load', process.execPath, [
    path.join(import.meta.dirname, 'cannon-child.ts'),
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(spec);
  const done = new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m) => {
      if (m === 'measuring') onMeasuring?.();
      else resolve(m as LoadResult);
    });
    child.once('exit', (code) => reject(new Error(`the load generator ended with ${code}`)));
  });
  return {
    done,
    stop: () => {
      child.send('stop');
      return done;
    },
  };
}
