import { describe, expect, it } from 'vitest';
import { jobSchema, type Job } from '../contracts/jobs.ts';
import { automationMessages as m } from './messages.ts';
import {
  isFilterComplete,
  joinRecipients,
  splitRecipients,
  unavailableIntegrationSteps,
  validateJob,
} from './validate-automation.ts';

const filter = { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: 'Alta' }] };
const event = { name: 'Quando', steps: [{ eventStepType: 5, subjectId: 1, filterName: 'Alta', filter }] };

/** A valid job with the given action steps (or the default tag step). */
function job(steps: unknown[] = [{ workStepType: 'SetTalkTag', configs: [{ tagId: 1 }] }], extra = {}): Job {
  return jobSchema.parse({ name: 'Urgentes', events: [event], works: [{ name: 'Então', steps }], ...extra });
}
const messagesOf = (j: Job) => validateJob(j).map((p) => p.message);
const problemsOfStep = (step: unknown) => validateJob(job([step]));

describe('validateJob (000 §5)', () => {
  it('a complete job has no problems', () => {
    expect(validateJob(job())).toEqual([]);
  });

  it('title required', () => {
    expect(validateJob(job(undefined, { name: '  ' }))).toEqual([{ path: 'name', message: m.titleRequired }]);
  });

  it('at least one event step and one action step', () => {
    const j = jobSchema.parse({ name: 'x', events: [], works: [{ steps: [] }] });
    expect(messagesOf(j)).toEqual([m.eventsRequired, m.worksRequired]);
  });

  it('each event step needs type, filter name, subject and filter', () => {
    const j = jobSchema.parse({ name: 'x', events: [{ steps: [{}] }], works: job().works });
    expect(validateJob(j)).toEqual([
      { path: 'events.0.steps.0.eventStepType', message: m.eventTypeRequired },
      { path: 'events.0.steps.0.filterName', message: m.filterNameRequired },
      { path: 'events.0.steps.0.subjectId', message: m.subjectRequired },
    ]);
    const noFilter = jobSchema.parse({
      name: 'x',
      events: [{ steps: [{ eventStepType: 1, subjectId: 1, filterName: 'f' }] }],
      works: job().works,
    });
    expect(validateJob(noFilter)).toEqual([{ path: 'events.0.steps.0.filter', message: m.filterRequired }]);
  });

  it('a filter is valid when every rule has attribute, operator and value', () => {
    expect(isFilterComplete({ condition: 'E', rules: [] })).toBe(true); // root: every record
    expect(isFilterComplete({ condition: 'E', rules: [{ condition: 'OU', rules: [] }] })).toBe(false);
    expect(
      isFilterComplete({ condition: 'E', rules: [{ attribute: 'a', operator: 'equal', value: '' }] }),
    ).toBe(false);
    expect(isFilterComplete({ condition: 'E', rules: [{ attribute: 'a', operator: 'is_empty' }] })).toBe(
      true,
    );
    expect(
      isFilterComplete({ condition: 'E', rules: [{ attribute: 'a', operator: 'between', value: [1] }] }),
    ).toBe(false);
    expect(
      isFilterComplete({ condition: 'E', rules: [{ attribute: 'a', operator: 'in', value: [1, 2] }] }),
    ).toBe(true);
    const incomplete = {
      ...event,
      steps: [
        { ...event.steps[0], filter: { condition: 'E', rules: [{ attribute: 'a', operator: 'equal' }] } },
      ],
    };
    expect(validateJob(jobSchema.parse({ name: 'x', events: [incomplete], works: job().works }))).toEqual([
      { path: 'events.0.steps.0.filter', message: m.filterIncomplete },
    ]);
  });

  it('checkFilter lets the server refuse a filter that does not fit the subject', () => {
    const problems = validateJob(job(), {
      checkFilter: (_f, subjectId) => (subjectId === 1 ? 'Atributo desconhecido.' : undefined),
    });
    expect(problems).toEqual([{ path: 'events.0.steps.0.filter', message: 'Atributo desconhecido.' }]);
  });

  it('a schedule needs a valid 7-field cron and a filter', () => {
    const sched = (cron?: string) =>
      jobSchema.parse({
        name: 'x',
        events: [{ steps: [{ eventStepType: 4, subjectId: 1, filterName: 'f', filter, cron }] }],
        works: job().works,
      });
    expect(messagesOf(sched())).toEqual([m.cronRequired]);
    expect(messagesOf(sched('every day'))).toEqual([m.cronInvalid]);
    expect(messagesOf(sched('0 30 8 ? * 2,4,6 *'))).toEqual([]);
    expect(messagesOf(sched('0 0/15 * 1,15 * ? *'))).toEqual([]);
  });

  describe('set value and new talk', () => {
    for (const kind of ['NewTalk', 'SetTalkValueByEvent']) {
      it(`${kind}: at least one configuration, each with attribute, subject and a value`, () => {
        expect(problemsOfStep({ workStepType: kind, configs: [] })).toEqual([
          { path: 'works.0.steps.0.configs', message: m.configsRequired },
        ]);
        expect(problemsOfStep({ workStepType: kind, configs: [{ value: 'x' }] })).toEqual([
          { path: 'works.0.steps.0.configs.0.subjectAttributeId', message: m.attributeRequired },
        ]);
        expect(
          problemsOfStep({ workStepType: kind, configs: [{ subjectAttributeId: 2, subjectId: 1 }] }),
        ).toEqual([{ path: 'works.0.steps.0.configs.0.value', message: m.valueRequired }]);
        const ok = { subjectAttributeId: 2, subjectId: 1 };
        expect(problemsOfStep({ workStepType: kind, configs: [{ ...ok, value: 'Alta' }] })).toEqual([]);
        expect(
          problemsOfStep({ workStepType: kind, configs: [{ ...ok, setAttributeValueType: 2 }] }),
        ).toEqual([]);
        expect(problemsOfStep({ workStepType: kind, configs: [{ ...ok, clearValue: true }] })).toEqual([]);
        expect(problemsOfStep({ workStepType: kind, configs: [{ ...ok, checked: true }] })).toEqual([]);
        expect(problemsOfStep({ workStepType: kind, configs: [{ ...ok, value: [] }] })).toHaveLength(1);
      });
    }
    it('SetTalkValueByFilter also needs a filter', () => {
      const configs = [{ subjectAttributeId: 2, subjectId: 1, value: 'x' }];
      expect(problemsOfStep({ workStepType: 'SetTalkValueByFilter', configs })).toEqual([
        { path: 'works.0.steps.0.subjectId', message: m.subjectRequired },
      ]);
      expect(problemsOfStep({ workStepType: 'SetTalkValueByFilter', subjectId: 1, configs })).toEqual([
        { path: 'works.0.steps.0.filter', message: m.filterRequired },
      ]);
      expect(problemsOfStep({ workStepType: 'SetTalkValueByFilter', subjectId: 1, filter, configs })).toEqual(
        [],
      );
    });
  });

  it('set/remove tag needs tagId on every configuration', () => {
    for (const kind of ['SetTalkTag', 'RemoveTalkTag']) {
      expect(problemsOfStep({ workStepType: kind, configs: [{ tagId: 1 }, {}] })).toEqual([
        { path: 'works.0.steps.0.configs.1.tagId', message: m.tagRequired },
      ]);
      expect(problemsOfStep({ workStepType: kind, configs: [] })).toEqual([
        { path: 'works.0.steps.0.configs', message: m.configsRequired },
      ]);
    }
  });

  describe('send e-mail', () => {
    const mail = (c: object) => problemsOfStep({ workStepType: 'SendEmail', configs: [c] });
    it('needs a configuration and a subject', () => {
      expect(problemsOfStep({ workStepType: 'SendEmail', configs: [] }).map((p) => p.message)).toEqual([
        m.configsRequired,
      ]);
      expect(mail({ to: 'a@b.co' })).toEqual([
        { path: 'works.0.steps.0.configs.0.subject', message: m.emailSubjectRequired },
      ]);
    });
    it('recipients must be addresses; blanks dropped; none only with send-to-creator', () => {
      expect(mail({ subject: 's', to: ' a@b.co ;; c@d.com.br ; ' })).toEqual([]);
      expect(mail({ subject: 's', to: 'a@b.co;nope' })).toEqual([
        { path: 'works.0.steps.0.configs.0.to', message: m.emailRecipientInvalid('nope') },
      ]);
      expect(mail({ subject: 's', to: ' ; ' })).toEqual([
        { path: 'works.0.steps.0.configs.0.to', message: m.emailRecipientsRequired },
      ]);
      expect(mail({ subject: 's', to: '', sendToCreatedBy: true })).toEqual([]);
    });
    it('joins recipients by ; with blanks dropped', () => {
      expect(splitRecipients(' a@b.co ;;c@d.co; ')).toEqual(['a@b.co', 'c@d.co']);
      expect(joinRecipients(['a@b.co', ' ', 'c@d.co '])).toBe('a@b.co;c@d.co');
    });
  });

  it('notification needs notificationId and each receiver an id and a type', () => {
    const n = (c: object) => problemsOfStep({ workStepType: 'Notification', configs: [c] });
    expect(n({ receivers: [] })).toEqual([
      { path: 'works.0.steps.0.configs.0.notificationId', message: m.notificationRequired },
    ]);
    expect(
      n({ notificationId: 3, receivers: [{ receiverId: 4, receiverType: 1 }, { receiverId: 5 }] }),
    ).toEqual([{ path: 'works.0.steps.0.configs.0.receivers', message: m.receiverIncomplete }]);
    expect(n({ notificationId: 3, receivers: [{ receiverId: 4, receiverType: 1 }] })).toEqual([]);
  });

  it('set dialog needs a value and accountIds; by filter also a filter', () => {
    expect(problemsOfStep({ workStepType: 'SetTalkDialog', configs: [{}] }).map((p) => p.message)).toEqual([
      m.dialogValueRequired,
      m.dialogAccountsRequired,
    ]);
    const ok = { value: 'Olá', accountIds: [1] };
    expect(problemsOfStep({ workStepType: 'SetTalkDialog', configs: [ok] })).toEqual([]);
    expect(
      problemsOfStep({ workStepType: 'SetTalkDialogByFilter', configs: [ok] }).map((p) => p.message),
    ).toEqual([m.subjectRequired]);
    expect(
      problemsOfStep({ workStepType: 'SetTalkDialogByFilter', subjectId: 1, filter, configs: [ok] }),
    ).toEqual([]);
  });

  it('integration kinds and ExecuteParentJob are always valid', () => {
    for (const kind of [
      'SitaIntegration',
      'ComprovanteCarregamento',
      'ComprovanteAverbacao',
      'ExtratoDesova',
      'ExtratoAvaria',
      'ExecuteParentJob',
    ])
      expect(problemsOfStep({ workStepType: kind, configs: [] })).toEqual([]);
  });

  it('an integration kind without a handler here is unavailable (issue 35)', () => {
    const j = job([
      { workStepType: 'SetTalkTag', configs: [{ tagId: 1 }] },
      { workStepType: 'ExtratoAvaria', configs: [] },
      { workStepType: 'SitaIntegration', configs: [] },
    ]);
    const unavailable = { path: 'works.0.steps.2.workStepType', message: m.integrationUnavailable };
    expect(m.integrationUnavailable).toBe('Esta ação de integração não está disponível nesta instalação.');
    expect(validateJob(j, { integrationKinds: ['ExtratoAvaria'] })).toEqual([unavailable]);
    expect(unavailableIntegrationSteps(j, ['ExtratoAvaria'])).toEqual([unavailable]);
    expect(unavailableIntegrationSteps(j, [])).toEqual([
      { path: 'works.0.steps.1.workStepType', message: m.integrationUnavailable },
      unavailable,
    ]);
    expect(unavailableIntegrationSteps(j, ['ExtratoAvaria', 'SitaIntegration'])).toEqual([]);
  });

  it('HttpRequest: always valid in the editor, an http(s) URL on the server', () => {
    const step = (url: string) => job([{ workStepType: 'HttpRequest', configs: [{ url }] }]);
    expect(validateJob(step('javascript:alert(1)'), { httpUrlRequired: false })).toEqual([]);
    for (const url of [
      '',
      'ftp://x.com/a',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://',
      'nota url',
    ])
      expect(validateJob(step(url))).toEqual([
        { path: 'works.0.steps.0.configs.0.url', message: m.httpUrlInvalid },
      ]);
    for (const url of [
      'https://api.exemplo.com.br/hook?x=1',
      'http://127.0.0.1:8080/x',
      'http://[::1]/x',
      'https://h.test/${id}',
    ])
      expect(validateJob(step(url))).toEqual([]);
    expect(validateJob(job([{ workStepType: 'HttpRequest', configs: [] }])).map((p) => p.message)).toEqual([
      m.httpUrlInvalid,
    ]);
  });

  it('an action step without a kind', () => {
    expect(problemsOfStep({ workStepType: '' })).toEqual([
      { path: 'works.0.steps.0.workStepType', message: m.actionRequired },
    ]);
  });

  it('the spec messages are word for word', () => {
    expect(m.invalidStep).toBe('Preencha todos os dados corretamente antes de continuar!');
    expect(m.eventsIncomplete).toBe(
      'Complete as configurações dos eventos acima antes de configurar as ações',
    );
    expect(m.runOnExisting).toBe('Executar esta automação para os registro existentes?');
    expect(m.confirmDelete).toBe('Deseja realmente excluir esse item?');
  });
});
