import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { SlaPolicy, SlaStateAnswer } from '@talkbase/domain/contracts/sla';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { SlaClocks } from './sla-clocks.ts';
import {
  completeTicket,
  createTicket,
  putTicket,
  ticketWorld,
  type TicketWorld,
} from '../tickets/ticket-test-helpers.ts';

const MINUTE = 60_000;
const ALL_DAY = Array.from({ length: 7 }, () => [[0, 1440]]);

/** Service levels on the real server (demo workspace), both databases. */
describe('service levels', () => {
  let t: TestApp;
  let w: TicketWorld;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'demo', SLA_CHECK_MS: '0', AUTOMATIONS_POLL_MS: '0' });
    w = await ticketWorld(t);
    // The demo's tickets were written before any policy: their events pass with no clock.
    await t.app.services.sla.clocks.drain();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject(as(token, { method, url, ...(payload ? { payload } : {}) }));
  const clocks = () => t.app.services.sla.clocks;

  async function calendar(): Promise<number> {
    const res = await call(w.admin, 'POST', '/api/sla/calendar', {
      name: 'Sempre',
      timeZone: 'UTC',
      week: ALL_DAY,
      nationalHolidays: false,
      holidays: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ calendarId: number }>().calendarId;
  }

  /** A policy's condition: the ticket of this title. */
  const only = (titulo: string) => ({
    condition: 'E',
    rules: [{ attribute: 'titulo', operator: 'equal', value: titulo }],
  });

  /** The attendant concludes, the customer confirms: 'Finalizado'. */
  const finish = async (id: number, titulo: string) => {
    const concluded = await putTicket(
      t,
      w.agent,
      id,
      completeTicket(w, {
        titulo,
        situacao: w.status.get('Concluído, aguardando confirmação do cliente'),
        diagnostico: 'Defeito',
        detalhesdiagnostico: 'Rotina de cálculo arredondava antes de somar',
        ofensor: 'Desenvolvimento',
      }),
    );
    expect(concluded.statusCode, concluded.body).toBe(200);
    const confirmed = await putTicket(t, w.customer, id, { situacao: w.status.get('Finalizado') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };

  async function state(token: string, id: number) {
    const res = await call(token, 'GET', `/api/sla/state?subject=chamado&ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SlaStateAnswer>().states.find((s) => s.talkId === id);
  }

  it('keeps calendars and policies for administrators only, validated, with versions', async () => {
    const bad = await call(w.admin, 'POST', '/api/sla/calendar', {
      name: 'X',
      timeZone: 'Marte/Olimpo',
      week: [[[600, 500]], [], [], [], [], [], []],
      nationalHolidays: true,
      holidays: ['2026-02-30'],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ errors: { field?: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['timeZone', 'holidays.0']));
    expect((await call(w.agent, 'GET', '/api/sla/policy')).statusCode).toBe(403);

    const calendarId = await calendar();
    const noTarget = await call(w.admin, 'POST', '/api/sla/policy', {
      name: 'Sem meta',
      position: 0,
      active: true,
      calendarId,
      filter: null,
      firstResponseMinutes: null,
      resolutionMinutes: null,
      pauseStatuses: [],
      doneStatuses: [],
    });
    expect(noTarget.statusCode).toBe(400);
    const created = await call(w.admin, 'POST', '/api/sla/policy', {
      name: 'Inativa',
      position: 9,
      active: false,
      calendarId,
      filter: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: w.priority }] },
      firstResponseMinutes: 30,
      resolutionMinutes: null,
      pauseStatuses: [],
      doneStatuses: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json<SlaPolicy>();
    const stale = await call(w.admin, 'PUT', `/api/sla/policy/${p.policyId}`, {
      ...p,
      version: p.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const moved = await call(w.admin, 'PUT', `/api/sla/policy/${p.policyId}`, { ...p, name: 'Inativa 2' });
    expect(moved.statusCode, moved.body).toBe(200);
    // A calendar a policy uses stays.
    expect((await call(w.admin, 'DELETE', `/api/sla/calendar/${calendarId}`)).statusCode).toBe(409);
    expect((await call(w.admin, 'DELETE', `/api/sla/policy/${p.policyId}`)).statusCode).toBe(204);
    expect((await call(w.admin, 'DELETE', `/api/sla/calendar/${calendarId}`)).statusCode).toBe(204);
    expect((await call(w.admin, 'GET', '/api/sla/policy/999999')).statusCode).toBe(404);
  });

  it('counts a ticket down, pauses while it waits for the customer, stops at the first attendant message and reports once at risk and once late', async () => {
    const calendarId = await calendar();
    const created = await call(w.admin, 'POST', '/api/sla/policy', {
      name: 'Padrão',
      position: 0,
      active: true,
      calendarId,
      // This test's ticket only (the demo's open tickets would get clocks too).
      filter: only('Sistema parado agora'),
      firstResponseMinutes: 10,
      resolutionMinutes: 60,
      pauseStatuses: [w.status.get('Aguardando cliente')],
      doneStatuses: [w.status.get('Finalizado')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const policy = created.json<SlaPolicy>();

    const id = await createTicket(t, w.customer, {
      titulo: 'Sistema parado agora',
      cliente: w.ownClient,
      solicitante: 'Ana Silva',
    });
    await clocks().drain();
    const started = await state(w.agent, id);
    expect(started?.policyId).toBe(policy.policyId);
    const first = started?.clocks.find((c) => c.target === 'firstResponse');
    expect(first).toMatchObject({ state: 'running', targetMinutes: 10 });
    const createdAt = Date.parse(first?.dueAt ?? '') - 10 * MINUTE;
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);

    // An automation waits for "SLA em risco" on the tickets.
    const subject = await t.app.services.subjects.load(1, 'chamado');
    const descricao = subject.attributes.find((a) => a.identifier === 'descricao')?.id;
    const job = await call(w.admin, 'POST', '/api/job', {
      name: 'Escalar SLA em risco',
      events: [
        {
          name: 'Evento',
          steps: [
            {
              eventStepType: 11,
              subjectId: subject.id,
              filterName: 'Todos',
              filter: { condition: 'E', rules: [] },
            },
          ],
        },
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Marcar',
              configs: [
                {
                  subjectId: subject.id,
                  subjectAttributeId: descricao,
                  value: 'SLA em risco',
                  setAttributeValueType: 1,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = job.json<{ jobId: number }>().jobId;

    // The customer's own message is no answer; 8 minutes in, the first response is at risk — once.
    const customerSays = await call(w.customer, 'POST', `/api/talk/chamado/${id}/messages`, {
      text: 'Alguém?',
    });
    expect(customerSays.statusCode, customerSays.body).toBeLessThan(300);
    await clocks().drain();
    clocks().now = () => createdAt + 8 * MINUTE + 1000;
    await clocks().drain();
    await clocks().drain();
    const events = async (kind: string) =>
      (
        await sql<{ n: number | string }>`select count(*) as n from outbox_events
          where kind = ${kind} and talk_id = ${id}`.execute(t.db.kysely)
      ).rows[0]?.n;
    expect(Number(await events('sla.at_risk'))).toBe(1);
    expect(Number(await events('sla.breached'))).toBe(0);
    expect((await state(w.agent, id))?.clocks.find((c) => c.target === 'firstResponse')?.state).toBe(
      'running',
    );
    await t.app.services.automations.drain();
    const runs = await call(w.admin, 'GET', `/api/job/${jobId}/runs?fetch=100`);
    expect(runs.json<{ itens: { status: string; talkId: number }[] }>().itens).toEqual([
      expect.objectContaining({ status: 'succeeded', talkId: id }),
    ]);
    await call(w.admin, 'DELETE', `/api/job/${jobId}`);

    // Waiting for the customer: the clocks stop; 30 minutes later they have not moved.
    const wait = await putTicket(
      t,
      w.admin,
      id,
      completeTicket(w, { titulo: 'Sistema parado agora', situacao: w.status.get('Aguardando cliente') }),
    );
    expect(wait.statusCode, wait.body).toBe(200);
    await clocks().drain();
    clocks().now = () => Date.now() + 30 * MINUTE;
    await clocks().drain();
    const paused = await state(w.agent, id);
    expect(paused?.clocks.find((c) => c.target === 'firstResponse')).toMatchObject({
      state: 'paused',
      dueAt: null,
    });
    expect(Number(await events('sla.breached'))).toBe(0);

    // Back to work, then the attendant answers: the first response is met; nothing late is sent.
    expect(
      (
        await putTicket(
          t,
          w.admin,
          id,
          completeTicket(w, { titulo: 'Sistema parado agora', situacao: w.status.get('Aberto') }),
        )
      ).statusCode,
    ).toBe(200);
    clocks().now = () => Date.now();
    const answer = await call(w.agent, 'POST', `/api/talk/chamado/${id}/messages`, {
      text: 'Estamos vendo.',
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    await clocks().drain();
    const answered = await state(w.agent, id);
    expect(answered?.clocks.find((c) => c.target === 'firstResponse')?.state).toBe('met');
    expect(answered?.clocks.find((c) => c.target === 'resolution')?.state).toBe('running');

    // An hour and more later the resolution is late: "violado" once, as the 80 % mark before it.
    clocks().now = () => Date.now() + 2 * 60 * MINUTE;
    await clocks().drain();
    await clocks().drain();
    expect(Number(await events('sla.breached'))).toBe(1);
    expect(Number(await events('sla.at_risk'))).toBe(2);
    expect((await state(w.agent, id))?.clocks.find((c) => c.target === 'resolution')?.state).toBe('breached');

    const report = await call(w.admin, 'GET', '/api/sla/report?months=2');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<{ rows: { target: string; met: number; breached: number }[] }>().rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ policyId: policy.policyId, target: 'firstResponse', met: 1, breached: 0 }),
        expect.objectContaining({ policyId: policy.policyId, target: 'resolution', met: 0, breached: 1 }),
      ]),
    );
    clocks().now = () => Date.now();
    await call(w.admin, 'DELETE', `/api/sla/policy/${policy.policyId}`);
  });

  it('sends each event once when two instances check at the same moment', async () => {
    const calendarId = await calendar();
    const created = await call(w.admin, 'POST', '/api/sla/policy', {
      name: 'Dois',
      position: 0,
      active: true,
      calendarId,
      filter: only('Dois servidores olhando'),
      firstResponseMinutes: 5,
      resolutionMinutes: null,
      pauseStatuses: [],
      doneStatuses: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await createTicket(t, w.customer, {
      titulo: 'Dois servidores olhando',
      cliente: w.ownClient,
      solicitante: 'Ana Silva',
    });
    await clocks().drain();
    // A second instance: its own checker over the same database and stream.
    const s = t.app.services;
    const other = new SlaClocks({
      db: s.db,
      catalog: s.subjects.catalog,
      events: s.events,
      checkMs: 0,
      onError: (err) => {
        throw err;
      },
    });
    const later = () => Date.now() + 10 * MINUTE;
    clocks().now = later;
    other.now = later;
    const sent = await Promise.all([clocks().check(), other.check(), clocks().check(), other.check()]);
    const { rows } = await sql<{ kind: string; n: number | string }>`select kind, count(*) as n
      from outbox_events where talk_id = ${id} and kind like 'sla.%' group by kind order by kind`.execute(
      t.db.kysely,
    );
    expect(rows.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['sla.at_risk', 1],
      ['sla.breached', 1],
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    // Late and still running, it counts in the report as late, in the month it fell due. The report
    // runs on the clocks' time, 10 minutes ahead: two months, so that a run in the last minutes of a
    // month (the ticket fell due in it, the report's own month is the next) still finds it.
    const report = await call(w.admin, 'GET', '/api/sla/report?months=2');
    expect(
      report.json<{ rows: { policyId: number; target: string; met: number; breached: number }[] }>().rows,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          policyId: created.json<SlaPolicy>().policyId,
          target: 'firstResponse',
          met: 0,
          breached: 1,
        }),
      ]),
    );
    clocks().now = () => Date.now();
    await call(w.admin, 'DELETE', `/api/sla/policy/${created.json<SlaPolicy>().policyId}`);
  });

  it('gives open tickets their clocks when a policy comes after them, follows a changed target, and leaves an ended clock as counted', async () => {
    const open = await createTicket(t, w.customer, {
      titulo: 'Recalcular aberto',
      cliente: w.ownClient,
      solicitante: 'Ana Silva',
    });
    const closed = await createTicket(t, w.customer, {
      titulo: 'Recalcular encerrado',
      cliente: w.ownClient,
      solicitante: 'Ana Silva',
    });
    await finish(closed, 'Recalcular encerrado');
    const answered = await createTicket(t, w.customer, {
      titulo: 'Recalcular respondido',
      cliente: w.ownClient,
      solicitante: 'Ana Silva',
    });
    const reply = await call(w.agent, 'POST', `/api/talk/chamado/${answered}/messages`, {
      text: 'Já vimos.',
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    await clocks().drain();
    expect(await state(w.agent, open)).toBeUndefined();

    // The policy comes: the open ticket's clocks start from its creation; the finished one gets none.
    const calendarId = await calendar();
    const input = {
      name: 'Depois',
      position: 0,
      active: true,
      calendarId,
      filter: {
        condition: 'E',
        rules: [{ attribute: 'titulo', operator: 'begins_with', value: 'Recalcular' }],
      },
      firstResponseMinutes: 30,
      resolutionMinutes: 120,
      pauseStatuses: [],
      doneStatuses: [w.status.get('Finalizado')],
    };
    const created = await call(w.admin, 'POST', '/api/sla/policy', input);
    expect(created.statusCode, created.body).toBe(201);
    let policy = created.json<SlaPolicy>();
    await clocks().drain();
    const due = async (target: string) =>
      (await state(w.agent, open))?.clocks.find((c) => c.target === target);
    const first = await due('firstResponse');
    expect(first).toMatchObject({ state: 'running', targetMinutes: 30 });
    const createdAt = Date.parse(first?.dueAt ?? '') - 30 * MINUTE;
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);
    expect(await state(w.agent, closed)).toBeUndefined();
    // Answered before the policy came: its first response is met.
    const before = (await state(w.agent, answered))?.clocks;
    expect(before?.find((c) => c.target === 'firstResponse')?.state).toBe('met');
    expect(before?.find((c) => c.target === 'resolution')?.state).toBe('running');

    // A longer target: the due time moves with it.
    const longer = await call(w.admin, 'PUT', `/api/sla/policy/${policy.policyId}`, {
      ...input,
      version: policy.version,
      firstResponseMinutes: 45,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    policy = longer.json<SlaPolicy>();
    await clocks().drain();
    expect(Date.parse((await due('firstResponse'))?.dueAt ?? '')).toBe(createdAt + 45 * MINUTE);

    // Finished, its resolution is counted; a later change of the policy's condition that no longer
    // takes it in leaves that clock as it was (an open ticket would lose its clocks).
    await finish(open, 'Recalcular aberto');
    await clocks().drain();
    const resolved = await due('resolution');
    expect(resolved?.state).toBe('met');
    const again = await call(w.admin, 'PUT', `/api/sla/policy/${policy.policyId}`, {
      ...input,
      version: policy.version,
      filter: { condition: 'E', rules: [{ attribute: 'titulo', operator: 'equal', value: 'Outro assunto' }] },
    });
    expect(again.statusCode, again.body).toBe(200);
    await clocks().drain();
    expect(await due('resolution')).toEqual(resolved);

    // Deleted, its clocks go with it.
    expect((await call(w.admin, 'DELETE', `/api/sla/policy/${policy.policyId}`)).statusCode).toBe(204);
    await clocks().drain();
    expect(await state(w.agent, open)).toBeUndefined();
  });

  it('keeps a clock that ended as it was counted when the policy’s targets or condition change later, in the grid and the report', async () => {
    // The server's clock is moved by minutes here: the ticket is answered 3 minutes in, resolved 6 in.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const calendarId = await calendar();
    const input = {
      name: 'Congelada',
      position: 0,
      active: true,
      calendarId,
      filter: { condition: 'E', rules: [{ attribute: 'titulo', operator: 'begins_with', value: 'Contado' }] },
      firstResponseMinutes: 5,
      resolutionMinutes: 10,
      pauseStatuses: [],
      doneStatuses: [w.status.get('Finalizado')],
    };
    const created = await call(w.admin, 'POST', '/api/sla/policy', input);
    expect(created.statusCode, created.body).toBe(201);
    let policy = created.json<SlaPolicy>();
    const ticket = (titulo: string) =>
      createTicket(t, w.customer, { titulo, cliente: w.ownClient, solicitante: 'Ana Silva' });
    const resolved = await ticket('Contado e resolvido');
    const running = await ticket('Contado e em andamento');
    await clocks().drain();

    vi.setSystemTime(t0 + 3 * MINUTE);
    for (const id of [resolved, running]) {
      const answer = await call(w.agent, 'POST', `/api/talk/chamado/${id}/messages`, {
        text: 'Estamos vendo.',
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    vi.setSystemTime(t0 + 6 * MINUTE);
    await finish(resolved, 'Contado e resolvido');
    await clocks().drain();
    const clockOf = async (id: number, target: string) =>
      (await state(w.agent, id))?.clocks.find((c) => c.target === target);
    const firstMet = { state: 'met', targetMinutes: 5, dueAt: new Date(t0 + 5 * MINUTE).toISOString() };
    expect(await clockOf(resolved, 'firstResponse')).toMatchObject(firstMet);
    expect(await clockOf(resolved, 'resolution')).toMatchObject({ state: 'met', targetMinutes: 10 });
    expect(await clockOf(running, 'firstResponse')).toMatchObject(firstMet);

    // Tighter targets: under them both answers and the resolution would be late. What ended stays
    // met; the resolution still running follows the new target (2 minutes: late by now).
    const tighter = await call(w.admin, 'PUT', `/api/sla/policy/${policy.policyId}`, {
      ...input,
      version: policy.version,
      firstResponseMinutes: 2,
      resolutionMinutes: 4,
    });
    expect(tighter.statusCode, tighter.body).toBe(200);
    policy = tighter.json<SlaPolicy>();
    await clocks().drain();
    expect(await clockOf(resolved, 'firstResponse')).toMatchObject(firstMet);
    expect(await clockOf(resolved, 'resolution')).toMatchObject({ state: 'met', targetMinutes: 10 });
    expect(await clockOf(running, 'firstResponse')).toMatchObject(firstMet);
    expect(await clockOf(running, 'resolution')).toMatchObject({
      state: 'breached',
      targetMinutes: 4,
      dueAt: new Date(t0 + 4 * MINUTE).toISOString(),
    });

    // An edit of the resolved ticket after its policy no longer takes it in: still counted as it was.
    const narrower = await call(w.admin, 'PUT', `/api/sla/policy/${policy.policyId}`, {
      ...input,
      version: policy.version,
      firstResponseMinutes: 2,
      resolutionMinutes: 4,
      filter: only('Contado e em andamento'),
    });
    expect(narrower.statusCode, narrower.body).toBe(200);
    const note = await call(w.agent, 'POST', `/api/talk/chamado/${resolved}/messages`, {
      text: 'Encerrado.',
    });
    expect(note.statusCode, note.body).toBeLessThan(300);
    await clocks().drain();
    expect(await clockOf(resolved, 'resolution')).toMatchObject({ state: 'met', targetMinutes: 10 });

    const report = await call(w.admin, 'GET', '/api/sla/report?months=2');
    expect(report.statusCode, report.body).toBe(200);
    const mine = report
      .json<{ rows: { policyId: number; target: string; met: number; breached: number }[] }>()
      .rows.filter((r) => r.policyId === policy.policyId);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'firstResponse', met: 2, breached: 0 }),
        expect.objectContaining({ target: 'resolution', met: 1, breached: 1 }),
      ]),
    );
    expect(mine).toHaveLength(2);
    expect((await call(w.admin, 'DELETE', `/api/sla/policy/${policy.policyId}`)).statusCode).toBe(204);
  });

  it('says whether the tickets grid has an SLA column: an active policy, for whoever reads tickets', async () => {
    const active = async (token: string, subject = 'chamado') => {
      const res = await call(token, 'GET', `/api/sla/active?subject=${subject}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ active: boolean }>().active;
    };
    expect(await active(w.agent)).toBe(false);
    const calendarId = await calendar();
    const input = {
      name: 'Coluna',
      position: 0,
      active: false,
      calendarId,
      filter: only('Nenhum chamado tem este título'),
      firstResponseMinutes: 30,
      resolutionMinutes: null,
      pauseStatuses: [],
      doneStatuses: [],
    };
    const created = await call(w.admin, 'POST', '/api/sla/policy', input);
    expect(created.statusCode, created.body).toBe(201);
    const policy = created.json<SlaPolicy>();
    expect(await active(w.agent)).toBe(false);
    const on = await call(w.admin, 'PUT', `/api/sla/policy/${policy.policyId}`, {
      ...input,
      active: true,
      version: policy.version,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await active(w.agent)).toBe(true);
    expect(await active(w.customer)).toBe(true);
    expect(await active(w.agent, 'cliente')).toBe(false);
    expect((await call(w.agent, 'GET', '/api/sla/active?subject=naoexiste')).statusCode).toBe(404);
    expect((await call(w.admin, 'DELETE', `/api/sla/policy/${policy.policyId}`)).statusCode).toBe(204);
    expect(await active(w.agent)).toBe(false);
  });

  it('answers only the tickets the account may read', async () => {
    const res = await call(w.customer, 'GET', '/api/sla/state?subject=chamado&ids=1,2,3,abc');
    expect(res.statusCode).toBe(400);
    const none = await call(w.customer, 'GET', '/api/sla/state?subject=naoexiste&ids=1');
    expect(none.statusCode).toBe(404);
  });
});
