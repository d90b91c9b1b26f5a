import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ApiTask,
  TaskActionAnswer,
  TaskCreateAnswer,
  TaskInProgressAnswer,
  TaskPage,
} from '@talkbase/domain/contracts/tasks';
import { taskMessages } from '@talkbase/domain/tasks/task-messages';
import { createRoom } from '../../test/actors.ts';
import { ATTRIBUTE_NO_ACTION } from '../../access/access-policy.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';

/**
 * The task calls of 002 §7 on a real server and database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the timer counted from events under the service's clock, one running task
 * per account, the estimates and delay reasons, insert-and-start, every 002 §8 text, and the
 * room's permissions.
 */
let t: TestApp;
let admin: string;
let agent: { token: string; accountId: number };
let colleague: { token: string; accountId: number };
let reader: string;
let outsider: string;
let clock = Date.parse('2026-03-02T12:00:00.000Z');
const pushes: { event: string; data: unknown }[] = [];

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject(
    as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );
}
const act = (token: string, action: 'iniciar' | 'pausar' | 'finalizar', talkId: number) =>
  call(token, 'POST', `/api/talk/tarefa/${action}`, { talkId });
const values = (v: Record<string, unknown>) => ({
  talkValues: Object.entries(v).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
});
const messagesOf = (res: LightMyRequestResponse) => errorsOf(res).map((e) => e.message);
async function task(token: string, id: number): Promise<ApiTask> {
  const res = await call(token, 'GET', `/api/talk/tarefa/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiTask>();
}
/** A task ready to start: forecast in two hours, an hour's estimate. */
const ready = (assunto: string) => ({
  assunto,
  previsaodeinicio: iso(clock),
  previsaodetermino: iso(clock + 2 * HOUR),
  duracaoestimada: '01:00:00',
});

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.tasks.now = () => clock;
  t.app.services.hub.onEvent((e) => pushes.push({ event: e.event, data: e.data }));
  admin = (await login(t.app)).token;
  const subject = async (payload: object) => {
    const res = await call(admin, 'POST', '/api/subject', payload);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ subjectId: number }>().subjectId;
  };
  const statusId = await subject({
    identifier: 'statustarefa',
    name: 'Situação da tarefa',
    attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true }],
  });
  for (const nome of ['Aguardando Execução', 'Em Execução', 'Pausada', 'Finalizada'])
    await createTalk(t.app, admin, 'statustarefa', { nome });
  const taskId = await subject({
    identifier: 'tarefa',
    name: 'Tarefa',
    attributes: [
      { identifier: 'assunto', name: 'Assunto', componentId: 1, isRequired: true },
      {
        identifier: 'statustarefa',
        name: 'Situação',
        componentId: 4,
        relatedSubject: 'statustarefa',
        isEditable: false,
      },
      { identifier: 'previsaodeinicio', name: 'Previsão de início', componentId: 11 },
      { identifier: 'previsaodetermino', name: 'Previsão de término', componentId: 11 },
      { identifier: 'duracaoestimada', name: 'Duração estimada', componentId: 19 },
      { identifier: 'duracaototal', name: 'Duração total', componentId: 19, isEditable: false },
      { identifier: 'motivodeatrasodoprazo', name: 'Motivo de atraso do prazo', componentId: 26 },
      { identifier: 'motivodeatrasodaestimativa', name: 'Motivo de atraso da estimativa', componentId: 26 },
    ],
  });
  const room = (roomName: string, actions: string[]) =>
    createRoom(t.app, admin, {
      roomName,
      permissions: {
        subjects: [
          { resourceId: taskId, actions },
          { resourceId: statusId, actions: ['read'] },
        ],
      },
    } as never);
  const workers = await room('Execução', ['read', 'create', 'update']);
  const readers = await room('Leitura', ['read']);
  const person = async (roomId: number) => {
    const p = await createPerson(t.app, admin, { roomId });
    return login(t.app, p.email, p.password);
  };
  agent = await person(workers);
  colleague = await person(workers);
  reader = (await person(readers)).token;
  outsider = (await person(1196)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('creating a task', () => {
  it('inserts it waiting, with the spec’s message and the record’s route', async () => {
    const res = await call(agent.token, 'POST', '/api/talk/tarefa', values({ assunto: 'Revisar contrato' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TaskCreateAnswer>();
    expect(body.message).toBe(`Tarefa #${body.resourceId} inserida com sucesso!`);
    expect(res.headers.location).toBe(`/context/talk/tarefa/${body.resourceId}`);
    const got = await task(agent.token, body.resourceId);
    expect(got.task).toMatchObject({ state: 'waiting', status: 'Aguardando Execução', actions: ['start'] });
    expect(got.talkValues.find((v) => v.subjectAttributeIdentifier === 'statustarefa')?.displayValue).toBe(
      'Aguardando Execução',
    );
  });

  it('refuses a status, a total and an estimate longer than the forecasts', async () => {
    const running = await call(admin, 'POST', '/api/talk/tarefa', {
      talkValues: [
        { subjectAttributeIdentifier: 'assunto', value: 'X' },
        { subjectAttributeIdentifier: 'statustarefa', value: 2 },
      ],
    });
    expect(running.statusCode).toBe(422);
    expect(errorsOf(running)).toEqual([
      { message: taskMessages.statusChangedByActions, field: 'statustarefa' },
    ]);
    const total = await call(
      admin,
      'POST',
      '/api/talk/tarefa',
      values({ assunto: 'X', duracaototal: '01:00:00' }),
    );
    expect(total.statusCode).toBe(422);
    expect(errorsOf(total)).toEqual([{ message: taskMessages.totalByServer, field: 'duracaototal' }]);
    const long = await call(
      admin,
      'POST',
      '/api/talk/tarefa',
      values({ ...ready('X'), duracaoestimada: '02:00:01' }),
    );
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long)).toEqual([
      {
        message:
          'A duração não pode ser maior do que o período entre a previsão de início e a previsão de término',
        field: 'duracaoestimada',
      },
    ]);
  });

  it('applies the same rules to edits, batches and grid cells (the talk calls)', async () => {
    const id = await createTalk(t.app, agent.token, 'tarefa', ready('Editar'));
    const status = await call(agent.token, 'PUT', `/api/talk/tarefa/${id}`, {
      talkValues: [{ subjectAttributeIdentifier: 'statustarefa', value: 3 }],
    });
    expect(status.statusCode).toBe(422);
    expect(messagesOf(status)).toContain(taskMessages.statusChangedByActions);
    const total = await call(
      agent.token,
      'PUT',
      `/api/talk/tarefa/${id}`,
      values({ duracaototal: '09:00:00' }),
    );
    expect(total.statusCode).toBe(422);
    // Changing a forecast so that the estimate no longer fits.
    const shorter = await call(
      agent.token,
      'PUT',
      `/api/talk/tarefa/${id}`,
      values({ previsaodetermino: iso(clock + HOUR / 2) }),
    );
    expect(shorter.statusCode).toBe(400);
    expect(errorsOf(shorter)[0]?.field).toBe('duracaoestimada');
    const edit = await call(agent.token, 'PUT', `/api/talk/tarefa/${id}`, values({ assunto: 'Editada' }));
    expect(edit.statusCode, edit.body).toBe(200);
    const many = await call(agent.token, 'POST', '/api/talk/tarefa/many', {
      talks: [
        values({ assunto: 'Lote' }),
        {
          talkValues: [
            { subjectAttributeIdentifier: 'assunto', value: 'Y' },
            { subjectAttributeIdentifier: 'statustarefa', value: 2 },
          ],
        },
      ],
    });
    expect(many.statusCode).toBe(422);
    expect(errorsOf(many)).toEqual([
      { message: taskMessages.statusChangedByActions, field: 'talks.1.statustarefa' },
    ]);
    // The talks' other paths under /talk/tarefa/… still reach the talk calls.
    const timeline = await call(agent.token, 'GET', `/api/talk/tarefa/${id}/timeline`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json<{ itens: unknown[] }>().itens.length).toBeGreaterThan(0);
  });
});

describe('the timer', () => {
  it('asks for the estimates, then starts, pauses, resumes and finishes, counting from events', async () => {
    const id = await createTalk(t.app, agent.token, 'tarefa', { assunto: 'Sem estimativa' });
    const refused = await act(agent.token, 'iniciar', id);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual([
      { message: 'Ocorreu um erro ao tentar iniciar a tarefa...' },
      { message: taskMessages.forecastRequired, field: 'previsaodetermino' },
      { message: taskMessages.estimateRequired, field: 'duracaoestimada' },
    ]);
    expect(refused.json<{ missingEstimates: string[] }>().missingEstimates).toEqual([
      'previsaodetermino',
      'duracaoestimada',
    ]);
    const version = (await task(agent.token, id)).version;
    const estimates = await call(agent.token, 'PUT', `/api/talk/tarefa/${id}`, {
      version,
      ...values({ previsaodetermino: iso(clock + 2 * HOUR), duracaoestimada: '01:00:00' }),
    });
    expect(estimates.statusCode, estimates.body).toBe(200);

    const start = clock;
    const started = await act(agent.token, 'iniciar', id);
    expect(started.statusCode, started.body).toBe(200);
    const s = started.json<TaskActionAnswer>();
    // Other tabs and users hear of it (SendTalkUpdates for the task).
    await vi.waitFor(() =>
      expect(pushes).toContainEqual({
        event: 'SendTalkUpdates',
        data: expect.objectContaining({ subject: 'tarefa', talkIds: [id] }) as unknown,
      }),
    );
    expect(s.message).toBe(`Tarefa #${id} iniciada com sucesso!`);
    expect(s.task).toMatchObject({
      state: 'running',
      status: 'Em Execução',
      runningSince: iso(start),
      runningBy: { accountId: agent.accountId },
      elapsedSeconds: 0,
      actions: ['pause', 'finish'],
    });

    clock = start + 95_500;
    const during = await task(agent.token, id);
    expect(during.task.elapsedSeconds).toBe(95);
    expect(during.task.serverTime).toBe(iso(clock));
    const again = await act(agent.token, 'iniciar', id);
    expect(again.statusCode).toBe(422);
    expect(messagesOf(again)).toEqual([taskMessages.startFailed, taskMessages.notAllowed.start]);

    const paused = await act(agent.token, 'pausar', id);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<TaskActionAnswer>().message).toBe(`Tarefa #${id} pausada com sucesso!`);
    const afterPause = await task(agent.token, id);
    expect(afterPause.task).toMatchObject({
      state: 'paused',
      status: 'Pausada',
      runningSince: null,
      accumulatedMs: 95_500,
    });
    expect(valuesOf(afterPause).duracaototal).toBe('00:01:35');
    const pauseAgain = await act(agent.token, 'pausar', id);
    expect(pauseAgain.statusCode).toBe(422);
    expect(messagesOf(pauseAgain)).toEqual([
      `Tarefa #${id} não pausada. Entre em contato com o administrador ou tente novamente.`,
      taskMessages.notAllowed.pause,
    ]);

    clock += 10 * 60_000; // a pause of ten minutes is not worked time
    expect((await act(agent.token, 'iniciar', id)).statusCode).toBe(200);
    clock += 24_500;
    const finished = await act(agent.token, 'finalizar', id);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<TaskActionAnswer>().message).toBe('Registro finalizado com sucesso!');
    const done = await task(agent.token, id);
    expect(done.task).toMatchObject({
      state: 'finished',
      status: 'Finalizada',
      accumulatedMs: 120_000,
      elapsedSeconds: 120,
      actions: [],
    });
    expect(valuesOf(done).duracaototal).toBe('00:02:00');
    const finishAgain = await act(agent.token, 'finalizar', id);
    expect(finishAgain.statusCode).toBe(422);
    expect(messagesOf(finishAgain)[0]).toBe(
      `Não foi possível finalizar a tarefa #${id}. Tente novamente ou entre em contato com o administrador.`,
    );
    clock += HOUR;
    expect((await task(agent.token, id)).task.elapsedSeconds).toBe(120);
    // Each start, pause and finish is an event of the stream (issue 33).
    const events = await t.db.kysely
      .selectFrom('outbox_events')
      .select('kind')
      .where('talk_id', '=', id)
      .where('kind', 'like', 'task.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual([
      'task.started',
      'task.paused',
      'task.started',
      'task.finished',
    ]);
  });

  it('runs one task per account, shows it in progress, and frees the account when it is deleted', async () => {
    const first = await createTalk(t.app, agent.token, 'tarefa', ready('Primeira'));
    const second = await createTalk(t.app, agent.token, 'tarefa', ready('Segunda'));
    expect((await act(agent.token, 'iniciar', first)).statusCode).toBe(200);
    const other = await act(agent.token, 'iniciar', second);
    expect(other.statusCode).toBe(409);
    expect(messagesOf(other)).toEqual([taskMessages.startFailed, taskMessages.anotherRunning(first)]);
    // Another account may run it meanwhile, but not the one already running.
    const byColleague = await act(colleague.token, 'iniciar', first);
    expect(byColleague.statusCode).toBe(422);
    expect((await act(colleague.token, 'iniciar', second)).statusCode).toBe(200);

    clock += 7_000;
    const mine = (await call(agent.token, 'GET', '/api/Talk/Task/InProgress')).json<TaskInProgressAnswer>();
    expect(mine.message).toMatchObject({
      talkId: first,
      title: 'Primeira',
      state: 'running',
      elapsedSeconds: 7,
    });
    const lower = await call(colleague.token, 'GET', '/api/talk/task/inprogress/');
    expect(lower.json<TaskInProgressAnswer>().message?.talkId).toBe(second);
    expect((await act(colleague.token, 'pausar', second)).statusCode).toBe(200);
    expect((await call(colleague.token, 'GET', '/api/Talk/Task/InProgress')).json()).toEqual({
      message: null,
    });

    const removed = await call(admin, 'DELETE', '/api/talk/tarefa', { talkIds: [first] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(agent.token, 'GET', '/api/Talk/Task/InProgress')).json()).toEqual({ message: null });
    expect((await act(agent.token, 'iniciar', second)).statusCode).toBe(200);
    expect((await act(agent.token, 'pausar', second)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous starts by the same account run', async () => {
    const a = await createTalk(t.app, colleague.token, 'tarefa', ready('Corrida A'));
    const b = await createTalk(t.app, colleague.token, 'tarefa', ready('Corrida B'));
    const answers = await Promise.all([
      act(colleague.token, 'iniciar', a),
      act(colleague.token, 'iniciar', b),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0].statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(messagesOf(answers.find((r) => r.statusCode === 409) as LightMyRequestResponse)).toEqual([
      taskMessages.startFailed,
      taskMessages.anotherRunning(winner),
    ]);
    expect((await task(colleague.token, loser)).task.state).toBe('waiting');
    expect((await act(colleague.token, 'pausar', winner)).statusCode).toBe(200);
  });

  it('asks for the delay reasons when finishing late or over the estimate', async () => {
    const id = await createTalk(t.app, agent.token, 'tarefa', {
      ...ready('Atrasada'),
      previsaodetermino: iso(clock + HOUR),
      duracaoestimada: '00:30:00',
    });
    expect((await act(agent.token, 'iniciar', id)).statusCode).toBe(200);
    clock += 20 * 60_000;
    expect((await act(agent.token, 'finalizar', id)).statusCode).toBe(200);

    const late = await createTalk(t.app, agent.token, 'tarefa', {
      ...ready('Muito atrasada'),
      previsaodetermino: iso(clock + HOUR),
      duracaoestimada: '00:30:00',
    });
    expect((await act(agent.token, 'iniciar', late)).statusCode).toBe(200);
    clock += 31 * 60_000;
    const overEstimate = await act(agent.token, 'finalizar', late);
    expect(overEstimate.statusCode).toBe(422);
    expect(errorsOf(overEstimate)).toEqual([
      { message: taskMessages.finishFailed(late) },
      { message: taskMessages.estimateReasonRequired, field: 'motivodeatrasodaestimativa' },
    ]);
    clock += HOUR;
    const both = await act(agent.token, 'finalizar', late);
    expect(both.json<{ missingReasons: string[] }>().missingReasons).toEqual([
      'motivodeatrasodoprazo',
      'motivodeatrasodaestimativa',
    ]);
    expect((await task(agent.token, late)).task.delay).toEqual({ deadline: true, estimate: true });
    // Still running: the refusal did not stop the timer.
    expect((await task(agent.token, late)).task.state).toBe('running');
    const reasons = await call(
      agent.token,
      'PUT',
      `/api/talk/tarefa/${late}`,
      values({ motivodeatrasodoprazo: 'Cliente indisponível', motivodeatrasodaestimativa: 'Escopo maior' }),
    );
    expect(reasons.statusCode, reasons.body).toBe(200);
    const finished = await act(agent.token, 'finalizar', late);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(valuesOf(await task(agent.token, late)).duracaototal).toBe('01:31:00');
  });

  it('inserts and starts, or says the task was created but not started', async () => {
    const res = await call(agent.token, 'POST', '/api/talk/tarefa', {
      ...values(ready('Rápida')),
      start: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TaskCreateAnswer>();
    expect(body).toMatchObject({
      started: true,
      message: `Tarefa #${body.resourceId} inserida e iniciada com sucesso!`,
    });
    expect(body.task?.state).toBe('running');

    const blocked = await call(agent.token, 'POST', '/api/talk/tarefa', {
      ...values(ready('Outra')),
      start: true,
    });
    expect(blocked.statusCode).toBe(201);
    const b = blocked.json<TaskCreateAnswer>();
    expect(b).toMatchObject({
      started: false,
      message: 'A tarefa foi criada, no entanto não foi possível iniciá-la.',
    });
    expect(b.errors).toEqual([{ message: taskMessages.anotherRunning(body.resourceId) }]);
    expect((await task(agent.token, b.resourceId)).task.state).toBe('waiting');
    expect((await act(agent.token, 'pausar', body.resourceId)).statusCode).toBe(200);
  });
});

describe('listing and permissions', () => {
  it('lists tasks as items and itens, with the task list’s term', async () => {
    const res = await call(agent.token, 'POST', '/api/talk/filter/tarefa/', {
      isActive: true,
      page: 1,
      fetch: 5,
      scenario: 'Task',
      term: 'atrasada',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TaskPage>();
    expect(page.totalResults).toBe(2);
    expect(page.items.map((i) => i.displayName).sort()).toEqual(['Atrasada', 'Muito atrasada']);
    expect(page.itens).toEqual(page.items);
    expect(page.currentPage).toBe(1);
  });

  it('judges the stored task, not the attributes an account may read', async () => {
    const tarefa = await subjectIds(t.app, admin, 'tarefa');
    const statusSubject = await subjectIds(t.app, admin, 'statustarefa');
    const roomId = await createRoom(t.app, admin, {
      roomName: 'Execução sem estimativa',
      permissions: {
        subjects: [
          { resourceId: tarefa.id, actions: ['read', 'update'] },
          { resourceId: statusSubject.id, actions: ['read'] },
        ],
      },
    } as never);
    for (const hidden of ['duracaoestimada', 'previsaodetermino'])
      await setRoomAttributeActions(t.db.kysely, 1, roomId, tarefa.attr[hidden] ?? 0, [ATTRIBUTE_NO_ACTION]);
    const p = await createPerson(t.app, admin, { roomId });
    const blind = (await login(t.app, p.email, p.password)).token;
    const id = await createTalk(t.app, admin, 'tarefa', ready('Estimada por outra pessoa'));
    const seen = await task(blind, id);
    expect(seen.task).toMatchObject({ estimatedDuration: null, forecastEnd: null, actions: ['start'] });
    expect(seen.talkValues.map((v) => v.subjectAttributeIdentifier)).not.toContain('duracaoestimada');
    const started = await act(blind, 'iniciar', id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.body).not.toContain('01:00:00');
    expect((await act(blind, 'pausar', id)).statusCode).toBe(200);
  });

  it('needs read to see a task and update to run it; without read nothing exists', async () => {
    const id = await createTalk(t.app, agent.token, 'tarefa', ready('Permissões'));
    expect((await call(reader, 'GET', `/api/talk/tarefa/${id}`)).statusCode).toBe(200);
    const refused = await act(reader, 'iniciar', id);
    expect(refused.statusCode).toBe(403);
    expect((await call(reader, 'POST', '/api/talk/tarefa', values({ assunto: 'Não' }))).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/talk/tarefa/${id}`)).statusCode).toBe(404);
    expect((await act(outsider, 'iniciar', id)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/api/Talk/Task/InProgress')).json()).toEqual({ message: null });
    expect((await call(outsider, 'POST', '/api/talk/filter/tarefa', {})).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/Talk/Task/InProgress' })).statusCode).toBe(401);
    expect((await act(agent.token, 'iniciar', 999_999)).statusCode).toBe(404);
    expect((await call(agent.token, 'POST', '/api/talk/tarefa/iniciar', {})).statusCode).toBe(400);
  });
});
