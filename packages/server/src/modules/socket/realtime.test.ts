import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { as, createTestApp, login, testDatabaseUrl, type TestApp } from '../../test/harness.ts';
import { otherCompanyToken } from '../../test/other-company.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface OpenSocket {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<number>;
}

function connect(url: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: unknown[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8'))));
    ws.on('open', () => resolve({ ws, messages, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? 0}`)));
    ws.on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('/websocket', () => {
  it('refuses a connection without a valid token', async () => {
    const base = await listen(t.app);
    await expect(connect(`${base}/websocket`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/websocket?access_token=garbage`)).rejects.toThrow('HTTP 401');
  });

  it('delivers an event to the company’s users only', async () => {
    const base = await listen(t.app);
    const mine = await connect(`${base}/websocket?access_token=${(await login(t.app)).token}`);
    const theirs = await connect(`${base}/websocket?access_token=${await otherCompanyToken(t)}`);

    await t.app.services.hub.publish(1, 'SendTalkUpdates', { subject: 'chamado', talkIds: [7] });
    await until(() => mine.messages.length === 1);
    expect(mine.messages[0]).toEqual({
      event: 'SendTalkUpdates',
      data: { subject: 'chamado', talkIds: [7] },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('closes the socket within 5 s once its session is revoked', async () => {
    const base = await listen(t.app);
    const { token } = await login(t.app);
    const socket = await connect(`${base}/websocket?access_token=${token}`);
    const started = Date.now();
    expect((await t.app.inject(as(token, { method: 'POST', url: '/api/account/logout' }))).statusCode).toBe(
      204,
    );
    const code = await socket.closed;
    expect(code).toBe(4001);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.runIf(testDatabaseUrl)('reaches clients of another instance (PostgreSQL LISTEN/NOTIFY)', async () => {
    const other = await t.sibling();
    const otherBase = await listen(other);
    const socket = await connect(`${otherBase}/websocket?access_token=${(await login(t.app)).token}`);
    // Published on the first instance; the socket is held by the second.
    await t.app.services.hub.publish(1, 'SendNotification', { id: 3 });
    await until(() => socket.messages.length === 1);
    expect(socket.messages[0]).toEqual({ event: 'SendNotification', data: { id: 3 } });
    socket.ws.close();
  });
});
