import { taskMessages } from '@talkbase/domain/tasks/task-messages';
import { checkTaskEstimate, TASK_ATTRIBUTES, TASK_SUBJECT } from '@talkbase/domain/tasks/task-rules';
import { badRequest, unprocessable, type ErrorItem } from '../../http/errors.ts';
import type { AttributeMeta } from '../../records/subject-meta.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { fromDbValue, toDbValue } from '../../records/record-values.ts';
import * as talkRepo from '../../records/records.repository.ts';
import type { TalkWriteRuleInput, TalkWriteRules } from '../records/write-rules.ts';
import { taskStatusCatalog } from './task-status.ts';

/** A value as the API answers it; an invalid one as sent (the talks service names its error). */
function canonical(a: AttributeMeta, raw: unknown): unknown {
  if (raw === undefined || raw === '' || a.isMultipleValues) return raw ?? null;
  const c = toDbValue(a, raw, a.identifier);
  return c.ok ? fromDbValue(a, c.value) : raw;
}

// Both sides are canonical (task-write-rule's `canonical`, the stored value's `fromDbValue`).
const same = (a: unknown, b: unknown): boolean => {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : JSON.stringify(v));
  return norm(a) === norm(b);
};

/**
 * The tasks' rules on every create and update of a `tarefa`, single or batch, whoever edits it
 * (form, grid cell, integration): the status moves only through the task calls and the total
 * duration is the server's count (422); a new task starts 'Aguardando Execução'; the estimate
 * fits between the forecasts (400, 'A duração não pode ser maior…').
 */
export function registerTaskRules(rules: TalkWriteRules, deps: { subjects: SubjectCatalogue }): void {
  rules.register(TASK_SUBJECT, (input) => checkTaskWrite(deps.subjects, input));
}

async function checkTaskWrite(
  subjects: SubjectCatalogue,
  { subject, talkId, values, rows, db }: TalkWriteRuleInput,
): Promise<Map<number, unknown>> {
  const out = new Map(values);
  const attribute = (identifier: string) => subject.attributes.find((a) => a.identifier === identifier);
  let row: Record<string, unknown> | undefined;
  if (talkId !== undefined) {
    row = await talkRepo.findTalk(db, subject, talkId, rows);
    // A record the account cannot see is answered 404 by the update itself.
    if (!row) return out;
  }
  const stored = (a: AttributeMeta) =>
    row && hasColumn(a) ? fromDbValue(a, row[attributeColumn(a.id)]) : null;
  const value = (identifier: string): unknown => {
    const a = attribute(identifier);
    if (!a) return null;
    return values.has(a.id) ? canonical(a, values.get(a.id)) : stored(a);
  };

  const errors: ErrorItem[] = [];
  const statuses = await taskStatusCatalog(db, subjects, subject);
  const status = statuses.attribute;
  if (status && values.has(status.id)) {
    const sent = canonical(status, values.get(status.id));
    const allowed = row ? same(sent, stored(status)) : sent === null || statuses.stateOf(sent) === 'waiting';
    if (!allowed) errors.push({ message: taskMessages.statusChangedByActions, field: status.identifier });
  }
  const total = attribute(TASK_ATTRIBUTES.total);
  if (total && values.has(total.id) && !same(canonical(total, values.get(total.id)), stored(total)))
    errors.push({ message: taskMessages.totalByServer, field: total.identifier });
  if (errors.length) throw unprocessable(errors);

  const estimate = checkTaskEstimate({
    forecastStart: value(TASK_ATTRIBUTES.forecastStart),
    forecastEnd: value(TASK_ATTRIBUTES.forecastEnd),
    estimate: value(TASK_ATTRIBUTES.estimate),
  });
  if (estimate.length) throw badRequest(estimate.map((e) => ({ message: e.message, field: e.field })));

  if (!row && status) {
    const waiting = statuses.valueOf('waiting');
    if (waiting !== undefined) out.set(status.id, waiting);
  }
  return out;
}
