import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyEvent, emptyEventStep } from '@talkbase/domain/automations/editor';
import { automationMessages as m } from '@talkbase/domain/automations/messages';
import type { JobPage, SavedJob } from '@talkbase/domain/contracts/jobs';
import { expectErrorAnswer } from '../../test/error-answers.ts';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import { createRoom } from '../../test/actors.ts';
import { otherCompanyToken } from '../../test/other-company.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import { insertTag } from '../tags/tags.repository.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import * as repo from './automation-definitions.repository.ts';
import { jobReferenceMessages } from './automation-definitions.service.ts';

/**
 * A light cast: room 1's administrator, an administrator of another room, an ordinary user, a
 * customer (room 1196) and another company's administrator (straight through the repositories).
 */
interface JobsCast {
  t: TestApp;
  tokens: Record<'admin' | 'otherAdmin' | 'user' | 'customer' | 'other', string>;
  ids: Record<'user', number>;
}
let c: JobsCast;
let chamado: { id: number; attr: Record<string, number> };
let cliente: { id: number; attr: Record<string, number> };
let tagId: number;
let notificationId: number;

beforeAll(async () => {
  const t = await createTestApp();
  const admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  const room = await createRoom(t.app, admin, { roomName: 'Suporte', permissions: { subjects: [] } });
  const person = async (roomId: number, isAdmin = false) => {
    const p = await createPerson(t.app, admin, { roomId, isAdmin });
    return { id: p.accountId, token: (await login(t.app, p.email, p.password)).token };
  };
  const otherAdmin = await person(room, true);
  const user = await person(room);
  const customer = await person(CUSTOMER_ROOM_ID);
  c = {
    t,
    tokens: {
      admin,
      otherAdmin: otherAdmin.token,
      user: user.token,
      customer: customer.token,
      other: await otherCompanyToken(t),
    },
    ids: { user: user.id },
  };
  chamado = await subjectIds(c.t.app, c.tokens.admin, 'chamado');
  cliente = await subjectIds(c.t.app, c.tokens.admin, 'cliente');
  const tag = await call(c.tokens.admin, 'POST', '/api/tag', {
    tagName: 'Urgente',
    tagFilters: [
      {
        filterName: 'Alta',
        filter: {
          condition: 'E',
          rules: [{ attribute: 'prioridade', operator: 'greater_or_equal', value: 3 }],
        },
        subject: 'chamado',
      },
    ],
  });
  expect(tag.statusCode, tag.body).toBe(201);
  tagId = tag.json<{ tagId: number }>().tagId;
  const n = await call(c.tokens.admin, 'POST', '/api/notification', {
    notificationName: 'Chamado urgente',
    notificationDescription: 'Avisa o suporte',
    titleTemplate: 'Urgente',
    messageTemplate: 'Chamado ${IdentificadorConversa}',
    attachReferences: true,
    notificationChannels: [{ channelId: 1 }],
  });
  expect(n.statusCode, n.body).toBe(201);
  notificationId = n.json<{ notificationId: number }>().notificationId;
}, 180_000);
afterAll(async () => {
  await c.t.close();
});

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return c.t.app.inject(
    as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );
}

const highPriority = {
  condition: 'E',
  rules: [{ attribute: 'prioridade', operator: 'greater_or_equal', value: 3 }],
};

/** "When a chamado is created with priority ≥ 3, tag it Urgente, e-mail the requester and notify." */
function urgentJob(name = 'Chamados urgentes'): Record<string, unknown> {
  return {
    name,
    events: [
      {
        name: 'Chamado criado',
        once: false,
        negate: false,
        steps: [
          { eventStepType: 5, subjectId: chamado.id, filterName: 'Prioridade alta', filter: highPriority },
        ],
      },
    ],
    works: [
      {
        name: 'Ações',
        steps: [
          { workStepType: 'SetTalkTag', name: 'Marcar', configs: [{ tagId }] },
          {
            workStepType: 'SendEmail',
            name: 'Avisar',
            configs: [
              {
                subject: 'Chamado ${IdentificadorConversa}',
                content: '<p>${titulo}</p>',
                to: ' a@b.co ;; c@d.co ',
              },
            ],
          },
          {
            workStepType: 'Notification',
            name: 'Notificar',
            configs: [{ notificationId, receivers: [{ receiverId: c.ids.user, receiverType: 1 }] }],
          },
        ],
      },
    ],
  };
}

async function create(body: unknown = urgentJob()): Promise<number> {
  const res = await call(c.tokens.admin, 'POST', '/api/job', body);
  expect(res.statusCode, res.body).toBe(201);
  const { jobId } = res.json<{ jobId: number }>();
  expect(res.json()).toEqual({ jobId });
  return jobId;
}

async function read(jobId: number): Promise<SavedJob> {
  const res = await call(c.tokens.admin, 'GET', `/api/job/${jobId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedJob>();
}

describe('jobs API', () => {
  it('creates, reads, updates with stable step ids, and deletes a job', async () => {
    const jobId = await create();
    const job = await read(jobId);
    expect(job).toMatchObject({ jobId, name: 'Chamados urgentes' });
    const event = job.events[0];
    const step = event?.steps[0];
    expect(step).toMatchObject({
      eventStepType: 5,
      subjectId: chamado.id,
      filterName: 'Prioridade alta',
      filter: highPriority,
      cron: null,
    });
    expect(event?.eventId).toBeGreaterThan(0);
    expect(step?.eventStepId).toBeGreaterThan(0);
    const works = job.works[0]?.steps ?? [];
    expect(works.map((s) => s.workStepType)).toEqual(['SetTalkTag', 'SendEmail', 'Notification']);
    expect(works.every((s) => typeof s.workStepId === 'number')).toBe(true);
    // Recipients are stored joined by ';' with blanks dropped (000 §3).
    expect(works[1]?.configs[0]).toMatchObject({ to: 'a@b.co;c@d.co', sendToCreatedBy: false });

    // PUT: the e-mail step moves first and keeps its id, the tag step is dropped, a new step appears.
    const [tagStep, mailStep, notifyStep] = works;
    const body = {
      ...job,
      name: 'Chamados urgentes (v2)',
      works: [
        {
          ...job.works[0],
          steps: [
            mailStep,
            notifyStep,
            {
              workStepType: 'RemoveTalkTag',
              configs: [{ tagId }],
              workStepId: tagStep?.workStepId === 1 ? 999 : 1,
            },
          ],
        },
      ],
    };
    const put = await call(c.tokens.admin, 'PUT', `/api/job/${jobId}`, body);
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json<SavedJob>();
    expect(updated.name).toBe('Chamados urgentes (v2)');
    expect(updated.events[0]?.eventId).toBe(event?.eventId);
    expect(updated.events[0]?.steps[0]?.eventStepId).toBe(step?.eventStepId);
    const after = updated.works[0]?.steps ?? [];
    expect(after.map((s) => s.workStepId).slice(0, 2)).toEqual([
      mailStep?.workStepId,
      notifyStep?.workStepId,
    ]);
    // An id that is not one of this job's steps names nothing here: the step gets a new one.
    expect(after[2]?.workStepId).not.toBe(tagStep?.workStepId);
    expect([1, 999]).not.toContain(after[2]?.workStepId);
    expect(await read(jobId)).toEqual(updated);

    expect((await call(c.tokens.admin, 'DELETE', `/api/job/${jobId}`)).statusCode).toBe(204);
    const gone = await call(c.tokens.admin, 'GET', `/api/job/${jobId}`);
    expect(gone.statusCode).toBe(404);
    expect(errorsOf(gone)[0]?.message).toBe(m.notFound);
    expect((await call(c.tokens.admin, 'DELETE', `/api/job/${jobId}`)).statusCode).toBe(404);
    expect((await call(c.tokens.admin, 'PUT', `/api/job/${jobId}`, urgentJob())).statusCode).toBe(404);
  });

  it('lists by page (10, 25, 50, 100; default 10) and by term, without accents', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await create(urgentJob(`Paginação ${String(i).padStart(2, '0')}`)));
    const first = await call(c.tokens.admin, 'GET', '/api/job?term=paginacao');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<JobPage>();
    expect(page1.totalResults).toBe(12);
    expect(page1.currentPage).toBe(1);
    expect(page1.itens).toHaveLength(10);
    expect(page1.itens[0]).toMatchObject({ jobId: ids[0], name: 'Paginação 00', eventTypes: [5] });
    const page2 = (
      await call(c.tokens.admin, 'GET', '/api/job?term=PAGINAÇÃO&page=2&fetch=10')
    ).json<JobPage>();
    expect(page2.itens.map((j) => j.jobId)).toEqual(ids.slice(10));
    expect(page2.currentPage).toBe(2);
    for (const fetch of [25, 50, 100]) {
      const res = await call(c.tokens.admin, 'GET', `/api/job?term=pagina&fetch=${fetch}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<JobPage>().itens).toHaveLength(12);
    }
    for (const fetch of [5, 200, 500, 0]) {
      const res = await call(c.tokens.admin, 'GET', `/api/job?fetch=${fetch}`);
      expect(res.statusCode, `fetch=${fetch}`).toBe(400);
      expectErrorAnswer(res);
    }
    expect((await call(c.tokens.admin, 'GET', `/api/job?term=${'x'.repeat(51)}`)).statusCode).toBe(400);
    expect((await call(c.tokens.admin, 'GET', '/api/job?term=50%25_')).json<JobPage>().totalResults).toBe(0);
    for (const id of ids) await call(c.tokens.admin, 'DELETE', `/api/job/${id}`);
  });

  it('administrators of room 1 only (not another room’s administrator, a user, a customer, another company); anonymous 401', async () => {
    const jobId = await create();
    for (const token of [c.tokens.otherAdmin, c.tokens.user, c.tokens.customer, c.tokens.other]) {
      for (const [method, url, body] of [
        ['GET', '/api/job', undefined],
        ['GET', `/api/job/${jobId}`, undefined],
        ['POST', '/api/job', urgentJob()],
        ['PUT', `/api/job/${jobId}`, urgentJob()],
        ['DELETE', `/api/job/${jobId}`, undefined],
      ] as const) {
        const res = await call(token, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expectErrorAnswer(res);
      }
    }
    for (const [method, url] of [
      ['GET', '/api/job'],
      ['GET', `/api/job/${jobId}`],
      ['POST', '/api/job'],
      ['DELETE', `/api/job/${jobId}`],
    ] as const)
      expect((await c.t.app.inject({ method, url })).statusCode).toBe(401);
    // The job is untouched, and the other company's reads never reach it.
    expect((await read(jobId)).name).toBe('Chamados urgentes');
    const k = c.t.db.kysely;
    expect(await repo.findJob(k, 2, jobId)).toBeUndefined();
    expect(await repo.findJobsForEvent(k, 2, chamado.id, 5)).toEqual([]);
    expect(await k.transaction().execute((trx) => repo.deleteJob(trx, 2, jobId))).toBe(false);
    expect((await repo.pageJobs(k, 2, { offset: 0, limit: 100 })).total).toBe(0);
    await call(c.tokens.admin, 'DELETE', `/api/job/${jobId}`);
  });

  it('another company’s job does not exist for this company: 404 on read, change and delete, absent from the list', async () => {
    const k = c.t.db.kysely;
    const foreign = await k.transaction().execute((trx) =>
      repo.insertJob(
        trx,
        2,
        1,
        {
          name: 'Deles',
          nameNormalized: 'deles',
          events: [
            { ...emptyEvent(), steps: [{ ...emptyEventStep(), eventStepType: 5, subjectId: chamado.id }] },
          ],
          works: [],
          refs: [],
        },
        Date.now(),
      ),
    );
    for (const [method, url, body] of [
      ['GET', `/api/job/${foreign.jobId}`, undefined],
      ['PUT', `/api/job/${foreign.jobId}`, urgentJob()],
      ['DELETE', `/api/job/${foreign.jobId}`, undefined],
    ] as const) {
      const res = await call(c.tokens.admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorsOf(res)[0]?.message).toBe(m.notFound);
    }
    const list = (await call(c.tokens.admin, 'GET', '/api/job?term=deles')).json<JobPage>();
    expect(list.totalResults).toBe(0);
    expect((await repo.findJob(k, 2, foreign.jobId))?.name).toBe('Deles');
    // Its ids cannot be borrowed either: a step id of another job gets a new id.
    const mine = await create();
    const saved = await read(mine);
    const foreignEvent = foreign.events[0];
    const foreignStep = foreignEvent?.steps[0];
    const put = await call(c.tokens.admin, 'PUT', `/api/job/${mine}`, {
      ...saved,
      events: saved.events.map((e) => ({
        ...e,
        eventId: foreignEvent?.eventId,
        steps: e.steps.map((st) => ({ ...st, eventStepId: foreignStep?.eventStepId })),
      })),
    });
    expect(put.statusCode, put.body).toBe(200);
    const borrowed = put.json<SavedJob>().events[0];
    expect(borrowed?.eventId).not.toBe(foreignEvent?.eventId);
    expect(borrowed?.steps[0]?.eventStepId).not.toBe(foreignStep?.eventStepId);
    expect((await repo.findJobsForEvent(k, 2, chamado.id, 5)).map((j) => j.jobId)).toEqual([foreign.jobId]);
    await call(c.tokens.admin, 'DELETE', `/api/job/${mine}`);
    await k.transaction().execute((trx) => repo.deleteJob(trx, 2, foreign.jobId));
  });

  it('refuses what names another company’s or an unknown tag, notification, account or attribute', async () => {
    const foreignTag = await insertTag(c.t.db.kysely, {
      companyId: 2,
      name: 'Deles',
      nameNormalized: 'deles',
      color: '#000000',
      at: Date.now(),
    });
    const withStep = (step: object) => ({ ...urgentJob(), works: [{ name: 'w', steps: [step] }] });
    const refused = async (step: object, message: string, field: string) => {
      const res = await call(c.tokens.admin, 'POST', '/api/job', withStep(step));
      expect(res.statusCode, res.body).toBe(400);
      expectErrorAnswer(res);
      expect(errorsOf(res)).toContainEqual({ message, field: `works.0.steps.0.${field}` });
    };
    await refused(
      { workStepType: 'SetTalkTag', configs: [{ tagId: foreignTag }] },
      jobReferenceMessages.tagNotFound,
      'configs.0.tagId',
    );
    await refused(
      { workStepType: 'Notification', configs: [{ notificationId: 99999, receivers: [] }] },
      jobReferenceMessages.notificationNotFound,
      'configs.0.notificationId',
    );
    await refused(
      { workStepType: 'SetTalkDialog', configs: [{ value: 'Olá', accountIds: [99999] }] },
      jobReferenceMessages.accountNotFound,
      'configs.0.accountIds',
    );
    await refused(
      {
        workStepType: 'SetTalkValueByEvent',
        configs: [{ subjectId: chamado.id, subjectAttributeId: cliente.attr.nome, value: 'x' }],
      },
      jobReferenceMessages.attributeNotFound,
      'configs.0.subjectAttributeId',
    );
    await refused(
      { workStepType: 'ExecuteParentJob', configs: [{ jobId: 99999 }] },
      jobReferenceMessages.jobNotFound,
      'configs.0.jobId',
    );
  });
});

describe('job validation over the API (000 §5): 400 with the message and the field', () => {
  const bad = async (body: unknown, message: string, field: string) => {
    const res = await call(c.tokens.admin, 'POST', '/api/job', body);
    expect(res.statusCode, res.body).toBe(400);
    expectErrorAnswer(res);
    expect(errorsOf(res), res.body).toContainEqual({ message, field });
  };
  let job: Record<string, unknown> = {};
  beforeAll(() => {
    job = urgentJob();
  });
  const event = (patch: object) => ({
    ...job,
    events: [
      {
        name: 'e',
        steps: [{ eventStepType: 5, subjectId: chamado.id, filterName: 'f', filter: highPriority, ...patch }],
      },
    ],
  });
  const action = (step: object) => ({ ...job, works: [{ name: 'w', steps: [step] }] });
  const s0 = 'works.0.steps.0.';
  const e0 = 'events.0.steps.0.';

  it('title', async () => {
    await bad({ ...job, name: '   ' }, m.titleRequired, 'name');
    const long = await call(c.tokens.admin, 'POST', '/api/job', { ...job, name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long)[0]?.field).toBe('name');
  });

  it('events and actions', async () => {
    await bad({ ...job, events: [] }, m.eventsRequired, 'events');
    await bad({ ...job, works: [] }, m.worksRequired, 'works');
    await bad(event({ eventStepType: null }), m.eventTypeRequired, `${e0}eventStepType`);
    await bad(event({ filterName: ' ' }), m.filterNameRequired, `${e0}filterName`);
    await bad(event({ subjectId: null }), m.subjectRequired, `${e0}subjectId`);
    await bad(event({ subjectId: 99999 }), m.subjectNotFound, `${e0}filter`);
    await bad(event({ filter: null }), m.filterRequired, `${e0}filter`);
    await bad(
      event({ filter: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal' }] } }),
      m.filterIncomplete,
      `${e0}filter`,
    );
    // A filter on an attribute the subject does not have is refused (compiled against the subject).
    const unknown = await call(
      c.tokens.admin,
      'POST',
      '/api/job',
      event({ filter: { condition: 'E', rules: [{ attribute: 'nada', operator: 'equal', value: 1 }] } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]?.field).toBe(`${e0}filter`);
    await bad(event({ eventStepType: 4 }), m.cronRequired, `${e0}cron`);
    await bad(event({ eventStepType: 4, cron: '* * * * *' }), m.cronInvalid, `${e0}cron`);
    await bad(action({ workStepType: '' }), m.actionRequired, `${s0}workStepType`);
    const unknownKind = await call(c.tokens.admin, 'POST', '/api/job', action({ workStepType: 'Eval' }));
    expect(unknownKind.statusCode).toBe(400);
    expect(errorsOf(unknownKind)[0]?.message).toBe(m.actionUnknown);
  });

  it('set value, new talk, by filter', async () => {
    const ok = { subjectId: chamado.id, subjectAttributeId: chamado.attr.prioridade };
    for (const kind of ['NewTalk', 'SetTalkValueByEvent']) {
      await bad(action({ workStepType: kind, configs: [] }), m.configsRequired, `${s0}configs`);
      await bad(
        action({ workStepType: kind, configs: [{ value: 1 }] }),
        m.attributeRequired,
        `${s0}configs.0.subjectAttributeId`,
      );
      await bad(action({ workStepType: kind, configs: [ok] }), m.valueRequired, `${s0}configs.0.value`);
    }
    await bad(
      action({ workStepType: 'SetTalkValueByFilter', configs: [{ ...ok, value: 3 }] }),
      m.subjectRequired,
      `${s0}subjectId`,
    );
    await bad(
      action({
        workStepType: 'SetTalkValueByFilter',
        subjectId: chamado.id,
        filterName: 'f',
        configs: [{ ...ok, value: 3 }],
      }),
      m.filterRequired,
      `${s0}filter`,
    );
  });

  it('tags, e-mail, notification, dialog, HTTP', async () => {
    await bad(
      action({ workStepType: 'RemoveTalkTag', configs: [{}] }),
      m.tagRequired,
      `${s0}configs.0.tagId`,
    );
    await bad(action({ workStepType: 'SendEmail', configs: [] }), m.configsRequired, `${s0}configs`);
    await bad(
      action({ workStepType: 'SendEmail', configs: [{ to: 'a@b.co' }] }),
      m.emailSubjectRequired,
      `${s0}configs.0.subject`,
    );
    await bad(
      action({ workStepType: 'SendEmail', configs: [{ subject: 's', to: 'a@b.co; não é e-mail' }] }),
      m.emailRecipientInvalid('não é e-mail'),
      `${s0}configs.0.to`,
    );
    await bad(
      action({ workStepType: 'SendEmail', configs: [{ subject: 's', to: ' ; ' }] }),
      m.emailRecipientsRequired,
      `${s0}configs.0.to`,
    );
    await bad(
      action({ workStepType: 'Notification', configs: [{}] }),
      m.notificationRequired,
      `${s0}configs.0.notificationId`,
    );
    await bad(
      action({ workStepType: 'Notification', configs: [{ notificationId, receivers: [{ receiverId: 1 }] }] }),
      m.receiverIncomplete,
      `${s0}configs.0.receivers`,
    );
    await bad(
      action({ workStepType: 'SetTalkDialog', configs: [{ accountIds: [c.ids.user] }] }),
      m.dialogValueRequired,
      `${s0}configs.0.value`,
    );
    await bad(
      action({ workStepType: 'SetTalkDialog', configs: [{ value: 'Olá' }] }),
      m.dialogAccountsRequired,
      `${s0}configs.0.accountIds`,
    );
    await bad(
      action({
        workStepType: 'SetTalkDialogByFilter',
        configs: [{ value: 'Olá', accountIds: [c.ids.user] }],
      }),
      m.subjectRequired,
      `${s0}subjectId`,
    );
    await bad(
      action({ workStepType: 'HttpRequest', configs: [{ method: 'POST', url: 'file:///etc/passwd' }] }),
      m.httpUrlInvalid,
      `${s0}configs.0.url`,
    );
  });

  it('accepts the always-valid kinds, send-to-creator without recipients, and a schedule', async () => {
    const ids = [
      await create(action({ workStepType: 'ExecuteParentJob', configs: [] })),
      await create(action({ workStepType: 'SendEmail', configs: [{ subject: 's', sendToCreatedBy: true }] })),
      await create(
        action({
          workStepType: 'HttpRequest',
          configs: [{ method: 'post', url: 'https://hooks.exemplo.test/x' }],
        }),
      ),
      await create(event({ eventStepType: 4, cron: '0 30 8 ? * 2,4,6 *' })),
    ];
    expect((await read(ids[2] ?? 0)).works[0]?.steps[0]?.configs[0]).toMatchObject({ method: 'POST' });
    for (const id of ids) await call(c.tokens.admin, 'DELETE', `/api/job/${id}`);
  });

  it('takes the events beyond the spec (issue 33): deactivated, file added, tag gained with its tag', async () => {
    const step = (type: number, more: object = {}) => ({
      ...job,
      events: [
        {
          name: 'e',
          steps: [
            { eventStepType: type, subjectId: chamado.id, filterName: 'f', filter: highPriority, ...more },
          ],
        },
      ],
    });
    const deactivated = await create(step(8));
    const fileAdded = await create(step(9, { cron: '0 0 8 ? * 2 *' }));
    const anyTag = await create(step(10));
    const oneTag = await create(step(10, { tagId }));
    // A tag on another type is dropped; a cron only belongs to schedules.
    const notATagEvent = await create(step(6, { tagId }));
    const saved = async (id: number) => (await read(id)).events[0]?.steps[0];
    expect(await saved(deactivated)).toMatchObject({ eventStepType: 8, cron: null, tagId: null });
    expect(await saved(fileAdded)).toMatchObject({ eventStepType: 9, cron: null, tagId: null });
    expect(await saved(anyTag)).toMatchObject({ eventStepType: 10, tagId: null });
    expect(await saved(oneTag)).toMatchObject({ eventStepType: 10, tagId });
    expect(await saved(notATagEvent)).toMatchObject({ eventStepType: 6, tagId: null });
    // The list says their types; the engine reads the tag with the step.
    const list = await call(c.tokens.admin, 'GET', '/api/job?fetch=100');
    const types = new Map(list.json<JobPage>().itens.map((j) => [j.jobId, j.eventTypes]));
    expect([deactivated, fileAdded, anyTag].map((id) => types.get(id))).toEqual([[8], [9], [10]]);
    const found = await repo.findJobsForEvent(c.t.db.kysely, 1, chamado.id, 10);
    expect(found.map((j) => [j.jobId, j.matches[0]?.tagId])).toEqual([
      [anyTag, null],
      [oneTag, tagId],
    ]);
    expect((await repo.findJobsForEvent(c.t.db.kysely, 1, chamado.id, 8)).map((j) => j.jobId)).toEqual([
      deactivated,
    ]);
    // The tag is the company's, or the job is refused; a type outside the list is refused.
    await bad(step(10, { tagId: 987_654 }), jobReferenceMessages.tagNotFound, `${e0}tagId`);
    const unknown = await call(c.tokens.admin, 'POST', '/api/job', step(13));
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]?.message).toBe('Tipo de evento desconhecido.');
    for (const id of [deactivated, fileAdded, anyTag, oneTag, notATagEvent])
      await call(c.tokens.admin, 'DELETE', `/api/job/${id}`);
  });

  it('refuses garbage the schema does not know (and strips unknown keys)', async () => {
    const id = await create({
      ...job,
      evil: '<script>',
      events: [{ ...(job.events as object[])[0], hack: 1 }],
    });
    const saved = await read(id);
    expect(saved).not.toHaveProperty('evil');
    expect(saved.events[0]).not.toHaveProperty('hack');
    const huge = await call(
      c.tokens.admin,
      'POST',
      '/api/job',
      action({
        workStepType: 'SendEmail',
        configs: [{ subject: 's', to: 'a@b.co', content: 'x'.repeat(100_001) }],
      }),
    );
    expect(huge.statusCode).toBe(400);
    expectErrorAnswer(huge);
    await call(c.tokens.admin, 'DELETE', `/api/job/${id}`);
  });
});

describe('what the engine reads (automation-definitions.repository.ts)', () => {
  it('finds jobs by company, subject and event type; schedules; generation; references', async () => {
    const k = c.t.db.kysely;
    const before = await repo.jobsGeneration(k, 1);
    const onCreate = await create(urgentJob('Na criação'));
    const onAny = await create({
      ...urgentJob('Na criação ou edição'),
      events: [
        {
          name: 'a',
          steps: [{ eventStepType: 1, subjectId: chamado.id, filterName: 'f', filter: highPriority }],
        },
        {
          name: 'b',
          once: true,
          negate: true,
          steps: [{ eventStepType: 3, subjectId: chamado.id, filterName: 'g', filter: highPriority }],
        },
      ],
    });
    const onSchedule = await create({
      ...urgentJob('Agendada'),
      events: [
        {
          name: 's',
          steps: [
            {
              eventStepType: 4,
              subjectId: cliente.id,
              filterName: 'todos',
              filter: { condition: 'E', rules: [] },
              cron: '0 0 8 ? * 2 *',
            },
          ],
        },
      ],
    });
    expect(await repo.jobsGeneration(k, 1)).toBe(before + 3);

    const idsFor = async (subjectId: number, type: number) =>
      (await repo.findJobsForEvent(k, 1, subjectId, type)).map((j) => j.jobId);
    expect(await idsFor(chamado.id, 5)).toEqual([onCreate, onAny]);
    expect(await idsFor(chamado.id, 6)).toEqual([onAny]);
    expect(await idsFor(chamado.id, 3)).toEqual([onAny]);
    expect(await idsFor(chamado.id, 7)).toEqual([]);
    expect(await idsFor(cliente.id, 5)).toEqual([]);
    const [deleted] = await repo.findJobsForEvent(k, 1, chamado.id, 3);
    expect(deleted?.matches).toEqual([
      expect.objectContaining({
        eventIndex: 1,
        stepIndex: 0,
        eventType: 3,
        subjectId: chamado.id,
        once: true,
        negate: true,
      }),
    ]);
    expect(deleted?.job.works[0]?.steps.map((s) => s.workStepType)).toEqual([
      'SetTalkTag',
      'SendEmail',
      'Notification',
    ]);

    const schedules = (await repo.listScheduledJobs(k)).filter((s) => s.jobId === onSchedule);
    expect(schedules).toEqual([
      expect.objectContaining({
        companyId: 1,
        subjectId: cliente.id,
        cron: '0 0 8 ? * 2 *',
        eventIndex: 0,
        stepIndex: 0,
      }),
    ]);

    // A notification an automation sends cannot be deleted (001 §8 text).
    expect((await repo.jobsReferencing(k, 1, 'notification', [notificationId])).map((r) => r.jobId)).toEqual([
      onCreate,
      onAny,
      onSchedule,
    ]);
    const refused = await call(c.tokens.admin, 'DELETE', '/api/notification', { notificationId });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)[0]?.message).toBe('Existem automações associadas à esta notificação!');
    expect((await call(c.tokens.admin, 'GET', `/api/notification/${notificationId}`)).statusCode).toBe(200);

    for (const id of [onCreate, onAny, onSchedule]) await call(c.tokens.admin, 'DELETE', `/api/job/${id}`);
    expect(await idsFor(chamado.id, 5)).toEqual([]);
    expect((await repo.listScheduledJobs(k)).filter((s) => s.jobId === onSchedule)).toEqual([]);
    expect(await repo.jobsReferencing(k, 1, 'notification', [notificationId])).toEqual([]);
    expect(await repo.jobsGeneration(k, 1)).toBe(before + 6);
  });
});
