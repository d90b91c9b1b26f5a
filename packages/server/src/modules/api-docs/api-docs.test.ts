import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/api/docs', () => {
  it('is a public page whose scripts are files of this server, under a CSP without inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toContain("default-src 'self'");

    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/src="\/api\/docs\/[a-z-]+\.js\?v=[0-9a-f]{12}"/);
      expect(inline?.trim()).toBe('');
    }
    // Everything the page loads comes from this server (the icon is an empty data: URL).
    const all = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(all.filter((l) => !l.startsWith('/api/docs/'))).toEqual(['data:,']);
    const links = all.filter((l) => l.startsWith('/api/docs/'));
    expect(links).toHaveLength(3);
    for (const link of links) {
      const asset = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-encoding': 'gzip' } });
      expect(asset.statusCode, link).toBe(200);
      expect(asset.headers['content-type']).toMatch(
        link.includes('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-encoding']).toBe('gzip');
      const text = zlib.gunzipSync(asset.rawPayload).toString('utf8');
      expect(text.length).toBeGreaterThan(100);
      if (link.includes('docs-init')) expect(text).toContain("url: '/api/openapi.json'");
      if (link.includes('bundle')) expect(text).toContain('SwaggerUIBundle');
    }
    // Without gzip, the bytes as they are.
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/docs-init.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('SwaggerUIBundle');
  });

  it('serves only its own files', async () => {
    for (const url of [
      '/api/docs/package.json',
      '/api/docs/..%2F..%2Fpackage.json',
      '/api/docs/index.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: [{ message: 'Recurso não encontrado.' }] });
    }
  });

  it('answers the description without a session, and the same with one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<{ openapi: string }>().openapi).toBe('3.1.1');
    const paths = Object.keys(anonymous.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/docs', '/api/openapi.json', '/api/docs/{file}']));
  });
});
