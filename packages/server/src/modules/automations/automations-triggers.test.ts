import { describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import {
  automationFixtureEachTest,
  createJob,
  createRecord,
  eq,
  event,
  readRecord,
  runsOf,
  setValue,
  updateRecord,
} from './automations-setup.ts';

const { f, drain } = automationFixtureEachTest();

describe('automation triggers', () => {
  it('create (5) sets a value on the created record, and an edit does not fire it', async () => {
    const jobId = await createJob(f, {
      name: 'Na criação',
      events: [event(f, 5)],
      works: [{ name: 'Obra', steps: [setValue(f, 'nota', 'criado')] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    await drain();
    expect((await readRecord(f, id)).nota).toBe('criado');
    await updateRecord(f, id, { nota: 'mudado' });
    await drain();
    expect((await readRecord(f, id)).nota).toBe('mudado');
    const runs = await runsOf(f, jobId);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]).toMatchObject({
      status: 'succeeded',
      talkId: id,
      steps: [{ status: 'succeeded' }],
    });
  });

  it('edit (6) fires on an edit only', async () => {
    const edit = await createJob(f, {
      name: 'Na edição',
      events: [event(f, 6, eq('status', 'fechado'))],
      works: [{ steps: [setValue(f, 'nota', 'editado')] }],
    });
    const id = await createRecord(f, { titulo: 'A', status: 'fechado' });
    await drain();
    expect((await readRecord(f, id)).nota ?? null).toBeNull();
    expect((await runsOf(f, edit)).totalResults).toBe(0);
    await updateRecord(f, id, { titulo: 'B' });
    await drain();
    expect((await readRecord(f, id)).nota).toBe('editado');
    expect((await runsOf(f, edit)).totalResults).toBe(1);
  });

  it('create-or-edit (1) fires on both, never on its own change', async () => {
    const both = await createJob(f, {
      name: 'Criação ou edição',
      events: [event(f, 1)],
      works: [{ steps: [setValue(f, 'contador', 7)] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    await drain();
    expect((await readRecord(f, id)).contador).toBe(7);
    await updateRecord(f, id, { titulo: 'B' });
    await drain();
    expect((await runsOf(f, both)).totalResults).toBe(2);
  });

  it('the event filter decides, negate inverts it', async () => {
    await createJob(f, {
      name: 'Alta',
      events: [event(f, 5, eq('status', 'alta'))],
      works: [{ steps: [setValue(f, 'nota', 'alta')] }],
    });
    await createJob(f, {
      name: 'Não alta',
      events: [event(f, 5, eq('status', 'alta'), { negate: true })],
      works: [{ steps: [setValue(f, 'contador', 1)] }],
    });
    const a = await createRecord(f, { titulo: 'A', status: 'alta' });
    const b = await createRecord(f, { titulo: 'B', status: 'baixa' });
    await drain();
    expect(await readRecord(f, a)).toMatchObject({ nota: 'alta' });
    expect((await readRecord(f, a)).contador ?? null).toBeNull();
    expect((await readRecord(f, b)).nota ?? null).toBeNull();
    expect(await readRecord(f, b)).toMatchObject({ contador: 1 });
  });

  it('once fires only when the record comes to match', async () => {
    const jobId = await createJob(f, {
      name: 'Uma vez',
      events: [event(f, 1, eq('status', 'alta'), { once: true })],
      works: [{ steps: [setValue(f, 'nota', 'x')] }],
    });
    const id = await createRecord(f, { titulo: 'A', status: 'alta' });
    await drain();
    await updateRecord(f, id, { titulo: 'B' }); // still matching: no new run
    await drain();
    expect((await runsOf(f, jobId)).totalResults).toBe(1);
    await updateRecord(f, id, { status: 'baixa' });
    await drain();
    await updateRecord(f, id, { status: 'alta' }); // comes to match again
    await drain();
    expect((await runsOf(f, jobId)).totalResults).toBe(2);
  });

  it('a work step runs only when the record matches its own filter', async () => {
    const jobId = await createJob(f, {
      name: 'Passos filtrados',
      events: [event(f, 5)],
      works: [
        {
          steps: [
            setValue(f, 'nota', 'sim', {
              filterName: 'Alta',
              filter: eq('status', 'alta'),
              subjectId: f.subjectId,
            }),
            setValue(f, 'contador', 3),
          ],
        },
      ],
    });
    const a = await createRecord(f, { titulo: 'A', status: 'alta' });
    const b = await createRecord(f, { titulo: 'B', status: 'baixa' });
    await drain();
    expect(await readRecord(f, a)).toMatchObject({ nota: 'sim', contador: 3 });
    const rb = await readRecord(f, b);
    expect(rb.nota ?? null).toBeNull();
    expect(rb.contador).toBe(3);
    const runs = (await runsOf(f, jobId)).itens.find((r) => r.talkId === b);
    expect(runs?.steps.map((s) => s.status)).toEqual(['skipped', 'succeeded']);
  });

  it('delete (3) fires with the deleted record values; message creation (7) fires', async () => {
    const del = await createJob(f, {
      name: 'Exclusão',
      events: [event(f, 3, eq('status', 'alta'))],
      works: [
        {
          steps: [
            {
              workStepType: 'NewTalk',
              name: 'Registro de auditoria',
              configs: [
                { subjectId: f.subjectId, subjectAttributeId: f.attr.titulo, value: 'excluído' },
                { subjectId: f.subjectId, subjectAttributeId: f.attr.status, value: 'log' },
              ],
            },
          ],
        },
      ],
    });
    const msg = await createJob(f, {
      name: 'Mensagem',
      events: [event(f, 7)],
      works: [{ steps: [setValue(f, 'nota', 'mensagem recebida')] }],
    });
    const a = await createRecord(f, { titulo: 'A', status: 'alta' });
    const b = await createRecord(f, { titulo: 'B', status: 'baixa' });
    const posted = await f.app.inject(
      as(f.token, { method: 'POST', url: `/api/talk/pedido/${a}/messages`, payload: { text: 'Olá' } }),
    );
    expect(posted.statusCode).toBeLessThan(300);
    await drain();
    expect((await readRecord(f, a)).nota).toBe('mensagem recebida');
    expect((await runsOf(f, msg)).totalResults).toBe(1);
    for (const id of [a, b]) {
      const res = await f.app.inject(
        as(f.token, { method: 'DELETE', url: '/api/talk/pedido', payload: { talkIds: [id] } }),
      );
      expect(res.statusCode).toBeLessThan(300);
    }
    await drain();
    const runs = await runsOf(f, del);
    expect(runs.totalResults).toBe(1);
    expect(runs.itens[0]).toMatchObject({ status: 'succeeded', talkId: a });
    const rows = await f.t.db.kysely
      .selectFrom(`subject_${f.subjectId}` as never)
      .select(['id' as never])
      .execute();
    expect(rows.length).toBe(1);
  });

  it('loops stop at depth 5 and a job does not re-trigger itself', async () => {
    // Job A on edit sets contador; job B on edit sets nota: each re-triggers the other.
    const a = await createJob(f, {
      name: 'A',
      events: [event(f, 6)],
      works: [{ steps: [setValue(f, 'contador', 1)] }],
    });
    const b = await createJob(f, {
      name: 'B',
      events: [event(f, 6)],
      works: [{ steps: [setValue(f, 'nota', 'b')] }],
    });
    const id = await createRecord(f, { titulo: 'A' });
    await updateRecord(f, id, { titulo: 'B' });
    await drain();
    const ra = (await runsOf(f, a)).totalResults;
    const rb = (await runsOf(f, b)).totalResults;
    // depth 0 (the person's edit) fires both; every change of one fires the other, up to depth 4.
    expect(ra + rb).toBe(2 * 5);
    const events = await f.t.db.kysely
      .selectFrom('outbox_events')
      .select(({ fn }) => fn.max('depth').as('d'))
      .executeTakeFirstOrThrow();
    expect(Number(events.d as unknown)).toBe(5);
  });

  it('answers 404 for another run, 409 to retry a run that did not fail', async () => {
    const jobId = await createJob(f, {
      name: 'J',
      events: [event(f, 5)],
      works: [{ steps: [setValue(f, 'nota', 'x')] }],
    });
    await createRecord(f, { titulo: 'A' });
    await drain();
    const [run] = (await runsOf(f, jobId)).itens;
    const missing = await f.app.inject(as(f.token, { method: 'GET', url: '/api/job/run/999999' }));
    expect(missing.statusCode).toBe(404);
    const retry = await f.app.inject(
      as(f.token, { method: 'POST', url: `/api/job/run/${run?.runId}/retry` }),
    );
    expect(retry.statusCode).toBe(409);
    expect(retry.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(/falha/);
  });
});
