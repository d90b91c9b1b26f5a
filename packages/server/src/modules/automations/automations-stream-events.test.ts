import { describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import { png, uploadTo } from '../files/files-test-helpers.ts';
import {
  ALL,
  automationFixtureEachTest,
  createJob,
  createRecord,
  event,
  readRecord,
  runsOf,
  setValue,
} from './automations-setup.ts';

/** Events beyond the spec's five (issue 33 item 4), built on the event stream. */
const { f, drain } = automationFixtureEachTest();

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  f.app.inject(as(f.token, { method, url, payload }));

async function newTag(name: string): Promise<number> {
  const res = await call('POST', '/api/tag', {
    tagName: name,
    tagColor: '#1971c2',
    tagFilters: [
      {
        filterName: 'Nunca',
        filter: { attribute: 'titulo', operator: 'equal', value: 'nenhum título é este' },
        subject: 'pedido',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ tagId: number }>().tagId;
}

const tagStep = (kind: 'SetTalkTag' | 'RemoveTalkTag', tagId: number) => ({
  workStepType: kind,
  name: kind,
  configs: [{ tagId }],
});

describe('events beyond the spec', () => {
  it('record deactivated (8) fires when a record is deactivated, not again while it stays so', async () => {
    const jobId = await createJob(f, {
      name: 'Ao desativar',
      events: [event(f, 8)],
      works: [{ steps: [setValue(f, 'nota', 'desativado')] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    await drain();
    expect((await runsOf(f, jobId)).totalResults).toBe(0);
    for (const path of ['batchDeactivate', 'batchDeactivate', 'batchActivate'])
      expect((await call('POST', `/api/talk/${path}/pedido`, { talkIds: [id] })).statusCode).toBe(200);
    await drain();
    expect((await readRecord(f, id)).nota).toBe('desativado');
    const runs = await runsOf(f, jobId);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]).toMatchObject({ status: 'succeeded', talkId: id });
    // A moment of a record's life cannot be looked for among existing records.
    const existing = await call('POST', `/api/job/${jobId}/run`, {});
    expect(existing.statusCode).toBe(422);
    expect(existing.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'Esta automação só é executada por eventos.',
    );
  });

  it('tag gained (10) fires for its tag only, or for any tag when none is named', async () => {
    const urgent = await newTag('Urgente');
    const vip = await newTag('VIP');
    const onUrgent = await createJob(f, {
      name: 'Urgente',
      events: [
        {
          name: 'Evento',
          steps: [
            { eventStepType: 10, subjectId: f.subjectId, filterName: 'Todos', filter: ALL, tagId: urgent },
          ],
        },
      ],
      works: [{ steps: [setValue(f, 'contador', 1)] }],
    });
    const onAny = await createJob(f, {
      name: 'Qualquer etiqueta',
      events: [event(f, 10)],
      works: [{ steps: [setValue(f, 'nota', 'etiquetado')] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    const ref = { companyId: 1, subject: 'pedido', talkId: id };
    await f.app.services.tags.addTag(ref, vip);
    await drain();
    expect(await readRecord(f, id)).toMatchObject({ nota: 'etiquetado' });
    expect((await readRecord(f, id)).contador ?? null).toBeNull();
    expect((await runsOf(f, onUrgent)).totalResults).toBe(0);
    await f.app.services.tags.addTag(ref, urgent);
    // Losing a tag is not gaining one.
    await f.app.services.tags.removeTag(ref, vip);
    await drain();
    expect((await readRecord(f, id)).contador).toBe(1);
    expect((await runsOf(f, onUrgent)).totalResults).toBe(1);
    expect((await runsOf(f, onAny)).totalResults).toBe(2);
  });

  it('jobs that hand tags to each other stop at the depth limit', async () => {
    const a = await newTag('A');
    const b = await newTag('B');
    const tagged = (tagId: number) => ({
      name: 'Evento',
      steps: [{ eventStepType: 10, subjectId: f.subjectId, filterName: 'Todos', filter: ALL, tagId }],
    });
    const x = await createJob(f, {
      name: 'A para B',
      events: [tagged(a)],
      works: [{ steps: [tagStep('RemoveTalkTag', a), tagStep('SetTalkTag', b)] }],
    });
    const y = await createJob(f, {
      name: 'B para A',
      events: [tagged(b)],
      works: [{ steps: [tagStep('RemoveTalkTag', b), tagStep('SetTalkTag', a)] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    await f.app.services.tags.addTag({ companyId: 1, subject: 'pedido', talkId: id }, a);
    await drain();
    const total = (await runsOf(f, x)).totalResults + (await runsOf(f, y)).totalResults;
    // A person's change starts at depth 0; each job's change is one deeper; depth 5 runs nothing.
    expect(total).toBe(5);
  });

  it('file added (9) fires with the record the file was added to', async () => {
    const res = await call('POST', '/api/subject', {
      identifier: 'contrato',
      name: 'Contrato',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1 },
        { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const subject = res.json<{
      subjectId: number;
      subjectAttributes: { subjectAttributeId: number; identifier: string }[];
    }>();
    const attr = Object.fromEntries(
      subject.subjectAttributes.map((a) => [a.identifier, a.subjectAttributeId]),
    );
    const jobId = await createJob(f, {
      name: 'Arquivo recebido',
      events: [
        {
          name: 'Evento',
          steps: [{ eventStepType: 9, subjectId: subject.subjectId, filterName: 'Todos', filter: ALL }],
        },
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Alterar',
              configs: [
                {
                  subjectId: subject.subjectId,
                  subjectAttributeId: attr['titulo'],
                  value: 'com arquivo',
                  setAttributeValueType: 1,
                },
              ],
            },
          ],
        },
      ],
    });
    const created = await call('POST', '/api/talk/contrato', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'sem arquivo' }],
    });
    const talkId = created.json<{ resourceId: number }>().resourceId;
    await drain();
    expect((await runsOf(f, jobId)).totalResults).toBe(0);
    const up = await uploadTo(f.app, f.token, `/api/value/file/contrato/${talkId}/${attr['anexos']}`, [
      { name: 'a.png', data: png() },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    await drain();
    const runs = await runsOf(f, jobId);
    expect(runs.itens).toMatchObject([{ status: 'succeeded', talkId }]);
    const talk = await f.app.inject(as(f.token, { method: 'GET', url: `/api/talk/contrato/${talkId}` }));
    const values = talk.json<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>()
      .talkValues;
    expect(values.find((v) => v.subjectAttributeIdentifier === 'titulo')?.value).toBe('com arquivo');
  });
});
