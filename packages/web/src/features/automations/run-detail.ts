import { EVENT_TYPE_LABELS, type ActionKind } from '@talkbase/domain/contracts/jobs';
import {
  type DialogStepDetail,
  type EmailStepDetail,
  type HttpStepDetail,
  type JobRunTrigger,
  type NotificationStepDetail,
  type ParentJobStepDetail,
  type SetValueStepDetail,
  type TagStepDetail,
} from '@talkbase/domain/contracts/job-runs';
import { automationsText } from '../../i18n/automations.ts';
import { contextPath } from '../records/context-route.ts';
import { HISTORY_PATH } from './paths.ts';
import { DEFAULT_TIME_ZONE } from '@talkbase/domain/fields/zoned-time';

/**
 * How the run history reads a run (issue 33 item 5): its trigger and what each step did (the
 * step's `detail`, by action kind), as labelled lines; durations in pt-BR. Pure: RunHistoryPage
 * renders the lines.
 */

const text = automationsText.history;
const d = text.detail;

/** One line of a step's detail or a trigger: a label, a value, and where the value leads. */
export interface DetailLine {
  label: string;
  value: string;
  /** An address in the app (a record, a job's history). */
  to?: string;
}

// In the company's time zone, as every other date of the app (the browser's own zone may differ).
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: DEFAULT_TIME_ZONE,
});
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** A duration in pt-BR: '85 ms', '1,5 s', '2 min 5 s'. */
export function formatMs(ms: number): string {
  const v = Math.max(0, Math.round(ms));
  if (v < 1000) return `${v} ms`;
  if (v < 60_000) return `${(v / 1000).toFixed(1).replace('.', ',')} s`;
  return `${Math.floor(v / 60_000)} min ${Math.round((v % 60_000) / 1000)} s`;
}

/** How long a run took (or has taken so far); null before it started. */
export function runDuration(
  run: { startedAt: string | null; finishedAt: string | null },
  now = Date.now(),
): string | null {
  if (!run.startedAt) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return formatMs(end - Date.parse(run.startedAt));
}

/** The trigger's first line ('Evento: Edição de registro', 'Registros existentes'…). */
export function triggerText(trigger: JobRunTrigger): string {
  switch (trigger.kind) {
    case 'event':
      return text.triggers.event(EVENT_TYPE_LABELS[trigger.eventType]);
    case 'schedule':
      return trigger.slot ? text.triggers.scheduleAt(formatDateTime(trigger.slot)) : text.triggers.schedule;
    case 'existing':
      return text.triggers.existing;
    case 'parent':
      return trigger.parentJobName ? text.triggers.parentOf(trigger.parentJobName) : text.triggers.parent;
    case 'retry':
      return text.triggers.retry(trigger.fromRunId);
  }
}

/** What else the trigger tells: who, which fields, which tag or file, which run asked. */
export function triggerLines(trigger: JobRunTrigger): DetailLine[] {
  const out: DetailLine[] = [];
  if ((trigger.kind === 'event' || trigger.kind === 'existing') && trigger.accountName)
    out.push({ label: text.triggers.by(trigger.accountName), value: '' });
  if (trigger.kind === 'event') {
    if (trigger.changed?.length)
      out.push({ label: text.triggers.changed, value: trigger.changed.join(', ') });
    if (trigger.tagId) out.push({ label: text.triggers.tag, value: trigger.tagName ?? `#${trigger.tagId}` });
    if (trigger.fileName) out.push({ label: text.triggers.file, value: trigger.fileName });
    if (trigger.messageId) out.push({ label: text.triggers.message(trigger.messageId), value: '' });
  }
  if (trigger.kind === 'parent' && trigger.parentRunId)
    out.push({
      label: text.triggers.parentRun(trigger.parentRunId),
      value: '',
      ...(trigger.parentJobId ? { to: `${HISTORY_PATH}/${trigger.parentJobId}` } : {}),
    });
  return out;
}

const recordPath = (subject: string | null | undefined, talkId: number) =>
  subject ? contextPath('talk', subject, { talkId }) : undefined;

const withTo = (line: DetailLine, to: string | undefined): DetailLine => (to ? { ...line, to } : line);

const listText = (items: readonly (string | number)[], more = 0) =>
  [items.join(', '), more > 0 ? d.more(more) : ''].filter(Boolean).join(' ');

const recordsLine = (detail: { records?: number; talkIds?: number[] }): DetailLine[] =>
  detail.records === undefined
    ? []
    : [
        {
          label: d.records,
          value: d.recordsCount(
            detail.records,
            listText(
              listOf(detail.talkIds).map((id) => `#${id}`),
              detail.records - (detail.talkIds?.length ?? 0),
            ),
          ),
        },
      ];

/** A detail's list (an older or other server may leave one out). */
const listOf = <T>(items: readonly T[] | undefined): readonly T[] => items ?? [];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function setValueLines(detail: SetValueStepDetail): DetailLine[] {
  const out: DetailLine[] = listOf(detail.values).map((v) => ({
    label: v.attribute,
    value: v.value === '' ? d.empty : v.value,
  }));
  if (detail.createdTalkId)
    out.push(
      withTo(
        { label: d.createdRecord, value: `#${detail.createdTalkId}` },
        recordPath(detail.subject, detail.createdTalkId),
      ),
    );
  out.push(...recordsLine(detail));
  return out;
}

function tagLines(detail: TagStepDetail, removing: boolean): DetailLine[] {
  return listOf(detail.tags).map((t) => ({
    label: d.tag,
    value: `${t.name ?? `#${t.tagId}`} (${
      removing ? (t.changed ? d.tagRemoved : d.tagAbsent) : t.changed ? d.tagAdded : d.tagAlready
    })`,
  }));
}

function emailLines(detail: EmailStepDetail): DetailLine[] {
  return listOf(detail.emails).flatMap((e) => {
    if (e.skipped) return [{ label: d.notSent, value: d.noChanges }];
    const out: DetailLine[] = [
      { label: d.to, value: listText(e.to, e.more) },
      { label: d.subject, value: e.subject },
    ];
    if (e.attachments) out.push({ label: d.attachments, value: String(e.attachments) });
    if (e.alreadyDone) out.push({ label: d.alreadyDone, value: '' });
    return out;
  });
}

function httpLines(detail: HttpStepDetail): DetailLine[] {
  return listOf(detail.requests).flatMap((r) => {
    const out: DetailLine[] = [
      { label: d.request, value: `${r.method} ${r.url}` },
      { label: d.answer, value: r.status === null ? d.noAnswer : String(r.status) },
    ];
    if (r.alreadyDone) out.push({ label: d.alreadyDone, value: '' });
    return out;
  });
}

function notificationLines(detail: NotificationStepDetail): DetailLine[] {
  return listOf(detail.notifications).map((n) => ({
    label: d.notification,
    value: `${n.name ?? `#${n.notificationId}`} — ${d.recipients(n.recipients)}`,
  }));
}

function dialogLines(detail: DialogStepDetail): DetailLine[] {
  const out: DetailLine[] = listOf(detail.messages).flatMap((m) => [
    { label: d.message, value: m.text },
    { label: d.visibleTo, value: m.visibleTo ? d.accounts(m.visibleTo) : d.everyone },
  ]);
  out.push(...recordsLine(detail));
  return out;
}

function parentLines(detail: ParentJobStepDetail): DetailLine[] {
  return listOf(detail.calls).map((c) => {
    const name = c.jobName ?? `#${c.jobId}`;
    return c.talkId
      ? { label: d.parentJob, value: d.onRecord(name, c.talkId), to: `${HISTORY_PATH}/${c.jobId}` }
      : { label: d.parentJob, value: d.noParent(name) };
  });
}

/** Any other kind's detail (an integration): its plain values, key by key. */
function plainLines(detail: Record<string, unknown>): DetailLine[] {
  return Object.entries(detail)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => ({ label: k, value: String(v) }));
}

/** What a step did, line by line (nothing when it reported nothing). */
export function stepDetailLines(
  kind: ActionKind | null | undefined,
  detail: Record<string, unknown> | null | undefined,
): DetailLine[] {
  if (!isObject(detail)) return [];
  let lines: DetailLine[];
  switch (kind) {
    case 'NewTalk':
    case 'SetTalkValueByEvent':
    case 'SetTalkValueByFilter':
      lines = setValueLines(detail as SetValueStepDetail);
      break;
    case 'SetTalkTag':
    case 'RemoveTalkTag':
      lines = tagLines(detail as TagStepDetail, kind === 'RemoveTalkTag');
      break;
    case 'SendEmail':
      return emailLines(detail as EmailStepDetail);
    case 'HttpRequest':
      return httpLines(detail as HttpStepDetail);
    case 'Notification':
      lines = notificationLines(detail as NotificationStepDetail);
      break;
    case 'SetTalkDialog':
    case 'SetTalkDialogByFilter':
      lines = dialogLines(detail as DialogStepDetail);
      break;
    case 'ExecuteParentJob':
      lines = parentLines(detail as ParentJobStepDetail);
      break;
    default:
      lines = plainLines(detail);
  }
  if (detail.alreadyDone === true) lines.push({ label: d.alreadyDone, value: '' });
  return lines;
}

/** The record a run is about: its address in the app, when its subject is known. */
export function runRecordPath(run: { talkId: number | null; subject?: string | null | undefined }) {
  return run.talkId === null ? undefined : recordPath(run.subject, run.talkId);
}
