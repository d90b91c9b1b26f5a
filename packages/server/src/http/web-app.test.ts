import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { cacheControlFor } from './web-app.ts';

let t: TestApp;
const script = `console.log(${JSON.stringify('talkbase '.repeat(200))});`;
const page = `<!doctype html><title>Talkbase</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;

/** A built app as `vite build` leaves it: each file with its .br and .gz copies. */
function writeWithCopies(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

afterEach(async () => {
  await t.close();
});

describe('serving the built web app', () => {
  beforeEach(async () => {
    const web = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    writeWithCopies(path.join(web, 'index.html'), page);
    writeWithCopies(path.join(web, 'assets', 'index-CeUWlKtp.js'), script);
    fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST: web });
  });

  it('sends a hashed asset as brotli or gzip by Accept-Encoding, cached for a year, immutable', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-CeUWlKtp.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-CeUWlKtp.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-CeUWlKtp.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('never lets index.html be cached without revalidation, at / and at any page route', async () => {
    for (const url of ['/', '/index.html', '/context/grid/chamado/10']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('tells hashed asset names from the others', () => {
    expect(cacheControlFor('/dist/assets/material-symbols-app-DzyP15l8.woff2')).toContain('immutable');
    expect(cacheControlFor('/dist/assets/index-CeUWlKtp.css.gz')).toContain('immutable');
    expect(cacheControlFor('/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist/sw.js')).toBe('no-cache');
  });
});
