import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  TASK_STATES,
  TASK_STATUS_NAMES,
  taskStateOfStatus,
  type TaskState,
} from '@talkbase/domain/tasks/task-state';
import { TASK_ATTRIBUTES } from '@talkbase/domain/tasks/task-rules';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { displayNameOf } from '../records/record-presenter.ts';
import { lookupRows } from './tasks.repository.ts';

/**
 * How a company's task subject shows a state in its status attribute: a record of the status
 * lookup subject named after the state (the demo's `statustarefa`), or the name itself when the
 * attribute is text. The server writes it; people never do.
 */
export interface TaskStatusCatalog {
  attribute: AttributeMeta | undefined;
  /** The value to write for a state; undefined when the lookup has no record for it. */
  valueOf(state: TaskState): unknown;
  /** The state a stored value stands for. */
  stateOf(value: unknown): TaskState | undefined;
}

export async function taskStatusCatalog(
  db: Kysely<Database>,
  subjects: SubjectCatalogue,
  subject: SubjectMeta,
): Promise<TaskStatusCatalog> {
  const attribute = subject.attributes.find((a) => a.identifier === TASK_ATTRIBUTES.status);
  if (!attribute) return { attribute, valueOf: () => undefined, stateOf: () => undefined };
  if (attribute.kind !== 'reference' || !attribute.relatedSubjectId) {
    return {
      attribute,
      valueOf: (state) => TASK_STATUS_NAMES[state],
      stateOf: (value) => (typeof value === 'string' ? taskStateOfStatus(value) : undefined),
    };
  }
  const related = await subjects.loadById(subject.companyId, attribute.relatedSubjectId, db);
  const byId = new Map<number, TaskState>();
  const byState = new Map<TaskState, number>();
  for (const row of await lookupRows(db, related.id)) {
    const state = taskStateOfStatus(displayNameOf(related, row));
    const id = Number(row.id);
    if (!state) continue;
    byId.set(id, state);
    // The exact name wins over a synonym ('Pausada' over 'Pausado').
    const exact = displayNameOf(related, row) === TASK_STATUS_NAMES[state];
    if (!byState.has(state) || exact) byState.set(state, id);
  }
  return {
    attribute,
    valueOf: (state) => byState.get(state),
    stateOf: (value) => (typeof value === 'number' ? byId.get(value) : undefined),
  };
}

export const isTaskState = (v: unknown): v is TaskState =>
  typeof v === 'string' && (TASK_STATES as readonly string[]).includes(v);
