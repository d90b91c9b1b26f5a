import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidFileMessage } from '@talkbase/domain/fields/file';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { png, uploadTo } from './files-test-helpers.ts';

let t: TestApp;
let admin: string;
let port: number;
let single: string;
let both: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  admin = (await login(t.app)).token;
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'contrato',
        name: 'Contrato',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
          { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
        ],
      },
    }),
  );
  const attr = res.json<{ subjectAttributes: { subjectAttributeId: number }[] }>().subjectAttributes[1];
  const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'Locação' });
  both = `/api/value/file/contrato/${talkId}/${attr?.subjectAttributeId ?? 0}`;
  // Large enough that an aborted download really is cut short.
  const up = await uploadTo(t.app, admin, both, [
    { name: 'grande.png', data: png(400_000), type: 'image/png' },
    { name: 'outra.png', data: png(2), type: 'image/png' },
  ]);
  expect(up.statusCode, up.body).toBe(201);
  single = up.json<{ files: { url: string }[] }>().files[0]?.url ?? '';
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Server log lines at error level (50) or above. */
const errorLines = () =>
  lines.map((l) => JSON.parse(l) as { level: number; msg?: string }).filter((l) => l.level >= 50);

function request(method: string, url: string, abortAfterFirstChunk = false): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers: { authorization: `Bearer ${admin}` } },
      (res) => {
        if (abortAfterFirstChunk) {
          res.once('data', () => {
            req.destroy();
            resolve(res);
          });
        } else {
          res.resume();
          res.on('end', () => resolve(res));
        }
      },
    );
    req.on('error', (err) => (abortAfterFirstChunk ? undefined : reject(err)));
    req.end();
  });
}

describe('file downloads seen from the wire (security probe: HEAD and aborted downloads logged as 500)', () => {
  it('answers HEAD with the headers of the download and no body, and logs no error', async () => {
    for (const url of [single, both]) {
      const res = await request('HEAD', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
    }
    const get = await request('GET', single);
    expect(get.statusCode).toBe(200);
    expect(errorLines()).toEqual([]);
  });

  it('treats a client that closes mid-download as normal: no error logged, the server goes on', async () => {
    for (const url of [single, both]) await request('GET', url, true);
    // Let the server notice the closed sockets.
    await new Promise((r) => setTimeout(r, 200));
    expect(errorLines()).toEqual([]);
    expect((await request('GET', single)).statusCode).toBe(200);
  });
});

describe('content under its extension (security probe: HTML and SVG accepted as .xml)', () => {
  it('refuses HTML and SVG uploaded as .xml, and accepts a real XML document', async () => {
    for (const content of [
      '<html><body><script>alert(1)</script></body></html>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ]) {
      const res = await uploadTo(t.app, admin, both, [{ name: 'nota.xml', data: Buffer.from(content) }]);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual([{ message: invalidFileMessage(), field: 'anexos' }]);
    }
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<nfeProc versao="4.00"><NFe/></nfeProc>';
    const ok = await uploadTo(t.app, admin, both, [{ name: 'nota.xml', data: Buffer.from(xml) }]);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
