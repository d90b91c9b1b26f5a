import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialectName, login, type TestApp } from '../test/harness.ts';
import { createCrm, createTalk } from '../test/records.ts';
import type { StreamEvent } from './event-kinds.ts';
import { positionOf, readAfter } from './event-log.ts';
import { appendEvent } from './event-stream.ts';

let t: TestApp;
let admin: string;
/** What the live consumers were handed, in order (a probe registered like any consumer). */
const dispatched: StreamEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  t.app.services.events.onCommitted('probe', (events) => {
    dispatched.push(...events);
  });
}, 60_000);
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
  t.app.inject(as(admin, { method, url, payload }));

const logged = async (talkId: number) =>
  (
    await t.db.kysely
      .selectFrom('outbox_events')
      .select(['id', 'kind', 'talk_id', 'depth', 'source'])
      .where('talk_id', '=', talkId)
      .where('kind', 'not like', 'notification.%')
      .orderBy('id')
      .execute()
  ).map((e) => e.kind);

describe('the event stream', () => {
  it('every change to a record is an event appended by its write, dispatched once committed', async () => {
    const talkId = await createTalk(t.app, admin, 'chamado', { titulo: 'Impressora' });
    expect(
      (await call('PUT', `/api/talk/chamado/${talkId}`, { values: { titulo: 'Impressora parada' } }))
        .statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/talk/batchDeactivate/chamado', { talkIds: [talkId] })).statusCode).toBe(
      200,
    );
    // Deactivating what is already deactivated changes nothing: no event.
    expect((await call('POST', '/api/talk/batchDeactivate/chamado', { talkIds: [talkId] })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/talk/batchActivate/chamado', { talkIds: [talkId] })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/talk/chamado/${talkId}/messages`, { text: 'Olá' })).statusCode).toBe(
      201,
    );
    const tag = await call('POST', '/api/tag', {
      tagName: 'VIP',
      tagColor: '#e03131',
      tagFilters: [
        {
          filterName: 'Nunca',
          filter: { attribute: 'titulo', operator: 'equal', value: 'nenhum título é este' },
          subject: 'chamado',
        },
      ],
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagId = tag.json<{ tagId: number }>().tagId;
    const ref = { companyId: 1, subject: 'chamado', talkId };
    expect(await t.app.services.tags.addTag(ref, tagId)).toBe(true);
    expect(await t.app.services.tags.removeTag(ref, tagId)).toBe(true);
    expect((await call('DELETE', '/api/talk/chamado', { talkIds: [talkId] })).statusCode).toBe(200);

    const kinds = [
      'talk.created',
      'talk.updated',
      'talk.deactivated',
      'talk.activated',
      'message.created',
      'tag.gained',
      'tag.lost',
      'talk.deleted',
    ];
    expect(await logged(talkId)).toEqual(kinds);
    // The live consumers got each one, once, after its commit.
    expect(dispatched.filter((e) => e.talkId === talkId).map((e) => e.kind)).toEqual(kinds);
  });

  it('a write that fails appends nothing and dispatches nothing', async () => {
    const talkId = await createTalk(t.app, admin, 'chamado', { titulo: 'Rede' });
    const before = dispatched.length;
    const stale = await call('PUT', `/api/talk/chamado/${talkId}`, {
      values: { titulo: 'Rede lenta' },
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
    await expect(
      t.app.services.events.write(async (trx) => {
        await appendEvent(trx, { companyId: 1, kind: 'menu.changed', payload: { probe: 'rolled back' } });
        throw new Error('the write fails after its event');
      }),
    ).rejects.toThrow('the write fails after its event');
    expect(await logged(talkId)).toEqual(['talk.created']);
    const rolledBack = await sql<{ n: number }>`select count(*) as n from outbox_events
      where payload like ${'%rolled back%'}`.execute(t.db.kysely);
    expect(Number(rolledBack.rows[0]?.n)).toBe(0);
    expect(dispatched.length).toBe(before);
  });

  it('a consumer that fails holds no other consumer and no writer', async () => {
    t.app.services.events.onCommitted('broken', () => {
      throw new Error('a broken consumer');
    });
    const talkId = await createTalk(t.app, admin, 'chamado', { titulo: 'Servidor' });
    expect(dispatched.some((e) => e.talkId === talkId && e.kind === 'talk.created')).toBe(true);
  });

  it.skipIf(dialectName !== 'postgres')(
    'a durable consumer never passes an event committed late behind a larger id (PostgreSQL)',
    async () => {
      const k = t.db.kysely;
      const consumer = 'probe-late';
      const start = await positionOf(k, consumer);
      // A takes its transaction id first, then waits; B appends and commits; A appends last and
      // commits: A's event has the larger id but the older transaction.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const begun = new Promise<void>((resolve) => (began = resolve));
      const a = t.app.services.events.write(async (trx) => {
        await sql`select pg_current_xact_id()`.execute(trx);
        began();
        await held;
        return appendEvent(trx, { companyId: 1, kind: 'menu.changed', payload: { probe: 'A' } });
      });
      await begun;
      const b = await t.app.services.events.write((trx) =>
        appendEvent(trx, { companyId: 1, kind: 'menu.changed', payload: { probe: 'B' } }),
      );
      // While A runs, B is not readable: a cursor moved past it would pass A for good.
      const early = await readAfter(k, 'postgres', start, 100);
      expect(early.map((e) => e.id)).not.toContain(b.id);
      release();
      const aEvent = await a;
      expect(aEvent.id).toBeGreaterThan(b.id);
      // Readable once every older transaction of the cluster has ended (other tests' included).
      const deadline = Date.now() + 10_000;
      let probes: unknown[] = [];
      while (probes.length < 2 && Date.now() < deadline) {
        const later = await readAfter(k, 'postgres', start, 1000);
        probes = later.filter((e) => e.id === aEvent.id || e.id === b.id).map((e) => e.payload['probe']);
        if (probes.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Both, in the order of their transactions.
      expect(probes).toEqual(['A', 'B']);
    },
  );
});

describe('the boundary', () => {
  it('only the stream’s push consumer publishes to open sessions', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
          const rel = path.relative(root, file);
          if (rel === path.join('events', 'stream-pushes.ts') || rel.startsWith(`realtime${path.sep}`))
            continue;
          if (/\b(hub|this\.hub)\s*\.\s*publish(To)?\s*\(/.test(readFileSync(file, 'utf8')))
            offenders.push(rel);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
