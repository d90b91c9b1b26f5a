import { describe, expect, it } from 'vitest';
import {
  ACTION_KINDS_IN_PICKER,
  INTEGRATION_ACTION_KINDS,
  configsOf,
  emptyConfig,
  jobListQuerySchema,
  jobSchema,
} from './jobs.ts';

const filter = { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: 'Alta' }] };

describe('job contract', () => {
  it('has the 11 picker kinds and the 5 integration kinds apart', () => {
    expect(ACTION_KINDS_IN_PICKER).toHaveLength(11);
    expect(INTEGRATION_ACTION_KINDS).toHaveLength(5);
    expect(
      ACTION_KINDS_IN_PICKER.some((k) => (INTEGRATION_ACTION_KINDS as readonly string[]).includes(k)),
    ).toBe(false);
  });

  it('parses a full job, configs by kind, and strips unknown keys', () => {
    const input = {
      name: 'Urgentes',
      hacker: true,
      events: [
        {
          name: 'e',
          steps: [{ eventStepType: 5, filterName: 'f', filter: JSON.stringify(filter), evil: 1 }],
        },
      ],
      works: [
        {
          name: 'w',
          steps: [
            { workStepType: 'SetTalkTag', configs: [{ tagId: 3, extra: 'x' }] },
            { workStepType: 'SendEmail', configs: [{ to: 'a@b.co', subject: 'Oi' }] },
          ],
        },
      ],
    } as unknown;
    const job = jobSchema.parse(input);
    expect(job).not.toHaveProperty('hacker');
    expect(job.events[0]?.steps[0]).toMatchObject({ eventStepType: 5, filterName: 'f', filter });
    expect(job.events[0]?.steps[0]).not.toHaveProperty('evil');
    const [tag, mail] = job.works[0]?.steps ?? [];
    if (!tag || !mail) throw new Error('steps missing');
    expect(configsOf(tag, 'SetTalkTag')).toEqual([{ tagId: 3 }]);
    expect(configsOf(mail, 'SendEmail')[0]).toMatchObject({
      to: 'a@b.co',
      subject: 'Oi',
      sendToCreatedBy: false,
      sendToRelated: { send: false, subjectId: null },
    });
  });

  it('holds drafts: no type, no filter, empty configs', () => {
    const job = jobSchema.parse({ events: [{ steps: [{}] }], works: [{ steps: [{ workStepType: '' }] }] });
    expect(job.events[0]?.steps[0]).toMatchObject({ eventStepType: null, filter: null, filterName: '' });
    expect(job.works[0]?.steps[0]?.configs).toEqual([]);
    expect(emptyConfig('HttpRequest')).toEqual({ method: 'POST', url: '', headers: [], body: '' });
  });

  it('reads event type 2 as the schedule (4)', () => {
    const job = jobSchema.parse({ events: [{ steps: [{ eventStepType: 2, cron: '0 0 8 ? * MON *' }] }] });
    expect(job.events[0]?.steps[0]?.eventStepType).toBe(4);
  });

  it('refuses garbage: unknown kinds and event types, oversized values, malformed filters', () => {
    expect(jobSchema.safeParse({ works: [{ steps: [{ workStepType: 'Eval' }] }] }).success).toBe(false);
    expect(jobSchema.safeParse({ events: [{ steps: [{ eventStepType: 13 }] }] }).success).toBe(false);
    expect(jobSchema.safeParse({ events: [{ steps: [{ eventStepType: 0 }] }] }).success).toBe(false);
    expect(jobSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(jobSchema.safeParse({ events: [{ steps: [{ filter: '{nope' }] }] }).success).toBe(false);
    const big = { workStepType: 'SetTalkValueByEvent', configs: [{ value: 'x'.repeat(100_001) }] };
    expect(jobSchema.safeParse({ works: [{ steps: [big] }] }).success).toBe(false);
    const bad = { workStepType: 'SetTalkTag', configs: [{ tagId: 'abc' }] };
    const r = jobSchema.safeParse({ works: [{ steps: [bad] }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['works', 0, 'steps', 0, 'configs', 0, 'tagId']);
  });

  it('accepts only the automation page sizes', () => {
    expect(jobListQuerySchema.parse({}).fetch).toBe(10);
    for (const n of [10, 25, 50, 100]) expect(jobListQuerySchema.parse({ fetch: String(n) }).fetch).toBe(n);
    for (const n of [0, 5, 200, 500]) expect(jobListQuerySchema.safeParse({ fetch: n }).success).toBe(false);
  });
});
