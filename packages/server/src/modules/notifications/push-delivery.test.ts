import crypto from 'node:crypto';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDetail } from '@talkbase/domain/contracts/notifications';
import { createOutboundClient, OutboundBlockedError } from '../../outbound/index.ts';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createServerCertificate } from '../../test/pki.ts';
import { createCrm, createTalk } from '../../test/records.ts';
import { MAX_PUSH_SUBSCRIPTIONS, PushChannel, vapidKeys } from './web-push.ts';

/**
 * Browser push goes only where the guarded outbound client lets it (loopback, private and metadata
 * addresses refused; an operator's OUTBOUND_ALLOW entry is the tests' way to a loopback push
 * service), at most 10 browsers per account, in the background with a short deadline.
 */

let t: TestApp | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  // The server first: closing it abandons deliveries still under way.
  await t?.close();
  t = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const a = await login(t.app);
  return { app: t.app, token: a.token, accountId: a.accountId };
}

/** A browser's subscription keys (P-256 ECDH pair and auth secret), as PushManager makes them. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const KEYS = browserKeys().keys;

function subscribe(app: TestApp['app'], token: string, endpoint: string, keys = KEYS) {
  return app.inject(
    as(token, { method: 'POST', url: '/api/notifications/subscription', payload: { endpoint, keys } }),
  );
}

async function pushNotification(app: TestApp['app'], token: string): Promise<NotificationDetail> {
  const res = await app.inject(
    as(token, {
      method: 'POST',
      url: '/api/notification',
      payload: {
        notificationName: 'Aviso',
        titleTemplate: 'Olá',
        messageTemplate: 'Para ${User.Name}',
        notificationChannels: [{ channelId: 3 }],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<NotificationDetail>();
}

function send(app: TestApp['app'], token: string, notificationId: number, accountIds: number[]) {
  return app.inject(
    as(token, { method: 'POST', url: `/api/notification/${notificationId}/send`, payload: { accountIds } }),
  );
}

async function listening(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return (server.address() as AddressInfo).port;
}

/** A loopback TCP server that counts connections and never answers. */
async function silentServer() {
  const seen = { connections: 0, closedAfterMs: [] as number[] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    seen.connections += 1;
    sockets.add(sock);
    const opened = Date.now();
    sock.on('error', () => undefined);
    // Read and drop what comes, so the client's hang-up is seen.
    sock.resume();
    sock.on('close', () => {
      sockets.delete(sock);
      seen.closedAfterMs.push(Date.now() - opened);
    });
  });
  const port = await listening(server);
  cleanups.push(() => {
    for (const s of sockets) s.destroy();
  });
  return { port, seen };
}

/** A loopback push service (self-signed HTTPS) that answers 201, or 410 on `/gone`. */
async function pushService() {
  const cert = await createServerCertificate();
  const received: { url: string; headers: Record<string, unknown>; body: Buffer }[] = [];
  const server = https.createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url === '/gone' ? 410 : 201).end();
    });
  });
  const port = await listening(server);
  // Its certificate is self-signed: trusted for this test only.
  const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  cleanups.push(() => {
    if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
  });
  return { port, received };
}

/** RFC 8291 / RFC 8188 (aes128gcm, one record): what the browser does with a push it receives. */
function decryptPush(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, browser.auth, info, 32));
  const key = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  expect(padded.subarray(end + 1).every((b) => b === 0)).toBe(true);
  return padded.subarray(0, end).toString('utf8');
}

describe('push subscriptions', () => {
  it('refuses endpoints at loopback, private, link-local and metadata addresses with 422, keeping nothing', async () => {
    const { app, token } = await start();
    for (const endpoint of [
      'https://127.0.0.1:9/x',
      'https://localhost/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
      'https://0x7f.1/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://10.0.0.1/x',
      'https://api.localhost/x',
      'https://metadata.google.internal/x',
    ]) {
      const res = await subscribe(app, token, endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(errorsOf(res), endpoint).toEqual([
        { message: 'Endereço de inscrição não permitido.', field: 'endpoint' },
      ]);
    }
    expect(await t?.db.kysely.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });

  it('keeps at most 10 browsers per account: a new one replaces the one subscribed longest ago', async () => {
    const { app, token } = await start();
    const endpoint = (i: number) => `https://push.example.test/${i}`;
    const stored = async () =>
      (
        (await t?.db.kysely.selectFrom('push_subscriptions').select('endpoint').orderBy('id').execute()) ?? []
      ).map((r) => r.endpoint);
    const pause = () => new Promise((r) => setTimeout(r, 5));
    for (let i = 1; i <= MAX_PUSH_SUBSCRIPTIONS + 1; i++) {
      expect((await subscribe(app, token, endpoint(i))).statusCode).toBe(200);
      await pause();
    }
    expect(MAX_PUSH_SUBSCRIPTIONS).toBe(10);
    expect(await stored()).toEqual(Array.from({ length: 10 }, (_, i) => endpoint(i + 2)));
    // A browser subscribing again counts as the newest: the next one replaces endpoint 3, not it.
    expect((await subscribe(app, token, endpoint(2))).statusCode).toBe(200);
    await pause();
    expect((await subscribe(app, token, endpoint(12))).statusCode).toBe(200);
    const left = await stored();
    expect(left).toHaveLength(10);
    expect(left).toContain(endpoint(2));
    expect(left).toContain(endpoint(12));
    expect(left).not.toContain(endpoint(3));
  });
});

describe('push delivery', () => {
  it('delivers through the guarded client: the browser decrypts it, a gone subscription is dropped', async () => {
    const service = await pushService();
    const { app, token, accountId } = await start({ OUTBOUND_ALLOW: `127.0.0.1:${service.port}` });
    const browser = browserKeys();
    expect(
      (await subscribe(app, token, `https://127.0.0.1:${service.port}/ok`, browser.keys)).statusCode,
    ).toBe(200);
    expect((await subscribe(app, token, `https://127.0.0.1:${service.port}/gone`)).statusCode).toBe(200);
    const n = await pushNotification(app, token);
    const sent = await send(app, token, n.notificationId, [accountId]);
    expect(sent.statusCode, sent.body).toBe(200);
    // Queued to both browsers; delivered in the background.
    expect(sent.json()).toMatchObject({ inApp: 0, email: 0, push: 2 });
    await vi.waitFor(async () => {
      expect(service.received.map((r) => r.url).sort()).toEqual(['/gone', '/ok']);
      const left = await t?.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute();
      expect(left).toEqual([{ endpoint: `https://127.0.0.1:${service.port}/ok` }]);
    });
    const ok = service.received.find((r) => r.url === '/ok');
    expect(ok?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(ok?.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
    expect(JSON.parse(decryptPush(ok?.body ?? Buffer.alloc(0), browser))).toEqual({
      title: 'Olá',
      body: 'Para Administrador',
      url: '/notifications',
    });
  });

  it("a push about a record opens it: the decrypted payload's url is the record's path in the web app", async () => {
    const service = await pushService();
    const { app, token, accountId } = await start({ OUTBOUND_ALLOW: `127.0.0.1:${service.port}` });
    const browser = browserKeys();
    expect(
      (await subscribe(app, token, `https://127.0.0.1:${service.port}/ok`, browser.keys)).statusCode,
    ).toBe(200);
    await createCrm(app, token);
    const chamado = (await app.inject(as(token, { method: 'GET', url: '/api/subject/chamado' }))).json<{
      subjectId: number;
    }>();
    const talkId = await createTalk(app, token, 'chamado', { titulo: 'Impressora parada' });
    const created = await app.inject(
      as(token, {
        method: 'POST',
        url: '/api/notification',
        payload: {
          notificationName: 'Chamado',
          subjectId: chamado.subjectId,
          titleTemplate: 'Chamado ${titulo}',
          messageTemplate: 'Abra o chamado',
          attachReferences: true,
          notificationChannels: [{ channelId: 3 }],
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const n = created.json<NotificationDetail>();
    const sent = await app.inject(
      as(token, {
        method: 'POST',
        url: `/api/notification/${String(n.notificationId)}/send`,
        payload: { accountIds: [accountId], talkId },
      }),
    );
    expect(sent.json()).toMatchObject({ push: 1 });
    await vi.waitFor(() => expect(service.received).toHaveLength(1));
    expect(JSON.parse(decryptPush(service.received[0]?.body ?? Buffer.alloc(0), browser))).toEqual({
      title: 'Chamado Impressora parada',
      body: 'Abra o chamado',
      url: `/context/talk/chamado/${String(talkId)}`,
    });
  });

  it('answers a send at once; browsers are reached concurrently and a silent one is abandoned at the deadline', async () => {
    const service = await pushService();
    const silent = await silentServer();
    const { app, token, accountId } = await start({
      OUTBOUND_ALLOW: `127.0.0.1:${service.port},127.0.0.1:${silent.port}`,
      OUTBOUND_TIMEOUT_MS: '1000',
    });
    expect((await subscribe(app, token, `https://127.0.0.1:${service.port}/ok`)).statusCode).toBe(200);
    expect((await subscribe(app, token, `https://127.0.0.1:${silent.port}/slow`)).statusCode).toBe(200);
    const n = await pushNotification(app, token);
    const sent = await send(app, token, n.notificationId, [accountId]);
    expect(sent.statusCode, sent.body).toBe(200);
    // The send did not wait for the silent push service to give up.
    expect(silent.seen.closedAfterMs).toEqual([]);
    await vi.waitFor(() => expect(service.received.map((r) => r.url)).toEqual(['/ok']));
    // The other browser got its push while the silent one was still being waited for.
    expect(silent.seen.closedAfterMs).toEqual([]);
    await vi.waitFor(() => expect(silent.seen.closedAfterMs).toHaveLength(1), { timeout: 5_000 });
    expect(silent.seen.connections).toBe(1);
    expect(silent.seen.closedAfterMs[0]).toBeGreaterThanOrEqual(800);
    // A timeout is not a gone browser: its subscription stays.
    expect(await t?.db.kysely.selectFrom('push_subscriptions').select('id').execute()).toHaveLength(2);
  });

  it('never connects to a name that resolves to a loopback address', async () => {
    const silent = await silentServer();
    const { accountId } = await start();
    const db = t?.db.kysely;
    if (!db) throw new Error('no database');
    const asked: string[] = [];
    const errors: unknown[] = [];
    const push = new PushChannel({
      db,
      keys: await vapidKeys(db),
      contact: 'mailto:admin@talkbase.test',
      outbound: createOutboundClient({
        allow: [],
        resolve: (host) => {
          asked.push(host);
          return Promise.resolve(['127.0.0.1']);
        },
      }),
      allow: [],
      onError: (e) => errors.push(e),
    });
    const endpoint = `https://push.rebind.test:${silent.port}/x`;
    // A name is judged when it is resolved, at delivery.
    await push.subscribe({ accountId, companyId: 1 }, { endpoint, keys: KEYS });
    expect(await push.send(accountId, { title: 'a', body: 'b', url: null })).toBe(1);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await push.close();
    expect(errors[0]).toBeInstanceOf(OutboundBlockedError);
    expect(asked).toEqual(['push.rebind.test']);
    expect(silent.seen.connections).toBe(0);
  });
});
