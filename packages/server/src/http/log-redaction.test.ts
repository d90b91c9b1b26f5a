import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { as, createTestApp, login, type TestApp } from '../test/harness.ts';
import { redactUrl } from './log-redaction.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  });
}

describe('server log', () => {
  it('never writes a token, from a WebSocket URL, a header or a query string', async () => {
    const lines: string[] = [];
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
    const { token } = await login(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;

    const socket = await openSocket(`ws://127.0.0.1:${port}/websocket?access_token=${token}`);
    socket.close();
    await t.app.inject(as(token, { method: 'GET', url: `/api/context/subjects?token=${token}&x=1` }));
    await t.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { token } });

    const log = lines.join('');
    // The requests were logged, with their credentials replaced.
    expect(log).toContain('/websocket?access_token=[redacted]');
    expect(log).toContain('/api/context/subjects?token=[redacted]&x=1');
    // A token is three dot-separated parts; no part of it may reach the log.
    for (const part of token.split('.')) expect(log).not.toContain(part);
  });

  it('redacts every credential-bearing parameter, however it is spelt, and keeps the rest', () => {
    expect(redactUrl('/websocket?access_token=abc.def.ghi')).toBe('/websocket?access_token=[redacted]');
    expect(redactUrl('/x?a=1&ACCESS_TOKEN=s&b=2&Token=t&password=p&ticket=k')).toBe(
      '/x?a=1&ACCESS_TOKEN=[redacted]&b=2&Token=[redacted]&password=[redacted]&ticket=[redacted]',
    );
    expect(redactUrl('/x?access%5Ftoken=s')).toBe('/x?access%5Ftoken=[redacted]');
    expect(redactUrl('/x?%E0=1&token=s')).toBe('/x?%E0=1&token=[redacted]');
    expect(redactUrl('/api/talk/chamado?page=1')).toBe('/api/talk/chamado?page=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
