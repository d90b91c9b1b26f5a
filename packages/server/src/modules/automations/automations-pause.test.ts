import { afterEach, describe, expect, it } from 'vitest';
import { jobEngineStateSchema, type JobEngineState } from '@talkbase/domain/contracts/job-runs';
import { as, createPerson, login } from '../../test/harness.ts';
import { countRecords, getRun, insertRecords, runOnExisting, until } from './automations-bulk.ts';
import {
  automationFixture,
  createJob,
  createRecord,
  eq,
  event,
  readRecord,
  runsOf,
  setValue,
  type AutomationFixture,
} from './automations-setup.ts';

/**
 * Issue 33: the engine paused per company (GET /api/job/engine, POST /api/job/pause|resume). While
 * paused no run of the company starts or continues; events still become pending runs; after the
 * resume everything carries on from where it stopped.
 */
let f: AutomationFixture | undefined;
afterEach(async () => {
  await f?.t.close();
  f = undefined;
});

async function call(fx: AutomationFixture, method: 'GET' | 'POST', url: string, token = fx.token) {
  return fx.app.inject(as(token, { method, url }));
}

async function engineState(fx: AutomationFixture): Promise<JobEngineState> {
  const res = await call(fx, 'GET', '/api/job/engine');
  expect(res.statusCode).toBe(200);
  return jobEngineStateSchema.parse(res.json());
}

describe('engine pause', () => {
  it('answers its state, pauses and resumes; a non-administrator gets 403', async () => {
    f = await automationFixture();
    const fx = f;
    expect(await engineState(fx)).toEqual({ paused: false, pausedAt: null, pausedBy: null });
    const before = Date.now();
    const paused = await call(fx, 'POST', '/api/job/pause');
    expect(paused.statusCode).toBe(200);
    const state = jobEngineStateSchema.parse(paused.json());
    expect(state).toMatchObject({ paused: true, pausedBy: fx.accountId });
    expect(Date.parse(state.pausedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await engineState(fx)).toEqual(state);
    // Pausing again keeps the first pause.
    expect((await call(fx, 'POST', '/api/job/pause')).json()).toEqual(state);

    const person = await createPerson(fx.app, fx.token);
    const { token } = await login(fx.app, person.email, person.password);
    for (const [method, url] of [
      ['GET', '/api/job/engine'],
      ['POST', '/api/job/pause'],
      ['POST', '/api/job/resume'],
    ] as const)
      expect((await call(fx, method, url, token)).statusCode, `${method} ${url}`).toBe(403);
    expect((await engineState(fx)).paused).toBe(true);

    const resumed = await call(fx, 'POST', '/api/job/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({ paused: false, pausedAt: null, pausedBy: null });
    expect(await engineState(fx)).toEqual({ paused: false, pausedAt: null, pausedBy: null });
  });

  it("paused: an event's run stays pending; resumed: it runs", async () => {
    f = await automationFixture();
    const fx = f;
    const drain = () => fx.app.services.automations.drain();
    const jobId = await createJob(fx, {
      name: 'Na criação',
      events: [event(fx, 5)],
      works: [{ steps: [setValue(fx, 'nota', 'criado')] }],
    });
    expect((await call(fx, 'POST', '/api/job/pause')).statusCode).toBe(200);
    const id = await createRecord(fx, { titulo: 'A' });
    await drain();
    let runs = await runsOf(fx, jobId);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]?.status).toBe('pending');
    expect((await readRecord(fx, id)).nota ?? null).toBeNull();

    expect((await call(fx, 'POST', '/api/job/resume')).statusCode).toBe(200);
    await drain();
    runs = await runsOf(fx, jobId);
    expect(runs.itens[0]?.status).toBe('succeeded');
    expect((await readRecord(fx, id)).nota).toBe('criado');
  });

  it(
    'paused: a running set run stops advancing and an event run waits; resumed: both finish, nothing twice',
    { timeout: 90_000 },
    async () => {
      f = await automationFixture({ AUTOMATIONS_POLL_MS: '50' });
      const fx = f;
      const engine = fx.app.services.automations;
      await insertRecords(fx, 2000);
      const setJob = await createJob(fx, {
        name: 'Marcar todos',
        events: [event(fx, 5)],
        works: [{ steps: [setValue(fx, 'nota', 'ok')] }],
      });
      const eventJob = await createJob(fx, {
        name: 'Na edição',
        // The person's edit only: the set run's own edit of that record (nota) later still matches.
        events: [event(fx, 6, eq('titulo', 'editado'), { once: true })],
        works: [{ steps: [setValue(fx, 'contador', 7)] }],
      });
      const setRun = await runOnExisting(fx, setJob);
      await until('the set run under way', 20_000, async () => {
        const r = await getRun(fx, setRun);
        return r.status === 'running' && (r.progress?.done ?? 0) > 0;
      });

      expect((await call(fx, 'POST', '/api/job/pause')).statusCode).toBe(200);
      // It stops at its next batch and goes back to pending, where it stood.
      const stopped = await until('the set run back to pending', 20_000, async () => {
        const r = await getRun(fx, setRun);
        return r.status === 'pending' ? r : null;
      });
      const doneAtPause = stopped.progress?.done ?? 0;
      expect(doneAtPause).toBeGreaterThan(0);
      expect(doneAtPause).toBeLessThan(2000);
      // An event while paused: its run is written, and waits.
      const res = await fx.app.inject(
        as(fx.token, {
          method: 'PUT',
          url: '/api/talk/pedido/2000',
          payload: { talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'editado' }] },
        }),
      );
      expect(res.statusCode).toBe(200);
      await engine.drain();
      const [eventRun] = (await runsOf(fx, eventJob)).itens;
      expect(eventRun?.status).toBe('pending');
      const still = await getRun(fx, setRun);
      expect(still.status).toBe('pending');
      expect(still.progress?.done).toBe(doneAtPause);
      expect(await countRecords(fx, ['nota', 'ok'])).toBe(doneAtPause);

      expect((await call(fx, 'POST', '/api/job/resume')).statusCode).toBe(200);
      const ended = await until('the set run finished', 80_000, async () => {
        const r = await getRun(fx, setRun);
        return r.status === 'succeeded' ? r : null;
      });
      expect(ended.progress).toEqual({ done: 2000, total: 2000 });
      await until(
        'the event run finished',
        10_000,
        async () => (await runsOf(fx, eventJob)).itens[0]?.status === 'succeeded',
      );
      expect(await countRecords(fx, ['nota', 'ok'])).toBe(2000);
      expect(await countRecords(fx, ['contador', 7])).toBe(1);
      expect((await runsOf(fx, eventJob)).totalResults).toBe(1);
    },
  );
});
