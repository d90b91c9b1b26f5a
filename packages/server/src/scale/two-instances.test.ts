import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { schemaUrl, testDatabaseUrl } from '../test/harness.ts';
import { freePort } from '../test/free-port.ts';
import { adminQuery } from '../test/postgres.ts';

/**
 * Issue 19 item 1: two server processes on one PostgreSQL database behind nginx (Debian's), with
 * the proxy rules operators install (deploy/nginx/*.conf, included as they are). Runs in the
 * PostgreSQL pass of the server suite where nginx is installed (.ci/run installs it).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverMain = path.join(repoRoot, 'packages/server/src/main.ts');
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const ADMIN = { email: 'admin@talkbase.test', password: 'Admin-Password-123' };
/** Failed sign-ins one account may make from one address in the window (the pair limit). */
const PAIR_LIMIT = 3;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body's type
  json<T>(): T;
}

/** One HTTP call, optionally from a given loopback address (to play several clients). */
function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = new URL(url, base);
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        ...(opts.from ? { localAddress: opts.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Instance {
  base: string;
  child: ChildProcess;
  log: () => string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  children.push(child);
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance exited: ${log}`);
      return (await call(base, 'GET', '/api/health')).status === 200;
    },
    60_000,
    `instance on ${port}: ${log}`,
  );
  return { base, child, log: () => log };
}

function socket(url: string): Promise<{ ws: WebSocket; messages: { event: string; data: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: { event: string; data: unknown }[] = [];
    ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString('utf8')) as never));
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? 0}`)));
    ws.on('error', reject);
  });
}

const usable = Boolean(testDatabaseUrl && nginxBinary);
const schema = `scale_${crypto.randomBytes(5).toString('hex')}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-scale-'));
let a: Instance;
let b: Instance;
let nginx: ChildProcess | undefined;
/** Every instance started, for the clean-up (a and b stay unset when the suite is skipped). */
const children: ChildProcess[] = [];
let proxy: string;

beforeAll(async () => {
  if (!usable || !testDatabaseUrl) return;
  await adminQuery(testDatabaseUrl, `create schema ${schema}`);
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const env = {
    DATABASE_URL: schemaUrl(schema),
    // Both instances share one data directory (the files), as on one machine or an NFS mount.
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(work, 'no-web'),
    TRUST_PROXY: '127.0.0.1',
    LOGIN_LIMIT_PER_ACCOUNT: String(PAIR_LIMIT),
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    SESSION_CHECK_MS: '300',
  };
  // The first creates the schema's tables; the second starts on a migrated database.
  a = await startInstance(env);
  b = await startInstance(env);

  const port = await freePort();
  const conf = path.join(work, 'nginx.conf');
  fs.mkdirSync(path.join(work, 'logs'));
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include ${repoRoot}/deploy/nginx/talkbase-http.conf;
  upstream talkbase {
    server ${new URL(a.base).host};
    server ${new URL(b.base).host};
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    include ${repoRoot}/deploy/nginx/talkbase-proxy.conf;
  }
}
`,
  );
  const check = spawnSync(nginxBinary ?? 'nginx', ['-t', '-c', conf, '-p', work], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn(nginxBinary ?? 'nginx', ['-c', conf, '-p', work], { stdio: 'ignore' });
  proxy = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await call(proxy, 'GET', '/api/health')).status === 200, 20_000, 'nginx');
}, 180_000);

afterAll(async () => {
  const exited = (c: ChildProcess | undefined) =>
    c && c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve();
  for (const c of [nginx, ...children]) c?.kill('SIGTERM');
  await Promise.all([nginx, ...children].map(exited));
  if (usable && testDatabaseUrl) {
    await adminQuery(testDatabaseUrl, `drop schema if exists ${schema} cascade`);
  }
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

const signIn = async (base: string, from?: string) => {
  const res = await call(base, 'POST', '/api/account/login', { body: ADMIN, ...(from ? { from } : {}) });
  expect(res.status, res.body.toString()).toBe(200);
  return res.json<{ token: string }>().token;
};

describe.runIf(usable)('two instances on one PostgreSQL behind nginx', () => {
  let fileAttribute = 0;

  it('answers through the proxy from either instance, sticky-free, and upgrades WebSockets', async () => {
    const token = await signIn(proxy);
    // Round robin: consecutive calls land on both instances, each accepting the other's session.
    for (let i = 0; i < 6; i++) {
      expect((await call(proxy, 'GET', '/api/subject', { token })).status).toBe(200);
    }
    const created = await call(proxy, 'POST', '/api/subject', {
      token,
      body: {
        identifier: 'equipamento',
        name: 'Equipamento',
        attributes: [
          { identifier: 'nome', name: 'Nome', componentId: 1 },
          { identifier: 'manual', name: 'Manual', componentId: 22 },
        ],
      },
    });
    expect(created.status, created.body.toString()).toBe(201);
    const subject = created.json<{
      subjectAttributes: { subjectAttributeId: number; identifier: string }[];
    }>();
    fileAttribute = subject.subjectAttributes.find((x) => x.identifier === 'manual')?.subjectAttributeId ?? 0;
    // The new subject is in force on the other instance at once (the catalogue version moved).
    for (const base of [a.base, b.base]) {
      expect((await call(base, 'GET', '/api/subject/equipamento', { token })).status).toBe(200);
    }
    const ws = await socket(`${proxy.replace('http', 'ws')}/websocket?access_token=${token}`);
    expect(ws.ws.readyState).toBe(WebSocket.OPEN);
    ws.ws.close();
  });

  it('an edit through instance A reaches a socket on instance B, and one through the proxy', async () => {
    const token = await signIn(a.base);
    const onB = await socket(`${b.base.replace('http', 'ws')}/websocket?access_token=${token}`);
    const viaProxy = await socket(`${proxy.replace('http', 'ws')}/websocket?access_token=${token}`);
    const res = await call(a.base, 'POST', '/api/talk/equipamento', {
      token,
      body: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'Impressora' }] },
    });
    expect(res.status, res.body.toString()).toBe(201);
    const talkId = res.json<{ resourceId: number }>().resourceId;
    const carries = (messages: { event: string; data: unknown }[]) =>
      messages.some((m) => m.event === 'SendTalkUpdates' && JSON.stringify(m.data).includes(String(talkId)));
    await waitFor(async () => Promise.resolve(carries(onB.messages)), 5_000, 'the event on B');
    await waitFor(async () => Promise.resolve(carries(viaProxy.messages)), 5_000, 'the event through nginx');
    onB.ws.close();
    viaProxy.ws.close();
  });

  it('a file uploaded through A downloads through B and through the proxy', async () => {
    const token = await signIn(proxy);
    const talk = await call(a.base, 'POST', '/api/talk/equipamento', {
      token,
      body: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'Manual do scanner' }] },
    });
    expect(talk.status).toBe(201);
    const talkId = talk.json<{ resourceId: number }>().resourceId;
    const content = Buffer.from(`%PDF-1.4\n% manual ${crypto.randomUUID()}\n%%EOF\n`);
    const up = await call(a.base, 'POST', `/api/value/file/equipamento/${talkId}/${fileAttribute}`, {
      token,
      body: { files: [{ name: 'manual.pdf', data: content.toString('base64') }] },
    });
    expect(up.status, up.body.toString()).toBe(201);
    const url = up.json<{ files: { url: string }[] }>().files[0]?.url ?? '';
    expect(url).not.toBe('');
    for (const base of [b.base, proxy]) {
      const down = await call(base, 'GET', url, { token });
      expect(down.status).toBe(200);
      expect(down.body.equals(content)).toBe(true);
    }
  });

  it('a schedule fires once for its slot, though both instances poll it', async () => {
    const token = await signIn(proxy);
    const subject = async (identifier: string, name: string) => {
      const res = await call(proxy, 'POST', '/api/subject', {
        token,
        body: { identifier, name, attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }] },
      });
      expect(res.status, res.body.toString()).toBe(201);
      const s = res.json<{ subjectId: number; subjectAttributes: { subjectAttributeId: number }[] }>();
      return { id: s.subjectId, nome: s.subjectAttributes[0]?.subjectAttributeId ?? 0 };
    };
    const rotina = await subject('rotina', 'Rotina');
    const disparo = await subject('disparo', 'Disparo');
    const source = await call(proxy, 'POST', '/api/talk/rotina', {
      token,
      body: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'Backup diário' }] },
    });
    expect(source.status, source.body.toString()).toBe(201);
    const marker = `disparo-${crypto.randomUUID()}`;
    // The editor's crons fire on whole minutes (seconds always 0): created with one that does not
    // fire during the test (03:00 on the 1st), then moved below to a second a few seconds away.
    const monthly = '0 0 3 1 * ? *';
    const created = await call(proxy, 'POST', '/api/job', {
      token,
      body: {
        name: 'Rotina agendada',
        events: [
          {
            name: 'Agenda',
            steps: [
              {
                eventStepType: 4,
                subjectId: rotina.id,
                filterName: 'Todos',
                filter: { condition: 'E', rules: [] },
                cron: monthly,
              },
            ],
          },
        ],
        works: [
          {
            steps: [
              {
                workStepType: 'NewTalk',
                name: 'Registrar disparo',
                configs: [{ subjectId: disparo.id, subjectAttributeId: disparo.nome, value: marker }],
              },
            ],
          },
        ],
      },
    });
    expect(created.status, created.body.toString()).toBe(201);
    const jobId = created.json<{ jobId: number }>().jobId;

    // Waiting for the next whole minute would add up to 60 s. The engine takes the cron's seconds
    // field (only the API's validation holds it at 0), so the stored schedule is moved to one
    // second of the hour ~3 s from now, in the company's time zone: exactly one slot in the test.
    const db = new pg.Client({ connectionString: schemaUrl(schema) });
    await db.connect();
    try {
      const zone = (await db.query<{ time_zone: string }>('select time_zone from companies where id = 1'))
        .rows[0]?.time_zone;
      const slot = Math.ceil((Date.now() + 3_000) / 1000) * 1000;
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, minute: 'numeric', second: 'numeric' })
        .formatToParts(new Date(slot))
        .reduce<Record<string, number>>((o, p) => ({ ...o, [p.type]: Number(p.value) }), {});
      const cron = `${parts.second ?? 0} ${parts.minute ?? 0} * ? * * *`;
      await db.query('update jobs set document = replace(document, $1, $2) where id = $3', [
        monthly,
        cron,
        jobId,
      ]);
      await db.query('update job_event_steps set cron = $1 where job_id = $2', [cron, jobId]);
      expect(
        (await call(proxy, 'GET', `/api/job/${jobId}`, { token })).json<{ events: unknown }>(),
      ).toMatchObject({ events: [{ steps: [{ cron }] }] });

      const grid = async (base: string) => {
        const res = await call(base, 'POST', '/api/talk/filter/disparo', {
          token,
          body: { page: 1, fetch: 10 },
        });
        expect(res.status).toBe(200);
        return res.json<{ totalResults: number; itens: unknown[] }>();
      };
      const runs = async () => {
        const res = await call(proxy, 'GET', `/api/job/${jobId}/runs?fetch=100`, { token });
        expect(res.status).toBe(200);
        return res.json<{
          totalResults: number;
          itens: { status: string; progress?: { done: number; total: number | null } }[];
        }>();
      };
      // Each instance checks the schedules every poll (AUTOMATIONS_POLL_MS, 500 ms by default): 3 s
      // after the slot both have passed it several times. No run may appear before the slot.
      await waitFor(
        async () => {
          const r = await runs();
          if (Date.now() < slot) expect(r.totalResults).toBe(0);
          return (
            Date.now() >= slot + 3_000 &&
            r.totalResults > 0 &&
            r.itens.every((x) => x.status !== 'pending' && x.status !== 'running')
          );
        },
        20_000,
        'the slot passed on both instances and its run finished',
      );
      const after = await runs();
      expect(after.totalResults).toBe(1);
      expect(after.itens[0]?.status).toBe('succeeded');
      expect(after.itens[0]?.progress).toEqual({ done: 1, total: 1 });
      const stored = await db.query<{ cause: string; kind: string }>(
        'select cause, kind from automation_runs where job_id = $1',
        [jobId],
      );
      expect(stored.rows).toEqual([{ cause: `s${slot}`, kind: 'schedule' }]);
      const slots = await db.query<{ slot: string }>('select slot from automation_slots where job_id = $1', [
        jobId,
      ]);
      expect(slots.rows.map((r) => Number(r.slot))).toEqual([slot]);
      // Exactly one effect, seen alike from either instance.
      for (const base of [a.base, b.base]) {
        const g = await grid(base);
        expect(g.totalResults).toBe(1);
        expect(JSON.stringify(g.itens)).toContain(marker);
      }
    } finally {
      await db.end();
    }
    expect((await call(proxy, 'DELETE', `/api/job/${jobId}`, { token })).status).toBeLessThan(300);
  });

  it('a session ended on A is refused by B (and by A) within 2 s', async () => {
    const token = await signIn(b.base);
    expect((await call(b.base, 'GET', '/api/subject', { token })).status).toBe(200);
    const ended = Date.now();
    expect((await call(a.base, 'POST', '/api/account/logout', { token })).status).toBeLessThan(300);
    await waitFor(
      async () =>
        (await call(b.base, 'GET', '/api/subject', { token })).status === 401 &&
        (await call(a.base, 'GET', '/api/subject', { token })).status === 401,
      2_000,
      'the ended session refused by both instances',
    );
    expect(Date.now() - ended).toBeLessThanOrEqual(2_000);
  });

  it('refuses a body larger than the proxy allows with 413, before it reaches an instance', async () => {
    const token = await signIn(proxy);
    const big = 'x'.repeat(31 * 1024 * 1024);
    const res = await call(proxy, 'POST', '/api/talk/equipamento', {
      token,
      body: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: big }] },
    });
    expect(res.status).toBe(413);
  });
  it('a sign-in limit holds across instances, the client address comes from the proxy, and a spoofed one is ignored', async () => {
    const wrong = { email: ADMIN.email, password: 'senha-errada' };
    // Alternating instances does not buy extra tries: the counts are in the database.
    const tries: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 2; i++) {
      const base = i % 2 === 0 ? a.base : b.base;
      tries.push((await call(base, 'POST', '/api/account/login', { body: wrong })).status);
    }
    expect(tries).toEqual([...Array<number>(PAIR_LIMIT).fill(401), 429, 429]);
    // A spoofed X-Forwarded-For from a peer that is not the proxy (127.0.0.5) changes nothing:
    // each try claims another address and still counts against 127.0.0.5.
    const spoofed: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 1; i++) {
      const res = await call(i % 2 === 0 ? a.base : b.base, 'POST', '/api/account/login', {
        body: wrong,
        from: '127.0.0.5',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      spoofed.push(res.status);
    }
    expect(spoofed).toEqual([...Array<number>(PAIR_LIMIT).fill(401), 429]);
    // Through the proxy, another client (127.0.0.3) is counted at its own address: the proxy
    // passes the real one, and the server trusts it because it comes from the proxy.
    const other = await call(proxy, 'POST', '/api/account/login', { body: wrong, from: '127.0.0.3' });
    expect(other.status).toBe(401);
    // …and that client cannot escape its own limit by switching instances behind the proxy.
    const more: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 1; i++) {
      more.push((await call(proxy, 'POST', '/api/account/login', { body: wrong, from: '127.0.0.3' })).status);
    }
    expect(more).toEqual([...Array<number>(PAIR_LIMIT - 1).fill(401), 429, 429]);
  });
});
