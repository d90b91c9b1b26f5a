import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { as, testDatabaseUrl } from '../../test/harness.ts';
import {
  automationFixture,
  createJob,
  createRecord,
  event,
  readRecord,
  runsOf,
  setValue,
  type AutomationFixture,
} from './automations-setup.ts';

let f: AutomationFixture | undefined;
let target: http.Server | undefined;
afterEach(async () => {
  await f?.t.close();
  f = undefined;
  if (target) await new Promise<void>((r) => target?.close(() => r()));
  target = undefined;
});

const MINUTE = 60_000;
type Loose = Kysely<Record<string, Record<string, unknown>>>;

async function count(fx: AutomationFixture): Promise<number> {
  const r = await fx.t.db.kysely
    .selectFrom(`subject_${fx.subjectId}` as never)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number((r as { n: unknown }).n);
}

async function getRun(fx: AutomationFixture, runId: number) {
  const res = await fx.app.inject(as(fx.token, { method: 'GET', url: `/api/job/run/${runId}` }));
  expect(res.statusCode).toBe(200);
  return res.json<{
    status: string;
    steps: { status: string; error: string | null; attempts: number }[];
    progress?: { done: number; total: number | null };
  }>();
}

describe('automation durability', () => {
  it('a crash after the action and before its step was marked: the effect happens once', async () => {
    f = await automationFixture();
    const fx = f;
    const jobId = await createJob(fx, {
      name: 'Auditoria',
      events: [
        event(fx, 5, { condition: 'E', rules: [{ attribute: 'status', operator: 'equal', value: 'novo' }] }),
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'NewTalk',
              name: 'Cópia',
              configs: [{ subjectId: fx.subjectId, subjectAttributeId: fx.attr.titulo, value: 'cópia' }],
            },
          ],
        },
      ],
    });
    await createRecord(fx, { titulo: 'A', status: 'novo' });
    await fx.app.services.automations.drain();
    expect(await count(fx)).toBe(2);
    // As if the process died right after the action's transaction: the event stream's cursor not
    // moved past the event, the run still 'running' with its lease run out and its step not recorded.
    const k = fx.t.db.kysely;
    await k
      .updateTable('event_cursors')
      .set({ tx: 0, event_id: 0 })
      .where('consumer', '=', 'automations')
      .execute();
    const [run] = (await runsOf(fx, jobId)).itens;
    await (k as never as Loose)
      .updateTable('automation_runs')
      .set({
        status: 'running',
        lease_until: 0,
        finished_at: null,
        steps: JSON.stringify([
          { workStepId: null, workStepType: 'NewTalk', status: 'pending', error: null, attempts: 1 },
        ]),
      })
      .where('id', '=', run?.runId)
      .execute();
    await fx.app.services.automations.drain();
    await fx.app.services.automations.drain();
    expect(await count(fx)).toBe(2);
    const runs = await runsOf(fx, jobId);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]?.status).toBe('succeeded');
  });

  it('HTTP failures retry with backoff on the injected clock, the run fails after 5 tries, resume carries on from the failed step', async () => {
    let status = 500;
    let hits = 0;
    target = http.createServer((_req, res) => {
      hits += 1;
      res.writeHead(status).end();
    });
    await new Promise<void>((r) => target?.listen(0, '127.0.0.1', () => r()));
    const port = (target.address() as AddressInfo).port;
    f = await automationFixture({ OUTBOUND_ALLOW: `127.0.0.1:${port}` });
    const fx = f;
    const engine = fx.app.services.automations;
    const realNow = engine.now;
    let offset = 0;
    engine.now = () => realNow() + offset;
    const jobId = await createJob(fx, {
      name: 'Webhook',
      events: [event(fx, 5)],
      works: [
        {
          steps: [
            setValue(fx, 'contador', 1),
            {
              workStepType: 'HttpRequest',
              name: 'Webhook',
              configs: [{ method: 'POST', url: `http://127.0.0.1:${port}/x`, headers: [], body: '{}' }],
            },
            setValue(fx, 'nota', 'avisado'),
          ],
        },
      ],
    });
    const id = await createRecord(fx, { titulo: 'A' });
    await engine.drain();
    expect(hits).toBe(1);
    const [first] = (await runsOf(fx, jobId)).itens;
    const runId = first?.runId ?? 0;
    expect((await getRun(fx, runId)).status).toBe('pending');
    // Not due before its backoff (2 min after the first try).
    offset += MINUTE;
    await engine.drain();
    expect(hits).toBe(1);
    // 2, 4, 8, 16 minutes: tries 2..5.
    for (const wait of [1, 4, 8, 16]) {
      offset += wait * MINUTE;
      await engine.drain();
    }
    expect(hits).toBe(5);
    let run = await getRun(fx, runId);
    expect(run.status).toBe('failed');
    expect(run.steps.map((s) => s.status)).toEqual(['succeeded', 'failed', 'cancelled']);
    expect(run.steps[1]?.attempts).toBe(5);
    expect(run.steps[1]?.error).toMatch(/500/);
    expect((await readRecord(fx, id)).nota ?? null).toBeNull();

    status = 200;
    const resumed = await fx.app.inject(
      as(fx.token, { method: 'POST', url: `/api/job/run/${runId}/resume` }),
    );
    expect(resumed.statusCode).toBe(200);
    await engine.drain();
    run = await getRun(fx, runId);
    expect(run.status).toBe('succeeded');
    expect(run.steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(hits).toBe(6);
    expect((await readRecord(fx, id)).nota).toBe('avisado');
  });

  it('run on existing records: progress, cancel, and resume after an app restart', async () => {
    f = await automationFixture();
    const fx = f;
    for (let i = 0; i < 30; i++)
      await createRecord(fx, { titulo: `R${i}`, status: i % 3 === 0 ? 'alta' : 'baixa' });
    const jobId = await createJob(fx, {
      name: 'Marcar altas',
      events: [
        event(fx, 5, { condition: 'E', rules: [{ attribute: 'status', operator: 'equal', value: 'alta' }] }),
      ],
      works: [{ steps: [setValue(fx, 'nota', 'marcado')] }],
    });
    await fx.app.services.automations.drain(); // the creates (before the job existed) fire nothing
    const started = await fx.app.inject(as(fx.token, { method: 'POST', url: `/api/job/${jobId}/run` }));
    expect(started.statusCode).toBe(202);
    const { runId } = started.json<{ runId: number }>();
    await fx.app.services.automations.drain();
    const run = await getRun(fx, runId);
    expect(run.status).toBe('succeeded');
    expect(run.progress).toEqual({ done: 10, total: 10 });
    const marked = await fx.t.db.kysely
      .selectFrom(`subject_${fx.subjectId}` as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(`a_${fx.attr.nota}` as never, '=', 'marcado' as never)
      .executeTakeFirstOrThrow();
    expect(Number((marked as { n: unknown }).n)).toBe(10);

    // Cancel a pending run; it never runs.
    const second = (
      await fx.app.inject(as(fx.token, { method: 'POST', url: `/api/job/${jobId}/run` }))
    ).json<{
      runId: number;
    }>().runId;
    const cancelled = await fx.app.inject(
      as(fx.token, { method: 'POST', url: `/api/job/run/${second}/cancel` }),
    );
    expect(cancelled.statusCode).toBe(200);
    await fx.app.services.automations.drain();
    expect((await getRun(fx, second)).status).toBe('cancelled');

    // A run left half-way by a stopped instance (cursor after the first batch, lease run out) is
    // finished by a new app on the same database, from its cursor.
    const third = (await fx.app.inject(as(fx.token, { method: 'POST', url: `/api/job/${jobId}/run` }))).json<{
      runId: number;
    }>().runId;
    const k = fx.t.db.kysely as never as Loose;
    await k
      .updateTable('automation_runs')
      .set({ status: 'running', lease_until: 0, cursor: 15, done: 5, total: 10, started_at: Date.now() })
      .where('id', '=', third)
      .execute();
    const other = await fx.t.sibling();
    await other.services.automations.drain();
    const after = await getRun(fx, third);
    expect(after.status).toBe('succeeded');
    expect(after.progress).toEqual({ done: 10, total: 10 });
  });

  it.skipIf(!testDatabaseUrl)(
    'a schedule fires once per slot with two instances on one database',
    async () => {
      f = await automationFixture();
      const fx = f;
      await createRecord(fx, { titulo: 'A' });
      await createRecord(fx, { titulo: 'B' });
      const jobId = await createJob(fx, {
        name: 'A cada minuto',
        events: [
          {
            name: 'Agenda',
            steps: [
              {
                eventStepType: 4,
                subjectId: fx.subjectId,
                filterName: 'Todos',
                filter: { condition: 'E', rules: [] },
                cron: '0 0/1 * ? * 1,2,3,4,5,6,7 *',
              },
            ],
          },
        ],
        works: [{ steps: [setValue(fx, 'nota', 'agendado')] }],
      });
      const other = await fx.t.sibling();
      const a = fx.app.services.automations;
      const b = other.services.automations;
      const base = Date.now() + 1000;
      a.now = () => base;
      b.now = () => base;
      await Promise.all([a.drain(), b.drain()]);
      // (A minute may have turned since the instances started: that slot fired once already.)
      const before = (await runsOf(fx, jobId)).totalResults;
      // Both instances pass the next minute's slot at once.
      a.now = () => base + MINUTE;
      b.now = () => base + MINUTE;
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.drain(), b.drain()]);
      const runs = await runsOf(fx, jobId);
      expect(runs.totalResults - before).toBe(1);
      expect(runs.itens[0]?.status).toBe('succeeded');
      const notes = await fx.t.db.kysely
        .selectFrom(`subject_${fx.subjectId}` as never)
        .select(`a_${fx.attr.nota}` as never)
        .execute();
      expect(notes.map((n) => Object.values(n as Record<string, unknown>)[0])).toEqual([
        'agendado',
        'agendado',
      ]);
    },
  );

  it.skipIf(!testDatabaseUrl)(
    'two instances take the event stream together: every event makes its runs exactly once',
    async () => {
      f = await automationFixture();
      const fx = f;
      const jobId = await createJob(fx, {
        name: 'Na criação',
        events: [event(fx, 5)],
        works: [{ steps: [setValue(fx, 'contador', 1)] }],
      });
      const other = await fx.t.sibling();
      const a = fx.app.services.automations;
      const b = other.services.automations;
      // Creates through both instances while both read the stream.
      const ids: number[] = [];
      for (let round = 0; round < 5; round++) {
        const made = await Promise.all(
          Array.from({ length: 8 }, (_, i) => createRecord(fx, { titulo: `R${round}-${i}` })),
        );
        ids.push(...made);
        await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      }
      await Promise.all([a.drain(), b.drain()]);
      const runs = (await runsOf(fx, jobId)).itens;
      expect(runs).toHaveLength(ids.length);
      expect(new Set(runs.map((r) => r.talkId)).size).toBe(ids.length);
      expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
      for (const id of ids.slice(0, 5)) expect((await readRecord(fx, id)).contador).toBe(1);
    },
  );
});
