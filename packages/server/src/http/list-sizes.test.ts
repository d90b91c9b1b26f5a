import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TALKS_PER_BATCH } from '@talkbase/domain/contracts/talks';
import { as, createTestApp, errorsOf, login, type TestApp } from '../test/harness.ts';
import { createCrm } from '../test/records.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { sendStreamedList } from './streamed-list.ts';

type Page<T> = { itens: T[]; totalResults: number; currentPage: number };

let t: TestApp;
let admin: string;
let adminId: number;

beforeEach(async () => {
  t = await createTestApp();
  ({ token: admin, accountId: adminId } = await login(t.app));
});

afterEach(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject(as(admin, { method: 'GET', url }));

/** `n` saved filters of `chamado`, named so that their order is known: "Filtro 00001"… */
async function saveFilters(n: number): Promise<void> {
  for (let from = 0; from < n; from += MAX_TALKS_PER_BATCH) {
    const talks = Array.from({ length: Math.min(MAX_TALKS_PER_BATCH, n - from) }, (_, i) => ({
      talkValues: [
        { subjectAttributeIdentifier: 'nome', value: `Filtro ${String(from + i + 1).padStart(5, '0')}` },
        { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
        {
          subjectAttributeIdentifier: 'filtro',
          value: { attribute: 'titulo', operator: 'contains', value: `x${from + i}` },
        },
      ],
    }));
    const res = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/filtro/many', payload: { talks } }),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('list sizes of 001 §9', () => {
  it(
    'answers all 2,500 saved filters to fetch=10000, with the true total, on both list calls',
    { timeout: 120_000 },
    async () => {
      await createCrm(t.app, admin);
      await saveFilters(2500);
      const expected = Array.from({ length: 2500 }, (_, i) => `Filtro ${String(i + 1).padStart(5, '0')}`);

      const listed = await get('/api/Filter/chamado?origin=grid&page=1&fetch=10000');
      expect(listed.statusCode, listed.body).toBe(200);
      const filters = listed.json<Page<{ filterId: number; filterName: string }>>();
      expect(filters.totalResults).toBe(2500);
      expect(filters.currentPage).toBe(1);
      expect(filters.itens.map((f) => f.filterName)).toEqual(expected);
      expect(new Set(filters.itens.map((f) => f.filterId)).size).toBe(2500);

      // The grid's call for saved filters (POST /talk/filter/filtro, body fetch 10000).
      const talks = await t.app.inject(
        as(admin, {
          method: 'POST',
          url: '/api/talk/filter/filtro',
          payload: { fetch: 10000, page: 1, isActive: true },
        }),
      );
      expect(talks.statusCode, talks.body).toBe(200);
      const page = talks.json<Page<{ talkId: number }>>();
      expect(page.totalResults).toBe(2500);
      expect(new Set(page.itens.map((i) => i.talkId)).size).toBe(2500);

      // A second page of 2,000 holds the last 500; a page past the end is empty, with the total.
      const second = (await get('/api/Filter/chamado?page=2&fetch=2000')).json<
        Page<{ filterName: string }>
      >();
      expect(second.itens.map((f) => f.filterName)).toEqual(expected.slice(2000));
      expect(second).toMatchObject({ totalResults: 2500, currentPage: 2 });
      const past = (await get('/api/Filter/chamado?page=3&fetch=5000')).json<Page<unknown>>();
      expect(past).toEqual({ itens: [], totalResults: 2500, currentPage: 3 });
    },
  );

  it('refuses a page larger than the list allows with 400 and a pt-BR message, never a shorter one', async () => {
    await createCrm(t.app, admin);
    const filters = await get('/api/Filter/chamado?fetch=10001');
    expect(filters.statusCode).toBe(400);
    expect(errorsOf(filters)).toEqual([
      {
        message: 'Tamanho de página acima do máximo: peça no máximo 10.000 registros por vez.',
        field: 'fetch',
      },
    ]);
    const templates = await get('/api/template?scenarioId=1&templatetype=3&fetch=10001');
    expect(templates.statusCode).toBe(400);
    expect(errorsOf(templates)[0]?.field).toBe('fetch');
    const talks = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 20000 } }),
    );
    expect(talks.statusCode).toBe(400);
    // Lists the spec never asks more than 1,000 of (rooms, subjects) refuse above 1,000.
    const rooms = await get('/api/room?page=1&fetch=1001');
    expect(rooms.statusCode).toBe(400);
    expect(errorsOf(rooms)).toEqual([
      {
        message: 'Tamanho de página acima do máximo: peça no máximo 1.000 registros por vez.',
        field: 'fetch',
      },
    ]);
    const accounts = await get('/api/account?CurrentPage=1&ResultsPerPage=1000000');
    expect(accounts.statusCode).toBe(400);
    expect(errorsOf(accounts)[0]).toEqual({
      message: 'Tamanho de página acima do máximo: peça no máximo 999.999 registros por vez.',
      field: 'ResultsPerPage',
    });
  });

  it(
    'lists every account to ResultsPerPage=999999 across chunks, none twice, even with equal names',
    { timeout: 120_000 },
    async () => {
      const now = Date.now();
      const count = MAX_PAGE_SIZE * 2 + 37;
      const rows = Array.from({ length: count }, (_, i) => ({
        company_id: 1,
        account_type: 1,
        room_id: 1196,
        // Many equal names: the next chunk starts after the last (name, id), not after the last name.
        first_name: i % 3 === 0 ? 'Maria' : `Pessoa ${String(i).padStart(5, '0')}`,
        last_name: 'Silva',
        display_name: 'Pessoa',
        email: `lote-${i}@talkbase.test`,
        email_normalized: `lote-${i}@talkbase.test`,
        password_hash: 'x',
        is_admin: 0,
        two_factor_enabled: 0,
        is_active: 1,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await t.db.kysely
          .insertInto('accounts')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const res = await get('/api/account?CurrentPage=1&ResultsPerPage=999999&IncludCurrentUser=true');
      expect(res.statusCode, res.body).toBe(200);
      const all = res.json<Page<{ accountId: number; firstName: string | null }>>();
      expect(all.totalResults).toBe(count + 1);
      expect(all.itens).toHaveLength(count + 1);
      expect(new Set(all.itens.map((a) => a.accountId)).size).toBe(count + 1);
      expect(all.itens.map((a) => a.accountId)).toContain(adminId);
      // The same order as the small pages: the first 1,000 equal page 1 of 1,000.
      const first = (await get('/api/account?CurrentPage=1&ResultsPerPage=1000&IncludCurrentUser=true')).json<
        Page<{ accountId: number }>
      >();
      expect(all.itens.slice(0, 1000).map((a) => a.accountId)).toEqual(first.itens.map((a) => a.accountId));
      const last = (await get('/api/account?CurrentPage=3&ResultsPerPage=1000&IncludCurrentUser=true')).json<
        Page<{ accountId: number }>
      >();
      expect(all.itens.slice(2000).map((a) => a.accountId)).toEqual(last.itens.map((a) => a.accountId));
    },
  );
});

describe('a streamed list', () => {
  it('reads the next chunk only when the client has taken the last: memory holds a few chunks', async () => {
    const chunks = 400;
    let pulled = 0;
    async function* source(): AsyncGenerator<{ id: number; text: string }[]> {
      for (let c = 0; c < chunks; c++) {
        // As a database read would, each chunk arrives on a later turn.
        await Promise.resolve();
        pulled++;
        yield Array.from({ length: MAX_PAGE_SIZE }, (_, i) => ({
          id: c * MAX_PAGE_SIZE + i,
          text: 'x'.repeat(100),
        }));
      }
    }
    const app = Fastify();
    app.get('/big', (_req, reply) =>
      sendStreamedList(reply, { totalResults: chunks * MAX_PAGE_SIZE, currentPage: 1, chunks: source() }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/big' }, (res) => {
            res.pause();
            // A client that has not read yet: the server stops reading its source.
            const waitAndCheck = async () => {
              for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
              expect(pulled).toBeLessThan(chunks / 4);
              const parts: Buffer[] = [];
              res.on('data', (d: Buffer) => parts.push(d));
              res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
              res.resume();
            };
            waitAndCheck().catch(reject);
          })
          .on('error', reject);
      });
      const parsed = JSON.parse(body) as Page<{ id: number }>;
      expect(parsed.totalResults).toBe(chunks * MAX_PAGE_SIZE);
      expect(parsed.itens).toHaveLength(chunks * MAX_PAGE_SIZE);
      expect(parsed.itens.at(-1)?.id).toBe(chunks * MAX_PAGE_SIZE - 1);
      expect(pulled).toBe(chunks);
    } finally {
      await app.close();
    }
  });
});
