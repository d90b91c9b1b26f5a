import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './cannon.ts';
import * as workloads from './workloads.ts';

/** The load generator's process (cannon.ts): a warm-up, then one measured autocannon run, its figures sent back over IPC. */
process.once('message', (message) => {
  void run(message as LoadSpec);
});

async function run(spec: LoadSpec) {
  const factory = (workloads as Record<string, unknown>)[spec.workload.factory];
  if (typeof factory !== 'function') throw new Error(`no workload ${spec.workload.factory}`);
  const next = await (factory as (args: unknown) => Promise<() => workloads.Request>)(spec.workload.args);
  const { headers } = spec;
  let current: autocannon.Instance | undefined;
  let stopped = false;
  process.on('message', (m) => {
    if (m !== 'stop') return;
    stopped = true;
    current?.stop();
  });
  const load = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      current = autocannon(
        {
          url: spec.url,
          connections: spec.connections,
          duration,
          headers,
          // A copy per request: autocannon writes a body's content-length into the headers it is
          // given, which a later request without a body would otherwise send.
          requests: [{ setupRequest: (req) => ({ ...req, ...next(), headers: { ...headers } }) }],
        },
        (err, r) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r)),
      );
      if (stopped) current.stop();
    });
  // The warm-up's figures are dropped: only the run after it is measured.
  if (spec.warmup) await load(spec.warmup);
  // The parent samples CPU time from here to the answer (cannon.ts, onMeasuring).
  process.send?.('measuring');
  const result = await load(spec.duration);
  const answer: LoadResult = {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats as Record<string, unknown>,
  };
  process.send?.(answer, () => process.exit(0));
}
