import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, testDatabaseUrl, type TestApp } from '../test/harness.ts';
import { createTalk } from '../test/records.ts';

/**
 * A full disk (issue 19 item 3): a write that cannot be stored answers 507 with a clear message,
 * nothing half-written stays, what was acknowledged before is kept, and writes work again once
 * there is room. SQLite's page limit stands in for the disk (the bench fills a real tmpfs).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app)).token;
  const res = await t.app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'nota',
        name: 'Nota',
        attributes: [{ identifier: 'texto', name: 'Texto', componentId: 1 }],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const count = async () =>
  (
    await t.app.inject(as(token, { method: 'POST', url: '/api/talk/filter/nota', payload: { fetch: 10 } }))
  ).json<{ totalResults: number }>().totalResults;

describe.skipIf(testDatabaseUrl)('a full disk', () => {
  it('answers 507 saying so, keeps what was acknowledged, and recovers when space returns', async () => {
    const kept = await createTalk(t.app, token, 'nota', { texto: 'antes' });
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.db.kysely);
    const full = pages.rows[0]?.page_count ?? 0;
    await sql.raw(`pragma max_page_count = ${full}`).execute(t.db.kysely);
    let refused: { statusCode: number; body: string; headers: Record<string, unknown> } | undefined;
    try {
      // Big values fill the last pages quickly; the first write that needs a new page fails.
      for (let i = 0; i < 200 && !refused; i++) {
        const res = await t.app.inject(
          as(token, {
            method: 'POST',
            url: '/api/talk/nota',
            payload: {
              talkValues: [{ subjectAttributeIdentifier: 'texto', value: `${i} ${'x'.repeat(780)}` }],
            },
          }),
        );
        if (res.statusCode !== 201) refused = res;
      }
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.db.kysely);
    }
    expect(refused?.statusCode, refused?.body).toBe(507);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      errors: [
        {
          message:
            'O servidor está sem espaço para gravar. Nada foi salvo; tente novamente em alguns minutos.',
        },
      ],
    });
    expect(refused?.headers['retry-after']).toBe('60');
    const before = await count();
    const read = await t.app.inject(as(token, { method: 'GET', url: `/api/talk/nota/${kept}` }));
    expect(read.statusCode).toBe(200);
    await createTalk(t.app, token, 'nota', { texto: 'depois' });
    expect(await count()).toBe(before + 1);
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db.kysely);
    expect(check.rows[0]?.integrity_check).toBe('ok');
  });
});
