import { describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import {
  automationFixtureEachTest,
  createJob,
  createManualTag,
  createRecord,
  eq,
  event,
  readRecord,
  runsOf,
} from './automations-setup.ts';

const { f, drain } = automationFixtureEachTest();

describe('core actions', () => {
  it('SetTalkTag then RemoveTalkTag, SetTalkDialog posts on the record', async () => {
    const tagId = await createManualTag(f);
    const jobId = await createJob(f, {
      name: 'Marcar',
      events: [event(f, 5, eq('status', 'alta'))],
      works: [
        {
          steps: [
            { workStepType: 'SetTalkTag', name: 'Tag', configs: [{ tagId }] },
            {
              workStepType: 'SetTalkDialog',
              name: 'Aviso',
              configs: [{ value: 'Pedido urgente', accountIds: [f.accountId] }],
            },
          ],
        },
      ],
    });
    await createJob(f, {
      name: 'Desmarcar',
      events: [event(f, 6, eq('status', 'baixa'))],
      works: [{ steps: [{ workStepType: 'RemoveTalkTag', name: 'Tag', configs: [{ tagId }] }] }],
    });
    const id = await createRecord(f, { titulo: 'A', status: 'alta' });
    await drain();
    const tags = () =>
      f.t.db.kysely.selectFrom('talk_tags').select('tag_id').where('talk_id', '=', id).execute();
    expect((await tags()).map((t) => t.tag_id)).toEqual([tagId]);
    const messages = await f.app.inject(
      as(f.token, { method: 'GET', url: `/api/talk/pedido/${id}/messages` }),
    );
    expect(messages.statusCode, messages.body).toBe(200);
    expect(messages.body).toContain('Pedido urgente');
    expect((await runsOf(f, jobId)).itens[0]?.status).toBe('succeeded');
    const put = await f.app.inject(
      as(f.token, {
        method: 'PUT',
        url: `/api/talk/pedido/${id}`,
        payload: { talkValues: [{ subjectAttributeIdentifier: 'status', value: 'baixa' }] },
      }),
    );
    expect(put.statusCode).toBe(200);
    await drain();
    expect(await tags()).toEqual([]);
  });

  it('SetTalkValueByFilter changes every record its filter selects, once per record', async () => {
    const a = await createRecord(f, { titulo: 'A', status: 'aberto' });
    const b = await createRecord(f, { titulo: 'B', status: 'aberto' });
    const c = await createRecord(f, { titulo: 'C', status: 'fechado' });
    await drain();
    const jobId = await createJob(f, {
      name: 'Fechar abertos',
      events: [event(f, 5, eq('titulo', 'gatilho'))],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByFilter',
              name: 'Abertos',
              subjectId: f.subjectId,
              filterName: 'Abertos',
              filter: eq('status', 'aberto'),
              configs: [{ subjectId: f.subjectId, subjectAttributeId: f.attr.nota, value: 'revisado' }],
            },
          ],
        },
      ],
    });
    await createRecord(f, { titulo: 'gatilho', status: 'outro' });
    await drain();
    expect((await readRecord(f, a)).nota).toBe('revisado');
    expect((await readRecord(f, b)).nota).toBe('revisado');
    expect((await readRecord(f, c)).nota ?? null).toBeNull();
    expect((await runsOf(f, jobId)).itens[0]?.status).toBe('succeeded');
  });

  it('a failing action fails the run with its message; retry runs it again', async () => {
    const jobId = await createJob(f, {
      name: 'Valor inválido',
      events: [event(f, 5)],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Número',
              configs: [
                { subjectId: f.subjectId, subjectAttributeId: f.attr.contador, value: 'não é número' },
              ],
            },
          ],
        },
      ],
    });
    await createRecord(f, { titulo: 'A' });
    await drain();
    const [run] = (await runsOf(f, jobId)).itens;
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]?.status).toBe('failed');
    expect(run?.steps[0]?.error).toBeTruthy();
    const retry = await f.app.inject(
      as(f.token, { method: 'POST', url: `/api/job/run/${run?.runId}/retry` }),
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ status: string }>().status).toBe('pending');
    await drain();
    const again = await f.app.inject(as(f.token, { method: 'GET', url: `/api/job/run/${run?.runId}` }));
    expect(again.json<{ status: string; steps: { attempts: number }[] }>()).toMatchObject({
      status: 'failed',
      steps: [{ attempts: 1 }],
    });
  });

  it('ExecuteParentJob runs the given job on the parent record (forceExecution ignores its filter)', async () => {
    const cliente = await f.app.inject(
      as(f.token, {
        method: 'POST',
        url: '/api/subject',
        payload: {
          identifier: 'loja',
          name: 'Loja',
          attributes: [
            { identifier: 'nome', name: 'Nome', componentId: 1 },
            { identifier: 'situacao', name: 'Situação', componentId: 1 },
          ],
        },
      }),
    );
    expect(cliente.statusCode, cliente.body).toBe(201);
    const added = await f.app.inject(
      as(f.token, {
        method: 'POST',
        url: '/api/subject',
        payload: {
          identifier: 'item',
          name: 'Item',
          attributes: [
            { identifier: 'nome', name: 'Nome', componentId: 1 },
            { identifier: 'loja', name: 'Loja', componentId: 4, relatedSubject: 'loja' },
          ],
        },
      }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const loja = await f.app.services.subjects.load(1, 'loja');
    const item = await f.app.services.subjects.load(1, 'item');
    const attr = (s: typeof loja, id: string) => s.attributes.find((a) => a.identifier === id)?.id;
    const parentJob = await createJob(f, {
      name: 'Na loja',
      events: [
        {
          name: 'Edição da loja',
          steps: [
            { eventStepType: 6, subjectId: loja.id, filterName: 'Nunca', filter: eq('situacao', 'nunca') },
          ],
        },
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Situação',
              configs: [
                { subjectId: loja.id, subjectAttributeId: attr(loja, 'situacao'), value: 'tem itens' },
              ],
            },
          ],
        },
      ],
    });
    await createJob(f, {
      name: 'No item',
      events: [
        {
          name: 'Criação do item',
          steps: [
            {
              eventStepType: 5,
              subjectId: item.id,
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
              workStepType: 'ExecuteParentJob',
              name: 'Pai',
              configs: [
                {
                  forceExecution: true,
                  jobId: parentJob,
                  jobName: 'Na loja',
                  subjectAttributeId: attr(item, 'loja'),
                  subjectId: item.id,
                },
              ],
            },
          ],
        },
      ],
    });
    const post = (subject: string, values: Record<string, unknown>) =>
      f.app.inject(
        as(f.token, {
          method: 'POST',
          url: `/api/talk/${subject}`,
          payload: {
            talkValues: Object.entries(values).map(([k, v]) => ({ subjectAttributeIdentifier: k, value: v })),
          },
        }),
      );
    const lojaId = (await post('loja', { nome: 'Centro' })).json<{ resourceId: number }>().resourceId;
    const created = await post('item', { nome: 'Caneta', loja: lojaId });
    expect(created.statusCode, created.body).toBeLessThan(300);
    await drain();
    const read = await f.app.inject(as(f.token, { method: 'GET', url: `/api/talk/loja/${lojaId}` }));
    const values = read.json<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>()
      .talkValues;
    expect(values.find((v) => v.subjectAttributeIdentifier === 'situacao')?.value).toBe('tem itens');
    const runs = await runsOf(f, parentJob);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]).toMatchObject({ status: 'succeeded', talkId: lojaId });
  });
});
