import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../test/harness.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('the HTTP contract', () => {
  beforeEach(async () => {
    t = await createTestApp({ BODY_LIMIT: '2048' });
  });

  it('declares a permission for every /api and /websocket route', () => {
    const guarded = t.app.routeCatalogue.filter((r) => /^\/(api|websocket)(\/|$)/i.test(r.url));
    expect(guarded.length).toBeGreaterThan(5);
    const known: readonly string[] = ['public', 'session', 'admin'];
    const missing = guarded.filter((r) => !known.includes(r.permission)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers health without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; database: string }>();
    expect(body.status).toBe('ok');
    expect(['sqlite', 'postgres']).toContain(body.database);
  });

  it('answers 400 for malformed JSON, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ message: 'O corpo da requisição não é um JSON válido.' }] });
  });

  it('lists each missing or wrong field', async () => {
    const admin = await login(t.app);
    const res = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 1, roomId: 1196, firstName: '', email: 'not-an-email' },
      }),
    );
    expect(res.statusCode).toBe(400);
    const byField: Record<string, string> = Object.fromEntries(
      errorsOf(res).map((e) => [e.field ?? '', e.message]),
    );
    expect(byField).toMatchObject({
      firstName: 'Campo obrigatório.',
      lastName: 'Campo obrigatório.',
      displayName: 'Campo obrigatório.',
      phoneNumber: 'Campo obrigatório.',
      email: 'Insira um Email válido',
    });
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ message: 'Recurso não encontrado.' }] });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(errorsOf(res)[0]?.message).toBe('O corpo da requisição excede o tamanho máximo permitido.');
  });

  it('answers 400 naming the field for text with the NUL character, on both databases alike', async () => {
    const admin = await login(t.app);
    // PostgreSQL refuses NUL in text and jsonb: these were 500 there (route fuzz, seed 19005).
    for (const url of [
      '/api/Room?term=%00',
      '/api/job?term=a%00b',
      '/api/notification?NotificationName=a%00b',
    ]) {
      const res = await t.app.inject(as(admin.token, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(400);
      expect(errorsOf(res)[0]?.message).toBe('O texto não pode conter o caractere nulo.');
    }
    const put = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: '/api/subject/chamado',
        payload: { name: 'a\u0000b', icon: 'x' },
      }),
    );
    expect(put.statusCode).toBe(400);
    expect(errorsOf(put)).toEqual([{ message: 'O texto não pode conter o caractere nulo.', field: 'name' }]);
  });

  it('treats SQL and script text as data', async () => {
    const payloads = [
      "' OR 1=1 --",
      "admin@talkbase.test'; DROP TABLE accounts; --",
      '<script>alert(1)</script>',
      '"; SELECT * FROM sessions; --',
    ];
    for (const text of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: text, password: text },
      });
      expect(res.statusCode).toBe(401);
    }
    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token, {
      firstName: "Robert'); DROP TABLE accounts;--",
      displayName: '<b>x</b>',
    });
    expect(person.accountId).toBeGreaterThan(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('requires a session (401) and the right role (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/account/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const garbage = await t.app.inject(
      as('not-a-token', { method: 'POST', url: '/api/account/', payload: {} }),
    );
    expect(garbage.statusCode).toBe(401);

    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token);
    const customer = await login(t.app, person.email, person.password);
    const res = await t.app.inject(as(customer.token, { method: 'POST', url: '/api/account/', payload: {} }));
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.message).toBe('Você não tem permissão para realizar esta ação.');
  });

  it('refuses a second account with the same e-mail', async () => {
    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token);
    const res = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: {
          accountType: 1,
          roomId: 1196,
          firstName: 'A',
          lastName: 'B',
          displayName: 'C',
          phoneNumber: '(11) 91234-5678',
          email: person.email.toUpperCase(),
        },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([{ message: 'Esse e-mail já possui cadastro', field: 'email' }]);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the web app', () => {
  beforeEach(async () => {
    const web = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-web-'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>Talkbase</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: web });
  });

  it('serves files, and index.html for any page route', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    const deep = await t.app.inject({
      method: 'GET',
      url: '/context/grid/chamado/10',
      headers: { accept: 'text/html' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ errors: [{ message: 'Recurso não encontrado.' }] });
  });
});
