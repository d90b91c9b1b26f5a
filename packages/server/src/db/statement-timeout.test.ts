import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, login, testDatabaseUrl, type TestApp } from '../test/harness.ts';
import { createCrm, createTalk } from '../test/records.ts';
import {
  ALL,
  automationFixture,
  createJob,
  createManualTag,
  createRecord,
  event,
  runsOf,
  type AutomationFixture,
} from '../modules/automations/automations-setup.ts';

/**
 * PostgreSQL bounds each statement of the server (DATABASE_STATEMENT_TIMEOUT_MS): a statement held
 * up past it — here by a lock another session keeps on the records' table — is cancelled, its
 * request answered 504 in Portuguese with nothing half-saved, and the server goes on serving.
 * Building an index, whose time grows with the table, is not bounded.
 */
describe.runIf(testDatabaseUrl)('the statement timeout (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let other: pg.Client;
  // Reads pg_stat_activity: inside `other`'s transaction it would be a snapshot of its start.
  let watcher: pg.Client;
  let table: string;

  beforeAll(async () => {
    t = await createTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '400' });
    admin = (await login(t.app)).token;
    await createCrm(t.app, admin);
    await createTalk(t.app, admin, 'cliente', { nome: 'Alfa' });
    other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    watcher = new pg.Client({ connectionString: t.config.databaseUrl });
    await watcher.connect();
    const id = (await other.query<{ id: number }>(`select id from subjects where identifier = 'cliente'`))
      .rows[0]?.id;
    table = `subject_${id}`;
  });
  afterAll(async () => {
    await other.end();
    await watcher.end();
    await t.close();
  });

  const list = () =>
    t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/filter/cliente',
        payload: { currentPage: 1, resultsPerPage: 10 },
      }),
    );
  const count = async () => (await list()).json<{ itens: unknown[] }>().itens.length;

  it('cancels a statement held past the limit, answers 504 and keeps serving', async () => {
    await other.query('begin');
    await other.query(`lock table ${table} in access exclusive mode`);
    try {
      const read = await list();
      expect(read.statusCode).toBe(504);
      expect(read.json()).toEqual({
        errors: [
          {
            message:
              'A consulta demorou mais do que o servidor permite e foi interrompida. Tente novamente ou use um filtro mais restrito.',
          },
        ],
      });
      const write = await t.app.inject(
        as(admin, {
          method: 'POST',
          url: '/api/talk/cliente',
          payload: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'Beta' }] },
        }),
      );
      expect(write.statusCode).toBe(504);
      // Requests that do not touch the held table are served meanwhile.
      expect((await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/cliente' }))).statusCode).toBe(
        200,
      );
    } finally {
      await other.query('rollback');
    }
    // The refused create left nothing behind; the same requests succeed once the lock is gone.
    expect(await count()).toBe(1);
    await createTalk(t.app, admin, 'cliente', { nome: 'Beta' });
    expect(await count()).toBe(2);
  });

  it('does not bound building an index, which waits for the table as long as it takes', async () => {
    // An open write on the table: building an index waits for it to end.
    await other.query('begin');
    await other.query(`update ${table} set updated_at = updated_at`);
    // Sent now (inject's answer is lazy: it would start only when awaited).
    const changed = Promise.resolve(
      t.app.inject(
        as(admin, {
          method: 'PUT',
          url: '/api/subject/cliente/attribute/cnpj',
          payload: { isOrderable: true },
        }),
      ),
    );
    // Three times the limit on, the rebuild (its drop or create index) is still waiting, not cancelled.
    await vi.waitFor(
      async () => {
        const waiting = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and (query like 'drop index%' or query like 'create%index%')
              and clock_timestamp() - query_start > interval '1200 milliseconds'`,
        );
        expect(waiting.rows[0]?.n).toBe(1);
      },
      { timeout: 10_000, interval: 100 },
    );
    await other.query('commit');
    const res = await changed;
    expect(res.statusCode).toBe(200);
    const indexes = await other.query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = $1 and indexname like '%_sort'`,
      [table],
    );
    expect(indexes.rows.length).toBeGreaterThanOrEqual(2);
    // Every connection of the pool — the one that ran the migrations at start and the one that
    // built the index among them — is back under the limit for the next request.
    const pool = t.db.pool;
    if (!pool) throw new Error('sem pool do PostgreSQL');
    const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const shown = await Promise.all(
        clients.map((c) => c.query<{ statement_timeout: string }>('show statement_timeout')),
      );
      expect(shown.map((r) => r.rows[0]?.statement_timeout)).toEqual(clients.map(() => '400ms'));
    } finally {
      for (const c of clients) c.release();
    }
  });
});

describe.runIf(testDatabaseUrl)('the statement timeout in an automation (PostgreSQL)', () => {
  let f: AutomationFixture;
  let other: pg.Client;
  beforeAll(async () => {
    f = await automationFixture({ DATABASE_STATEMENT_TIMEOUT_MS: '400' });
    other = new pg.Client({ connectionString: f.t.config.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await f.t.close();
  });

  it("fails the held step with the Portuguese message in the run's history, not the database's words", async () => {
    const tagId = await createManualTag(f);
    const jobId = await createJob(f, {
      name: 'Marcar',
      events: [event(f, 5, ALL)],
      works: [{ steps: [{ workStepType: 'SetTalkTag', name: 'Tag', configs: [{ tagId }] }] }],
    });
    await createRecord(f, { titulo: 'A', status: 'alta' });
    await other.query('begin');
    await other.query('lock table talk_tags in access exclusive mode');
    try {
      await f.app.services.automations.drain();
    } finally {
      await other.query('rollback');
    }
    const run = (await runsOf(f, jobId)).itens[0];
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]?.error).toBe(
      'A consulta demorou mais do que o servidor permite e foi interrompida. Tente novamente ou use um filtro mais restrito.',
    );
  });
});
