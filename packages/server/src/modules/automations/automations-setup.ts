import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';

/** Shared setup of the automation engine tests: an app without background worker, a subject, ids. */
export interface AutomationFixture {
  t: TestApp;
  app: FastifyInstance;
  token: string;
  /** The administrator's account. */
  accountId: number;
  subjectId: number;
  attr: Record<string, number>;
}

export const ALL = { condition: 'E', rules: [] } as const;

export async function automationFixture(
  env: Record<string, string> = {},
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<AutomationFixture> {
  const t = await createTestApp({ AUTOMATIONS_POLL_MS: '0', ...env }, opts);
  const { token, accountId } = await login(t.app);
  const res = await t.app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'pedido',
        name: 'Pedido',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isOrderable: true },
          { identifier: 'status', name: 'Status', componentId: 1, isOrderable: true },
          { identifier: 'contador', name: 'Contador', componentId: 3, isOrderable: true },
          { identifier: 'nota', name: 'Nota', componentId: 1 },
        ],
      },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`subject: ${res.body}`);
  const subject = await t.app.services.subjects.load(1, 'pedido');
  const attr = Object.fromEntries(subject.attributes.map((a) => [a.identifier, a.id]));
  return { t, app: t.app, token, accountId, subjectId: subject.id, attr };
}

/**
 * A fresh fixture for each test of the calling file, closed after it: `f` is filled in before each
 * test (read its fields inside tests only), and `drain` runs every queued automation to its end.
 */
export function automationFixtureEachTest(): { f: AutomationFixture; drain: () => Promise<void> } {
  const f = {} as AutomationFixture;
  beforeEach(async () => {
    Object.assign(f, await automationFixture());
  });
  afterEach(async () => {
    await f.t.close();
  });
  return { f, drain: () => f.app.services.automations.drain() };
}

/** A filter: `attribute` equals `value`. */
export const eq = (attribute: string, value: unknown) => ({
  condition: 'E',
  rules: [{ attribute, operator: 'equal', value }],
});

/** A tag "Urgente" whose one filter never matches: only automations put it on records. */
export async function createManualTag(f: AutomationFixture): Promise<number> {
  const res = await f.app.inject(
    as(f.token, {
      method: 'POST',
      url: '/api/tag',
      payload: {
        tagName: 'Urgente',
        tagColor: '#E03131',
        tagFilters: [
          { filterName: 'Nunca', filter: eq('status', '---nunca---'), subjectAttributeId: f.attr.status },
        ],
      },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`tag: ${res.statusCode} ${res.body}`);
  return res.json<{ tagId: number }>().tagId;
}

export async function createJob(f: AutomationFixture, job: Record<string, unknown>): Promise<number> {
  const res = await f.app.inject(as(f.token, { method: 'POST', url: '/api/job', payload: job }));
  if (res.statusCode !== 201) throw new Error(`job: ${res.statusCode} ${res.body}`);
  return res.json<{ jobId: number }>().jobId;
}

/** An event (type, filter) on the fixture's subject. */
export function event(
  f: AutomationFixture,
  type: number,
  filter: unknown = ALL,
  more: Record<string, unknown> = {},
) {
  return {
    name: 'Evento',
    ...more,
    steps: [{ eventStepType: type, subjectId: f.subjectId, filterName: 'Filtro', filter }],
  };
}

/** A SetTalkValueByEvent step setting `attribute` to `value`. */
export function setValue(
  f: AutomationFixture,
  attribute: string,
  value: unknown,
  more: Record<string, unknown> = {},
) {
  return {
    workStepType: 'SetTalkValueByEvent',
    name: 'Alterar',
    ...more,
    configs: [
      { subjectId: f.subjectId, subjectAttributeId: f.attr[attribute], value, setAttributeValueType: 1 },
    ],
  };
}

export async function createRecord(f: AutomationFixture, values: Record<string, unknown>): Promise<number> {
  const res = await f.app.inject(
    as(f.token, {
      method: 'POST',
      url: '/api/talk/pedido',
      payload: {
        talkValues: Object.entries(values).map(([k, v]) => ({ subjectAttributeIdentifier: k, value: v })),
      },
    }),
  );
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`talk: ${res.statusCode} ${res.body}`);
  return res.json<{ resourceId: number }>().resourceId;
}

export async function updateRecord(f: AutomationFixture, talkId: number, values: Record<string, unknown>) {
  const res = await f.app.inject(
    as(f.token, {
      method: 'PUT',
      url: `/api/talk/pedido/${talkId}`,
      payload: {
        talkValues: Object.entries(values).map(([k, v]) => ({ subjectAttributeIdentifier: k, value: v })),
      },
    }),
  );
  if (res.statusCode !== 200) throw new Error(`update: ${res.statusCode} ${res.body}`);
}

export async function readRecord(f: AutomationFixture, talkId: number): Promise<Record<string, unknown>> {
  const res = await f.app.inject(as(f.token, { method: 'GET', url: `/api/talk/pedido/${talkId}` }));
  if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode} ${res.body}`);
  const talk = res.json<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>();
  return Object.fromEntries(talk.talkValues.map((v) => [v.subjectAttributeIdentifier, v.value]));
}

export async function runsOf(f: AutomationFixture, jobId: number) {
  const res = await f.app.inject(as(f.token, { method: 'GET', url: `/api/job/${jobId}/runs?fetch=100` }));
  if (res.statusCode !== 200) throw new Error(`runs: ${res.statusCode} ${res.body}`);
  return res.json<{
    itens: {
      runId: number;
      status: string;
      talkId: number | null;
      steps: { status: string; error: string | null }[];
    }[];
    totalResults: number;
  }>();
}
