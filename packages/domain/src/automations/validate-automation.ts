import {
  BY_FILTER_KINDS,
  DIALOG_KINDS,
  EVENT_TYPE,
  INTEGRATION_ACTION_KINDS,
  MAX_URL_CHARS,
  SET_ATTRIBUTE_VALUE_TYPE,
  SET_VALUE_KINDS,
  TAG_KINDS,
  isActionKind,
  type DialogConfig,
  type EmailConfig,
  type EventStep,
  type HttpRequestConfig,
  type Job,
  type NotificationConfig,
  type SetValueConfig,
  type TagConfig,
  type WorkStep,
} from '../contracts/jobs.ts';
import { isValidEmail } from '../fields/email.ts';
import { parseScheduleCron } from '../fields/schedule.ts';
import { valueShapeOf } from '../filters/filter-rule-shape.ts';
import { OPERATORS, type FilterNode, type Operator } from '../filters/filter-tree.ts';
import { automationMessages as m } from './messages.ts';

/**
 * Automation validation (spec 000 §5), one function for the editor and the server. Pure: the
 * server adds what needs the database (the filter against the subject's attributes, the tags,
 * notifications and accounts named) through `checkFilter` and its own lookups.
 */

/** One problem: where (dotted path from the job, like the API's error `field`) and what. */
export interface JobProblem {
  path: string;
  message: string;
}

export interface ValidateJobOptions {
  /**
   * HttpRequest steps are "always valid" in the editor (000 §5); the server still refuses a URL that
   * is not http(s) so nothing else is ever fetched. Default true; the editor may pass false.
   */
  httpUrlRequired?: boolean;
  /**
   * A further check of a complete filter against its subject (the server compiles it against the
   * subject's attributes); a message when it does not fit.
   */
  checkFilter?: (filter: FilterNode, subjectId: number) => string | undefined;
  /**
   * The integration kinds (000 §3) this installation runs (a handler registered in the server's
   * action registry; `GET /api/job/actions`). When given, a step of any other integration kind is
   * refused with `integrationUnavailable`; the spec describes none of them, so none runs by default.
   */
  integrationKinds?: readonly string[];
}

const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (typeof v === 'number' && Number.isNaN(v)) ||
  (Array.isArray(v) && v.length === 0);

const isOperator = (op: unknown): op is Operator => (OPERATORS as readonly unknown[]).includes(op);

/**
 * 000 §5: "A filter is valid when every node, attribute, operator and value has an id". Here: every
 * group has a condition (E / OU) and, below the root, at least one rule; every rule an attribute,
 * a known operator and the value(s) that operator takes. An empty root group is a valid filter: it
 * matches every record of the subject. Which attributes and operators fit the subject is the
 * server's check (`checkFilter`).
 */
export function isFilterComplete(filter: FilterNode | null | undefined): boolean {
  if (!filter) return false;
  const stack: { node: unknown; root: boolean }[] = [{ node: filter, root: true }];
  while (stack.length > 0) {
    const { node, root } = stack.pop() as { node: unknown; root: boolean };
    if (node === null || typeof node !== 'object') return false;
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.rules)) {
      if (n.condition !== 'E' && n.condition !== 'OU') return false;
      if (n.rules.length === 0 && !root) return false;
      for (const child of n.rules as unknown[]) stack.push({ node: child, root: false });
      continue;
    }
    if (isBlank(n.attribute) || !isOperator(n.operator)) return false;
    const v = n.value;
    switch (valueShapeOf(n.operator)) {
      case 'none':
        break;
      case 'two':
        if (!Array.isArray(v) || v.length !== 2 || v.some(isBlank)) return false;
        break;
      case 'list':
        if (!Array.isArray(v) || v.length === 0 || v.some(isBlank)) return false;
        break;
      default:
        if (isBlank(v)) return false;
    }
  }
  return true;
}

/** Whether a cron string is one the schedule editor writes (7 fields, 002 §3; schedule.ts). */
export function isValidJobCron(cron: string | null | undefined): boolean {
  return typeof cron === 'string' && parseScheduleCron(cron) !== undefined;
}

/** `to` cut at ';', trimmed, blanks dropped (000 §3). */
export function splitRecipients(to: string): string[] {
  return to
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Recipients as stored: joined by ';', blanks dropped. */
export function joinRecipients(to: string | readonly string[]): string {
  return splitRecipients(typeof to === 'string' ? to : to.join(';')).join(';');
}

const HTTP_URL =
  /^https?:\/\/(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\u00A1-\uFFFF](?:[A-Za-z0-9\u00A1-\uFFFF.-]*[A-Za-z0-9\u00A1-\uFFFF])?)(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/**
 * Whether a URL is an absolute http(s) URL with a host and no user information (syntax only; the
 * outbound client checks where it really goes). `http://good.test@evil.test` is refused.
 */
export function isHttpUrl(url: string): boolean {
  const u = url.trim();
  return u.length <= MAX_URL_CHARS && HTTP_URL.test(u);
}

function filterProblems(
  prefix: string,
  subjectId: number | null | undefined,
  filter: FilterNode | null,
  options: ValidateJobOptions,
): JobProblem[] {
  if (!subjectId) return [{ path: `${prefix}subjectId`, message: m.subjectRequired }];
  if (!filter) return [{ path: `${prefix}filter`, message: m.filterRequired }];
  if (!isFilterComplete(filter)) return [{ path: `${prefix}filter`, message: m.filterIncomplete }];
  const fit = options.checkFilter?.(filter, subjectId);
  return fit ? [{ path: `${prefix}filter`, message: fit }] : [];
}

/** Problems of one event step; paths relative to the step ('' prefix) unless `prefix` is given. */
export function eventStepProblems(
  step: EventStep,
  options: ValidateJobOptions = {},
  prefix = '',
): JobProblem[] {
  const out: JobProblem[] = [];
  if (step.eventStepType === null) out.push({ path: `${prefix}eventStepType`, message: m.eventTypeRequired });
  if (step.filterName.trim() === '') out.push({ path: `${prefix}filterName`, message: m.filterNameRequired });
  out.push(...filterProblems(prefix, step.subjectId, step.filter, options));
  if (step.eventStepType === EVENT_TYPE.schedule) {
    if (!step.cron || step.cron.trim() === '') out.push({ path: `${prefix}cron`, message: m.cronRequired });
    else if (!isValidJobCron(step.cron)) out.push({ path: `${prefix}cron`, message: m.cronInvalid });
  }
  return out;
}

const includes = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

function setValueProblems(configs: SetValueConfig[], p: string): JobProblem[] {
  const out: JobProblem[] = [];
  configs.forEach((c, i) => {
    if (!c.subjectAttributeId || !c.subjectId)
      out.push({ path: `${p}configs.${i}.subjectAttributeId`, message: m.attributeRequired });
    const valueOptional =
      c.setAttributeValueType === SET_ATTRIBUTE_VALUE_TYPE.checked ||
      c.clearValue === true ||
      c.checked === true;
    if (!valueOptional && isBlank(c.value))
      out.push({ path: `${p}configs.${i}.value`, message: m.valueRequired });
  });
  return out;
}

function emailProblems(configs: EmailConfig[], p: string): JobProblem[] {
  const out: JobProblem[] = [];
  configs.forEach((c, i) => {
    if (c.subject.trim() === '')
      out.push({ path: `${p}configs.${i}.subject`, message: m.emailSubjectRequired });
    const recipients = splitRecipients(c.to);
    if (recipients.length === 0 && !c.sendToCreatedBy)
      out.push({ path: `${p}configs.${i}.to`, message: m.emailRecipientsRequired });
    for (const address of recipients)
      if (!isValidEmail(address)) {
        out.push({ path: `${p}configs.${i}.to`, message: m.emailRecipientInvalid(address) });
        break;
      }
  });
  return out;
}

function notificationProblems(configs: NotificationConfig[], p: string): JobProblem[] {
  const out: JobProblem[] = [];
  configs.forEach((c, i) => {
    if (!c.notificationId)
      out.push({ path: `${p}configs.${i}.notificationId`, message: m.notificationRequired });
    if (c.receivers.some((r) => isBlank(r.receiverId) || isBlank(r.receiverType)))
      out.push({ path: `${p}configs.${i}.receivers`, message: m.receiverIncomplete });
  });
  return out;
}

function dialogProblems(configs: DialogConfig[], p: string): JobProblem[] {
  const out: JobProblem[] = [];
  configs.forEach((c, i) => {
    if (c.value.trim() === '') out.push({ path: `${p}configs.${i}.value`, message: m.dialogValueRequired });
    if (c.accountIds.length === 0)
      out.push({ path: `${p}configs.${i}.accountIds`, message: m.dialogAccountsRequired });
  });
  return out;
}

/**
 * Problems of one action step (000 §5). Every kind that takes configurations needs at least one;
 * by-filter kinds also a subject and a complete filter; HttpRequest (server) an http(s) URL;
 * ExecuteParentJob is always valid, and so are the five integration kinds (000 §5) where they run
 * (`options.integrationKinds`).
 */
export function workStepProblems(
  step: WorkStep,
  options: ValidateJobOptions = {},
  prefix = '',
): JobProblem[] {
  const kind = step.workStepType;
  if (kind === '') return [{ path: `${prefix}workStepType`, message: m.actionRequired }];
  if (!isActionKind(kind)) return [{ path: `${prefix}workStepType`, message: m.actionUnknown }];
  if (includes(INTEGRATION_ACTION_KINDS, kind))
    return options.integrationKinds && !options.integrationKinds.includes(kind)
      ? [{ path: `${prefix}workStepType`, message: m.integrationUnavailable }]
      : [];
  if (kind === 'ExecuteParentJob') return [];
  if (kind === 'HttpRequest') {
    if (options.httpUrlRequired === false) return [];
    const configs = step.configs as HttpRequestConfig[];
    if (configs.length === 0) return [{ path: `${prefix}configs`, message: m.httpUrlInvalid }];
    const bad = configs.findIndex((c) => !isHttpUrl(c.url));
    return bad < 0 ? [] : [{ path: `${prefix}configs.${bad}.url`, message: m.httpUrlInvalid }];
  }
  const out: JobProblem[] = [];
  if (step.configs.length === 0) out.push({ path: `${prefix}configs`, message: m.configsRequired });
  if (includes(BY_FILTER_KINDS, kind))
    out.push(...filterProblems(prefix, step.subjectId, step.filter, options));
  if (includes(SET_VALUE_KINDS, kind))
    out.push(...setValueProblems(step.configs as SetValueConfig[], prefix));
  else if (includes(TAG_KINDS, kind))
    (step.configs as TagConfig[]).forEach((c, i) => {
      if (!c.tagId) out.push({ path: `${prefix}configs.${i}.tagId`, message: m.tagRequired });
    });
  else if (kind === 'SendEmail') out.push(...emailProblems(step.configs as EmailConfig[], prefix));
  else if (kind === 'Notification')
    out.push(...notificationProblems(step.configs as NotificationConfig[], prefix));
  else if (includes(DIALOG_KINDS, kind)) out.push(...dialogProblems(step.configs as DialogConfig[], prefix));
  return out;
}

/** Whether a step may leave edit mode; else the editor says `automationMessages.invalidStep`. */
export const isEventStepValid = (step: EventStep, options?: ValidateJobOptions): boolean =>
  eventStepProblems(step, options).length === 0;
export const isWorkStepValid = (step: WorkStep, options?: ValidateJobOptions): boolean =>
  workStepProblems(step, options).length === 0;

/**
 * Every problem of a job (000 §5): a title; at least one event step and one action step; each step
 * valid. Empty when the job may be saved.
 */
/**
 * The steps of integration kinds that no handler runs here (issue 35): the server refuses such a
 * job with 422, the editor shows the same text on the step.
 */
export function unavailableIntegrationSteps(job: Job, integrationKinds: readonly string[]): JobProblem[] {
  const out: JobProblem[] = [];
  job.works.forEach((w, i) =>
    w.steps.forEach((s, j) => {
      if (includes(INTEGRATION_ACTION_KINDS, s.workStepType) && !integrationKinds.includes(s.workStepType))
        out.push({ path: `works.${i}.steps.${j}.workStepType`, message: m.integrationUnavailable });
    }),
  );
  return out;
}

export function validateJob(job: Job, options: ValidateJobOptions = {}): JobProblem[] {
  const out: JobProblem[] = [];
  if (job.name.trim() === '') out.push({ path: 'name', message: m.titleRequired });
  if (!job.events.some((e) => e.steps.length > 0)) out.push({ path: 'events', message: m.eventsRequired });
  if (!job.works.some((w) => w.steps.length > 0)) out.push({ path: 'works', message: m.worksRequired });
  job.events.forEach((e, i) =>
    e.steps.forEach((s, j) => out.push(...eventStepProblems(s, options, `events.${i}.steps.${j}.`))),
  );
  job.works.forEach((w, i) =>
    w.steps.forEach((s, j) => out.push(...workStepProblems(s, options, `works.${i}.steps.${j}.`))),
  );
  return out;
}
