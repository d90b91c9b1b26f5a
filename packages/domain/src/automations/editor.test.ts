import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../filters/filter-tree.ts';
import { jobSchema, type Job, type WorkStep } from '../contracts/jobs.ts';
import {
  actionsGateMessage,
  changeEventType,
  emptyJob,
  eventsComplete,
  offersRunOnExisting,
  saveAsCopy,
  switchActionKind,
} from './editor.ts';
import { automationMessages as m } from './messages.ts';

function at<T>(xs: readonly T[] | undefined, i = 0): T {
  const x = xs?.[i];
  if (x === undefined) throw new Error(`no item ${i}`);
  return x;
}

const filter: FilterNode = {
  condition: 'E',
  rules: [{ attribute: 'prioridade', operator: 'equal', value: 'Alta' }],
};
const kinds = ['SetTalkTag', 'SendEmail', 'SetTalkValueByFilter', 'Notification', 'SetTalkValueByEvent', ''];

function job(eventStepType: number | null = 1): Job {
  return jobSchema.parse({
    jobId: 7,
    name: 'Urgentes',
    events: [
      {
        eventId: 3,
        name: 'Quando',
        steps: [{ eventStepId: 4, eventStepType, subjectId: 1, filterName: 'Alta', filter, filterId: 5 }],
      },
    ],
    works: [
      {
        workId: 8,
        name: 'Então',
        steps: kinds.map((k, i) => ({ workStepId: 10 + i, workStepType: k, filterId: 20 + i, configs: [] })),
      },
    ],
  });
}

describe('action gating (000 §4)', () => {
  it('actions wait until every event step has type, filter name and a valid filter', () => {
    expect(eventsComplete(job())).toBe(true);
    expect(actionsGateMessage(job())).toBeNull();
    expect(eventsComplete(job(null))).toBe(false);
    expect(actionsGateMessage(job(null))).toBe(
      'Complete as configurações dos eventos acima antes de configurar as ações',
    );
    const j = job();
    const withStep = (patch: object): Job => ({
      ...j,
      events: [{ ...at(j.events), steps: [{ ...at(at(j.events).steps), ...patch }] }],
    });
    expect(eventsComplete(withStep({ filterName: '' }))).toBe(false);
    expect(
      eventsComplete(
        withStep({ filter: { condition: 'E', rules: [{ attribute: 'a', operator: 'equal' }] } }),
      ),
    ).toBe(false);
    expect(eventsComplete({ ...j, events: [] })).toBe(false);
    expect(eventsComplete({ ...j, events: [{ ...at(j.events), steps: [] }] })).toBe(false);
  });
});

describe('changing the event type (000 §4)', () => {
  it('1 → 3 keeps only SendEmail and SetTalkValueByFilter, and asks first', () => {
    const r = changeEventType(job(1), 0, 3);
    expect(r.needsConfirmation).toBe(true);
    expect(r.job.events[0]?.steps[0]?.eventStepType).toBe(3);
    expect(r.job.works[0]?.steps.map((s) => s.workStepType)).toEqual(['SendEmail', 'SetTalkValueByFilter']);
    expect(r.removed.map((s) => s.workStepType)).toEqual([
      'SetTalkTag',
      'Notification',
      'SetTalkValueByEvent',
      '',
    ]);
  });
  it('no confirmation when nothing is removed, or when the new type is not a delete', () => {
    const j = job(1);
    const onlyKept = {
      ...j,
      works: [{ ...at(j.works), steps: at(j.works).steps.filter((s) => s.workStepType === 'SendEmail') }],
    };
    expect(changeEventType(onlyKept, 0, 3).needsConfirmation).toBe(false);
    const r = changeEventType(j, 0, 5);
    expect(r.needsConfirmation).toBe(false);
    expect(r.job.works).toBe(j.works);
    expect(r.job.events[0]?.steps[0]?.eventStepType).toBe(5);
    expect(changeEventType(job(3), 0, 3).needsConfirmation).toBe(false);
  });
  it('the job given is not changed', () => {
    const j = job(1);
    changeEventType(j, 0, 3);
    expect(j.works[0]?.steps).toHaveLength(kinds.length);
    expect(j.events[0]?.steps[0]?.eventStepType).toBe(1);
  });
  it('a cron stays only on a schedule', () => {
    const j = job(4);
    at(at(j.events).steps).cron = '0 30 8 ? * 2 *';
    expect(changeEventType(j, 0, 1).job.events[0]?.steps[0]?.cron).toBeNull();
  });
});

describe('switching the action kind (000 §4)', () => {
  const tag: WorkStep = at(
    at(
      jobSchema.parse({
        works: [{ steps: [{ workStepId: 9, workStepType: 'SetTalkTag', configs: [{ tagId: 4 }] }] }],
      }).works,
    ).steps,
  );
  it('SetTalkTag ↔ RemoveTalkTag keep their data', () => {
    const removed = switchActionKind(tag, 'RemoveTalkTag');
    expect(removed).toEqual({ ...tag, workStepType: 'RemoveTalkTag' });
    expect(switchActionKind(removed, 'SetTalkTag')).toEqual(tag);
  });
  it('other switches reset the configurations to one empty configuration', () => {
    const mail = switchActionKind(tag, 'SendEmail');
    expect(mail.workStepId).toBe(9);
    expect(mail.configs).toHaveLength(1);
    expect(mail.configs[0]).toMatchObject({ to: '', subject: '', sendToCreatedBy: false });
  });
  it('a filter stays only between by-filter kinds', () => {
    const byFilter = {
      ...switchActionKind(tag, 'SetTalkValueByFilter'),
      subjectId: 1,
      filterName: 'f',
      filter,
    };
    expect(switchActionKind(byFilter, 'SetTalkDialogByFilter').filter).toEqual(filter);
    expect(switchActionKind(byFilter, 'SetTalkDialog').filter).toBeNull();
  });
});

describe('save as copy (000 §4)', () => {
  it('clears every id and appends (Cópia) when the name is unchanged', () => {
    const copy = saveAsCopy(job(), 'Urgentes');
    expect(copy.name).toBe('Urgentes (Cópia)');
    const ids = JSON.stringify(copy).match(/"(jobId|eventId|eventStepId|filterId|workId|workStepId)":\d+/g);
    expect(ids).toBeNull();
    expect(copy.works[0]?.steps).toHaveLength(kinds.length);
    expect(copy.events[0]?.steps[0]?.filter).toEqual(filter);
  });
  it('keeps a changed name as typed, and fits the maximum length', () => {
    expect(saveAsCopy(job(), 'Outro nome').name).toBe('Urgentes');
    const long = { ...job(), name: 'x'.repeat(100) };
    const copied = saveAsCopy(long, 'x'.repeat(100)).name;
    expect(copied).toHaveLength(100);
    expect(copied.endsWith(' (Cópia)')).toBe(true);
    expect(jobSchema.safeParse(saveAsCopy(long, long.name)).success).toBe(true);
  });
});

describe('events beyond the spec (issue 33)', () => {
  it('keeps a tag only on a "tag gained" step', () => {
    const tagged = changeEventType(job(1), 0, 10).job;
    expect(at(at(tagged.events).steps).tagId).toBeNull();
    const withTag: Job = {
      ...tagged,
      events: [{ ...at(tagged.events), steps: [{ ...at(at(tagged.events).steps), tagId: 4 }] }],
    };
    expect(at(at(changeEventType(withTag, 0, 10).job.events).steps).tagId).toBe(4);
    expect(at(at(changeEventType(withTag, 0, 8).job.events).steps).tagId).toBeNull();
  });
});

describe('run on existing records (000 §4)', () => {
  it('offered on the first save when the first event is not a delete', () => {
    expect(offersRunOnExisting(job(1), true)).toBe(true);
    expect(offersRunOnExisting(job(5), true)).toBe(true);
    expect(offersRunOnExisting(job(3), true)).toBe(false);
    // Events that only a moment fires (issue 33): nothing to run over existing records.
    for (const t of [8, 9, 10] as const) expect(offersRunOnExisting(job(t), true)).toBe(false);
    expect(offersRunOnExisting(job(1), false)).toBe(false);
    expect(offersRunOnExisting(job(null), true)).toBe(false);
    expect(m.runOnExisting).toBe('Executar esta automação para os registro existentes?');
  });
});

describe('a new job', () => {
  it('starts with one blank event step and one blank action step, which the schema takes as is', () => {
    const j = emptyJob();
    expect(jobSchema.parse(j)).toEqual(j);
    expect(eventsComplete(j)).toBe(false);
    expect(offersRunOnExisting(j, true)).toBe(false);
  });
});
