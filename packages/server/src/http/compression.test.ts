import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../test/harness.ts';
import { COMPRESS_THRESHOLD } from './compression.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = (await login(t.app)).token;
});
afterEach(async () => {
  await t.close();
});

describe('compressed API answers', () => {
  it('sends a large JSON answer as brotli or gzip by Accept-Encoding, the same JSON', async () => {
    const get = (encoding: string) =>
      t.app.inject(
        as(token, {
          method: 'GET',
          url: '/api/subject?fetch=1000',
          headers: { 'accept-encoding': encoding },
        }),
      );
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ status: string }>().status).toBe('ok');
  });
});
