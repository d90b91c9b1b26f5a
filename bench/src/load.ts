import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { fireLoad, WARMUP_SECONDS } from './cannon.ts';
import { postgresMainPid, processCpuMs, treeCpuMs } from './cpu.ts';
import { writeResultsSection } from './results.ts';
import { freePort, serverNodeFlags, withBenchSchema } from './server.ts';

/**
 * `npm run bench:load` (issue 19 item 2): two server instances on one PostgreSQL
 * (BENCH_DATABASE_URL, required) behind Debian's nginx with the rules of deploy/nginx, demo data.
 *
 * 1. 50 editors on 10 hot records through the proxy for BENCH_LOAD_SECONDS (default 120): each
 *    reads a record and saves it with its version. Every acknowledged change must be in the
 *    record's history (0 lost updates); conflicts answer 409 and are counted; 5xx counted.
 * 2. 500 WebSocket clients across both instances (50 of them the customer's, room 1196) while 20
 *    updates a second are made for BENCH_WS_SECONDS (default 30): delivery time from the update's
 *    request to each socket, and events that reached a customer socket for a record it may not read.
 * Figures go to the load section of bench/RESULTS.md; never asserted.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!databaseUrl || !nginxBinary) {
  process.stderr.write(
    'bench:load needs BENCH_DATABASE_URL (PostgreSQL) and nginx (apt-get install nginx-light).\n',
  );
  process.exit(1);
}
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const WS_SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 30);
const EDITORS = 50;
const HOT = 10;
const SOCKETS = 500;
const CUSTOMER_SOCKETS = 50;
const UPDATES_PER_SECOND = 20;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'load@talkbase.test', password: 'Load-Bench-Password-1' };
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };

/** Keep-alive agents per client address: each editor is its own client, as 50 people would be. */
const agents = new Map<string, http.Agent>();
const agentFor = (from: string) => {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress: from });
    agents.set(from, agent);
  }
  return agent;
};

function api(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  from = '127.0.0.1',
) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; json: () => Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: agentFor(from),
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as Record<string, unknown> });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signIn = async (base: string, who: { email: string; password: string }) =>
  String((await api(base, null, 'POST', '/api/account/login', who)).json().token);

async function until(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + 120_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Two instances and nginx in front of them; stopped together. */
async function startCluster(url: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-load-'));
  const children: ChildProcess[] = [];
  const instances: string[] = [];
  const pids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    children.push(
      spawn(process.execPath, [...serverNodeFlags, path.join(repoRoot, 'packages/server/src/main.ts')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: url,
          DATA_DIR: path.join(work, 'data'),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SEED: 'demo',
          LOG_LEVEL: 'warn',
          TRUST_PROXY: '127.0.0.1',
          LOGIN_LIMIT_PER_ADDRESS: '100000',
          LOGIN_LIMIT_PER_ACCOUNT: '100000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    instances.push(`http://127.0.0.1:${port}`);
    pids.push(children.at(-1)?.pid ?? 0);
    // The first start migrates and seeds; the second starts on a ready database.
    await until(
      async () => (await api(instances[i] ?? '', null, 'GET', '/api/health')).status === 200,
      `instance ${i + 1}`,
    );
  }
  const port = await freePort();
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log ${work}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  include ${repoRoot}/deploy/nginx/talkbase-http.conf;
  upstream talkbase { ${instances.map((u) => `server ${new URL(u).host};`).join(' ')} keepalive 32; }
  server { listen 127.0.0.1:${port}; include ${repoRoot}/deploy/nginx/talkbase-proxy.conf; }
}
`,
  );
  const check = spawnSync(nginxBinary ?? 'nginx', ['-t', '-c', conf, '-p', work], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(check.stderr);
  children.push(spawn(nginxBinary ?? 'nginx', ['-c', conf, '-p', work], { stdio: 'ignore' }));
  const proxy = `http://127.0.0.1:${port}`;
  await until(async () => (await api(proxy, null, 'GET', '/api/health')).status === 200, 'nginx');
  return {
    proxy,
    instances,
    pids,
    async stop() {
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(
        children.map((c) =>
          c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve(),
        ),
      );
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function ticketIds(base: string, token: string, fetchCount: number): Promise<number[]> {
  const page = (
    await api(base, token, 'POST', '/api/talk/filter/chamado', { page: 1, fetch: fetchCount })
  ).json();
  return (page.itens as { talkId: number }[]).map((t) => t.talkId);
}

async function editors(proxy: string, token: string, hot: number[]) {
  const acknowledged = new Map<number, Set<string>>(hot.map((id) => [id, new Set()]));
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const end = Date.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: EDITORS }, async (_, e) => {
      for (let i = 0; Date.now() < end; i++) {
        const id = hot[(e + i) % hot.length] ?? 0;
        const started = performance.now();
        // Each editor is its own client (127.0.0.{10+e}): nginx limits the API rate per client address.
        const from = `127.0.0.${10 + e}`;
        const read = await api(proxy, token, 'GET', `/api/talk/chamado/${id}`, undefined, from);
        if (read.status !== 200) {
          statuses.set(read.status, (statuses.get(read.status) ?? 0) + 1);
          continue;
        }
        const title = `Editado e${e} n${i}`;
        const saved = await api(
          proxy,
          token,
          'PUT',
          `/api/talk/chamado/${id}`,
          {
            version: read.json().version,
            talkValues: [{ subjectAttributeIdentifier: 'titulo', value: title }],
          },
          from,
        );
        latencies.push(performance.now() - started);
        statuses.set(saved.status, (statuses.get(saved.status) ?? 0) + 1);
        if (saved.status === 200) acknowledged.get(id)?.add(title);
      }
    }),
  );
  // Every acknowledged change must be in its record's history.
  let lost = 0;
  let total = 0;
  for (const [id, titles] of acknowledged) {
    const seen = new Set<string>();
    // The timeline answers at most 200 entries a page: read until a page comes back empty.
    for (let page = 1; ; page++) {
      const res = await api(proxy, token, 'GET', `/api/talk/chamado/${id}/timeline?page=${page}&fetch=200`);
      const itens = (res.json().itens ?? []) as { newValue?: unknown }[];
      for (const entry of itens) if (typeof entry.newValue === 'string') seen.add(entry.newValue);
      if (itens.length === 0) break;
    }
    total += titles.size;
    for (const t of titles) if (!seen.has(t)) lost++;
  }
  return { total, lost, statuses, p99: percentile(latencies, 99), p50: percentile(latencies, 50) };
}

interface Socket {
  ws: WebSocket;
  customer: boolean;
}

async function sockets(
  cluster: { instances: string[] },
  adminToken: string,
  customerToken: string,
  readable: Set<number>,
  hidden: number[],
) {
  const sent = new Map<number, number>();
  const delays: number[] = [];
  let leaked = 0;
  let customerDeliveries = 0;
  const open: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const customer = i < CUSTOMER_SOCKETS;
    const base = (cluster.instances[i % cluster.instances.length] ?? '').replace('http', 'ws');
    const ws = new WebSocket(`${base}/websocket?access_token=${customer ? customerToken : adminToken}`);
    ws.on('message', (data: Buffer) => {
      const at = performance.now();
      const msg = JSON.parse(data.toString('utf8')) as { event: string; data: { talkIds?: number[] } };
      if (msg.event !== 'SendTalkUpdates') return;
      for (const id of msg.data.talkIds ?? []) {
        if (customer && !readable.has(id)) leaked++;
        if (customer) customerDeliveries++;
        const t = sent.get(id);
        if (t !== undefined) delays.push(at - t);
      }
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    open.push({ ws, customer });
  }
  // 20 updates a second, alternating records the customer reads and records it may not.
  const targets = [...[...readable].slice(0, 10), ...hidden.slice(0, 10)];
  const versions = new Map<number, number>();
  const end = Date.now() + WS_SECONDS * 1000;
  let updates = 0;
  const interval = 1000 / UPDATES_PER_SECOND;
  for (let i = 0; Date.now() < end; i++) {
    const id = targets[i % targets.length] ?? 0;
    const tickStart = performance.now();
    const target = cluster.instances[i % cluster.instances.length] ?? '';
    let version = versions.get(id);
    if (version === undefined)
      version = Number((await api(target, adminToken, 'GET', `/api/talk/chamado/${id}`)).json().version);
    sent.set(id, performance.now());
    const res = await api(target, adminToken, 'PUT', `/api/talk/chamado/${id}`, {
      version,
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: `Atualizado número ${i}` }],
    });
    if (res.status === 200) {
      versions.set(id, Number(res.json().version));
      updates++;
    } else versions.delete(id);
    const wait = interval - (performance.now() - tickStart);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 1000));
  for (const s of open) s.ws.close();
  for (const agent of agents.values()) agent.destroy();
  return {
    updates,
    deliveries: delays.length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    leaked,
    customerDeliveries,
  };
}

const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READ_CONNECTIONS = 10;

/**
 * Reads of one record at random (GET /api/talk/chamado/{id}), 10 connections for READ_SECONDS:
 * against the first instance alone, then split over both (5 connections each, at once). Straight to
 * the instances, not through nginx, whose per-address rate limit would measure itself. With the CPU
 * time of each instance and of PostgreSQL per request (cpu.ts).
 */
async function readScale(
  cluster: { instances: string[]; pids: number[] },
  token: string,
  ids: number[],
  dbPid: number | undefined,
) {
  const headers = { authorization: `Bearer ${token}` };
  const workload = { factory: 'randomOf', args: { prefix: '/api/talk/chamado/', ids } };
  const measure = async (count: number) => {
    const targets = cluster.instances.slice(0, count);
    const pids = cluster.pids.slice(0, count);
    const sample = () => ({
      servers: pids.map((p) => processCpuMs(p) ?? 0),
      db: dbPid === undefined ? undefined : treeCpuMs(dbPid),
    });
    let before = sample();
    let measuring = 0;
    const results = await Promise.all(
      targets.map((url) =>
        fireLoad(
          { url, connections: READ_CONNECTIONS / count, duration: READ_SECONDS, headers, workload },
          // Sampled when the last load's warm-up is over.
          () => {
            if (++measuring === targets.length) before = sample();
          },
        ),
      ),
    );
    const after = sample();
    const requests = results.reduce((n, r) => n + r.requests, 0);
    return {
      instances: count,
      rps: results.reduce((n, r) => n + r.rps, 0),
      p99: Math.max(...results.map((r) => r.p99)),
      errors: results.reduce((n, r) => n + r.errors, 0),
      serverCpu:
        after.servers.reduce((n, ms, i) => n + ms - (before.servers[i] ?? 0), 0) / Math.max(1, requests),
      dbCpu:
        after.db === undefined || before.db === undefined
          ? undefined
          : (after.db - before.db) / Math.max(1, requests),
    };
  };
  return [await measure(1), await measure(2)];
}

const result = await withBenchSchema(databaseUrl, 'load', async (url) => {
  const cluster = await startCluster(url);
  try {
    const adminToken = await signIn(cluster.proxy, ADMIN);
    const customerToken = await signIn(cluster.proxy, CUSTOMER);
    const all = await ticketIds(cluster.proxy, adminToken, 500);
    const readable = new Set(await ticketIds(cluster.proxy, customerToken, 500));
    const hidden = all.filter((id) => !readable.has(id));
    const hot = all.slice(0, HOT);
    const scale = await readScale(cluster, adminToken, all, await postgresMainPid(url));
    process.stdout.write(`reads: ${JSON.stringify(scale)}\n`);
    process.stdout.write(`editors: ${EDITORS} on ${hot.length} records for ${LOAD_SECONDS} s\n`);
    const edit = await editors(cluster.proxy, adminToken, hot);
    process.stdout.write(`editors: ${JSON.stringify({ ...edit, statuses: [...edit.statuses] })}\n`);
    const live = await sockets(cluster, adminToken, customerToken, readable, hidden);
    process.stdout.write(`sockets: ${JSON.stringify(live)}\n`);
    return { edit, live, scale, tickets: all.length, readable: readable.size, hidden: hidden.length };
  } finally {
    await cluster.stop();
  }
});

const statuses = [...result.edit.statuses]
  .sort(([a], [b]) => a - b)
  .map(([s, n]) => `${s}×${n}`)
  .join(', ');
const fivexx = [...result.edit.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
writeResultsSection(
  'load',
  `## Two instances behind nginx under load

Written by \`npm run bench:load\` (bench/src/load.ts) on ${new Date().toISOString()}; never edited by hand.
Two server instances on one PostgreSQL behind Debian's nginx (the rules of deploy/nginx), demo data; the load generator,
both instances, nginx and PostgreSQL share the same ${os.cpus().length}-core machine (Node ${process.version}).

**One instance or two.** Reads of one of the demo's ${result.tickets} tickets at random (GET /api/talk/chamado/{id}), ${READ_CONNECTIONS} connections,
${READ_SECONDS} s after ${WARMUP_SECONDS} s of warm-up, straight to the instances (nginx's per-address rate limit would measure itself):

| instances | requests/s | p99 ms | errors | server CPU ms/request (all instances) | PostgreSQL CPU ms/request |
| ---: | ---: | ---: | ---: | ---: | ---: |
${result.scale
  .map(
    (r) =>
      `| ${r.instances} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.serverCpu.toFixed(2)} | ${r.dbCpu === undefined ? '—' : r.dbCpu.toFixed(2)} |`,
  )
  .join('\n')}

On this machine the instances, PostgreSQL and the load generator share ${os.cpus().length} cores: a second instance adds only
what one instance (a single event loop) and PostgreSQL leave idle of them. The figure that scales is the CPU per request —
cores needed ≈ requests per second × (server ms + PostgreSQL ms) ÷ 1000. A demo ticket costs more than the records bench's
(\`bench:records\`, "CPU per request"): its subject points to seven other record types, each named with the record (a
statement per type, through that type's access).

**Hot records.** ${EDITORS} editors on ${HOT} records for ${LOAD_SECONDS} s through the proxy, each reading a record and saving it with its
version: ${result.edit.total} changes acknowledged, **${result.edit.lost} lost** (not in the record's history), answers ${statuses}
(409 = a conflict, counted, nothing saved); ${fivexx} 5xx. Read + save p50 ${result.edit.p50.toFixed(0)} ms, p99 ${result.edit.p99.toFixed(0)} ms.

**Real time.** ${SOCKETS} WebSocket clients split across both instances (${CUSTOMER_SOCKETS} of them the customer's, room 1196, which reads
${result.readable} of the tickets) while ${UPDATES_PER_SECOND} updates a second were made for ${WS_SECONDS} s on records it reads and records it may not
(${result.live.updates} updates): ${result.live.deliveries} deliveries, from the update's request to the socket p50 ${result.live.p50.toFixed(0)} ms,
**p99 ${result.live.p99.toFixed(0)} ms** (target ≤ 250 ms); events for a record the customer may not read that reached a customer socket:
**${result.live.leaked}** (the customer's sockets received ${result.live.customerDeliveries} events for its own records).
`,
);
