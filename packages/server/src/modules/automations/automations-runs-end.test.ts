import { describe, expect, it } from 'vitest';
import { countRecords, getRun, insertRecords, loose, runOnExisting } from './automations-bulk.ts';
import { MAX_DEPTH } from './engine-core.ts';
import {
  ALL,
  automationFixtureEachTest,
  createJob,
  createRecord,
  event,
  runsOf,
  setValue,
  type AutomationFixture,
} from './automations-setup.ts';

/**
 * Issue 33, "Runs that end": a run over a filter's records fixes its set when it starts (the
 * subject's highest id then), so a job whose action creates records of the subject it walks
 * processes exactly the records there were — it used to walk into its own creations forever
 * ("21,311 of 101").
 */
const { f, drain } = automationFixtureEachTest();

const HOUR = 3_600_000;

/** A NewTalk step creating a `pedido` titled 'cópia'. */
const newCopy = (fx: AutomationFixture) => ({
  workStepType: 'NewTalk',
  name: 'Cópia',
  configs: [{ subjectId: fx.subjectId, subjectAttributeId: fx.attr.titulo, value: 'cópia' }],
});

describe('runs over a filter end', () => {
  it('run on existing records whose action creates records of its subject: the starting count, once each', async () => {
    for (let i = 0; i < 12; i++) await createRecord(f, { titulo: `R${i}` });
    await drain();
    const jobId = await createJob(f, {
      name: 'Copiar todos',
      events: [event(f, 5)],
      works: [{ steps: [newCopy(f)] }],
    });
    const runId = await runOnExisting(f, jobId);
    await drain();
    const run = await getRun(f, runId);
    expect(run.status).toBe('succeeded');
    expect(run.progress).toEqual({ done: 12, total: 12 });
    expect(await countRecords(f)).toBe(24);
    expect(await countRecords(f, ['titulo', 'cópia'])).toBe(12);
  });

  it('a schedule slot whose action creates records of its subject: the starting count, once each', async () => {
    await insertRecords(f, 1200); // more than one batch (500)
    const jobId = await createJob(f, {
      name: 'Copiar às 3h',
      events: [
        {
          name: 'Agenda',
          steps: [
            {
              eventStepType: 4,
              subjectId: f.subjectId,
              filterName: 'Todos',
              filter: ALL,
              cron: '0 0 3 ? * 1,2,3,4,5,6,7 *',
            },
          ],
        },
      ],
      works: [{ steps: [newCopy(f)] }],
    });
    // A day later: exactly one 03:00 slot passed.
    const engine = f.app.services.automations;
    const realNow = engine.now;
    engine.now = () => realNow() + 24 * HOUR;
    await drain();
    const runs = await runsOf(f, jobId);
    expect(runs.totalResults).toBe(1);
    const run = await getRun(f, runs.itens[0]?.runId ?? 0);
    expect(run.status).toBe('succeeded');
    expect(run.progress).toEqual({ done: 1200, total: 1200 });
    expect(await countRecords(f)).toBe(2400);
    expect(await countRecords(f, ['titulo', 'cópia'])).toBe(1200);
  });

  it('a filtered run counts and walks only the records of its set that match', async () => {
    await insertRecords(f, 30);
    await loose(f)
      .updateTable(`subject_${f.subjectId}`)
      .set({ [`a_${f.attr.status}`]: 'alta' })
      .where('id', '<=', 10)
      .execute();
    const jobId = await createJob(f, {
      name: 'Copiar altas',
      events: [
        event(f, 5, { condition: 'E', rules: [{ attribute: 'status', operator: 'equal', value: 'alta' }] }),
      ],
      works: [
        {
          steps: [
            {
              ...newCopy(f),
              configs: [
                { subjectId: f.subjectId, subjectAttributeId: f.attr.titulo, value: 'cópia' },
                { subjectId: f.subjectId, subjectAttributeId: f.attr.status, value: 'alta' },
              ],
            },
          ],
        },
      ],
    });
    const runId = await runOnExisting(f, jobId);
    await drain();
    const run = await getRun(f, runId);
    expect(run.status).toBe('succeeded');
    expect(run.progress).toEqual({ done: 10, total: 10 });
    expect(await countRecords(f, ['status', 'alta'])).toBe(20);
  });

  it('the depth guard holds for set runs as for event runs', async () => {
    await insertRecords(f, 3);
    const jobId = await createJob(f, {
      name: 'Marcar',
      events: [event(f, 5)],
      works: [{ steps: [setValue(f, 'nota', 'x')] }],
    });
    const runId = await runOnExisting(f, jobId);
    // As if the run had been caused by automations MAX_DEPTH deep.
    await loose(f).updateTable('automation_runs').set({ depth: MAX_DEPTH }).where('id', '=', runId).execute();
    await drain();
    const run = await getRun(f, runId);
    expect(run.status).toBe('cancelled');
    expect(run.steps[0]?.error).toMatch(/encadeadas/);
    expect(await countRecords(f, ['nota', 'x'])).toBe(0);
  });
});
