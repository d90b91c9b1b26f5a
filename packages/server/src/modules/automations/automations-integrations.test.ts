import { afterEach, describe, expect, it } from 'vitest';
import { automationMessages as m } from '@talkbase/domain/automations/messages';
import type { WorkStep } from '@talkbase/domain/contracts/jobs';
import { as } from '../../test/harness.ts';
import type { ActionContext, ActionHandler } from './actions/types.ts';
import {
  automationFixture,
  createJob,
  createRecord,
  event,
  runsOf,
  type AutomationFixture,
} from './automations-setup.ts';

/**
 * Issue 35 item 6: the five integration kinds (000 §3) are named by the spec but not described. A
 * job holding one is refused (422) unless a handler for it is registered in the action registry;
 * a registered handler runs like any other action.
 */
let f: AutomationFixture | undefined;
afterEach(async () => {
  await f?.t.close();
  f = undefined;
});

const dialog = (fx: AutomationFixture) => ({
  workStepType: 'SetTalkDialog',
  name: 'Aviso',
  configs: [{ value: 'Olá', accountIds: [fx.accountId] }],
});

/** A job whose second step is of `kind` (none when absent). */
const job = (fx: AutomationFixture, kind?: string) => ({
  name: `Integração ${kind ?? ''}`,
  events: [event(fx, 5)],
  works: [
    {
      steps: [
        dialog(fx),
        ...(kind
          ? [{ workStepType: kind, name: 'Integração', configs: [{ apolice: '123', valor: 10 }] }]
          : []),
      ],
    },
  ],
});

const post = (fx: AutomationFixture, payload: object) =>
  fx.app.inject(as(fx.token, { method: 'POST', url: '/api/job', payload }));

const actions = async (fx: AutomationFixture) => {
  const res = await fx.app.inject(as(fx.token, { method: 'GET', url: '/api/job/actions' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ integrationKinds: string[] }>().integrationKinds;
};

describe('integration action kinds', () => {
  it('without a handler, every integration kind is refused on create and update with 422', async () => {
    f = await automationFixture();
    expect(await actions(f)).toEqual([]);
    for (const kind of [
      'SitaIntegration',
      'ComprovanteCarregamento',
      'ExtratoDesova',
      'ExtratoAvaria',
      'ComprovanteAverbacao',
    ]) {
      const res = await post(f, job(f, kind));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        errors: [{ message: m.integrationUnavailable, field: 'works.0.steps.1.workStepType' }],
      });
    }
    expect(m.integrationUnavailable).toBe('Esta ação de integração não está disponível nesta instalação.');
    const jobId = await createJob(f, job(f));
    const put = await f.app.inject(
      as(f.token, { method: 'PUT', url: `/api/job/${jobId}`, payload: job(f, 'ExtratoDesova') }),
    );
    expect(put.statusCode, put.body).toBe(422);
    expect(put.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(m.integrationUnavailable);
  });

  it('a handler registered through the action registry makes its kind available and runs it', async () => {
    const seen: { ctx: ActionContext; step: WorkStep }[] = [];
    const handler: ActionHandler = {
      kind: 'ComprovanteAverbacao',
      run: (ctx, step) => {
        seen.push({ ctx, step });
        return Promise.resolve(undefined);
      },
    };
    f = await automationFixture({}, { actionHandlers: [handler] });
    expect(await actions(f)).toEqual(['ComprovanteAverbacao']);
    // Only the registered kind: another integration stays unavailable.
    expect((await post(f, job(f, 'ExtratoAvaria'))).statusCode).toBe(422);
    const jobId = await createJob(f, job(f, 'ComprovanteAverbacao'));
    const talkId = await createRecord(f, { titulo: 'Carga 7', status: 'aberto' });
    await f.app.services.automations.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.step).toMatchObject({
      workStepType: 'ComprovanteAverbacao',
      configs: [{ apolice: '123', valor: 10 }],
    });
    expect(seen[0]?.ctx.trigger).toMatchObject({ talkId, subjectIdentifier: 'pedido', eventType: 5 });
    const runs = await runsOf(f, jobId);
    expect(runs.itens[0]?.status).toBe('succeeded');
    expect(runs.itens[0]?.steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
  });
});
