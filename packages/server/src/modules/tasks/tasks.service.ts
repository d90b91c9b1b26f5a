import { appendEvent, type EventStream } from '../../events/event-stream.ts';
import type { Kysely } from 'kysely';
import type {
  ApiTask,
  TaskActionAnswer,
  TaskCreateAnswer,
  TaskInfo,
  TaskInProgressAnswer,
  TaskPage,
} from '@talkbase/domain/contracts/tasks';
import type { TalkFilter, TalkWrite } from '@talkbase/domain/contracts/talks';
import { formatDuration, parseDuration } from '@talkbase/domain/fields/time';
import { taskMessages } from '@talkbase/domain/tasks/task-messages';
import {
  missingDelayReasons,
  missingEstimates,
  TASK_ATTRIBUTES,
  TASK_SUBJECT,
  taskDelay,
  type TaskRuleError,
  type TaskValues,
} from '@talkbase/domain/tasks/task-rules';
import {
  allowedTaskActions,
  nextTaskState,
  TASK_STATUS_NAMES,
  type TaskAction,
  type TaskState,
} from '@talkbase/domain/tasks/task-state';
import { workedMs } from '@talkbase/domain/tasks/task-timer';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound, type ErrorItem } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import type { ApiTalk } from '../records/record-presenter.ts';
import type { TalkQueryService } from '../records/record-query.service.ts';
import { talkMessages, type TalksService } from '../records/records.service.ts';
import { taskStatusCatalog, type TaskStatusCatalog } from './task-status.ts';
import * as repo from './tasks.repository.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import { fromDbValue } from '../../records/record-values.ts';
import * as talkRepo from '../../records/records.repository.ts';

const staleRun = 'A tarefa foi alterada por outra pessoa neste instante. Recarregue-a e tente novamente.';

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const valueOf = (talk: ApiTalk, identifier: string): unknown =>
  talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value ?? null;

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function taskValuesOf(get: (identifier: string) => unknown): TaskValues {
  return {
    forecastStart: get(TASK_ATTRIBUTES.forecastStart),
    forecastEnd: get(TASK_ATTRIBUTES.forecastEnd),
    estimate: get(TASK_ATTRIBUTES.estimate),
    deadlineReason: get(TASK_ATTRIBUTES.deadlineReason),
    estimateReason: get(TASK_ATTRIBUTES.estimateReason),
  };
}

type Stored = (identifier: string) => unknown;

/**
 * A task's values as stored, whatever attributes the account may read: the rules (estimates,
 * delays, state) judge the record, not the account's view of it.
 */
function storedValues(subject: SubjectMeta, row: Record<string, unknown>): Stored {
  return (identifier) => {
    const a = subject.attributes.find((x) => x.identifier === identifier);
    return a && hasColumn(a) ? fromDbValue(a, row[attributeColumn(a.id)]) : null;
  };
}

const ruleErrors = (errors: readonly TaskRuleError[]): ErrorItem[] =>
  errors.map((e) => ({ message: e.message, field: e.field }));

/**
 * Tasks (spec 002 §4, §7, §8): records of the `tarefa` subject with a work timer. Starts, pauses
 * and finishes are events counted by the server (`duracaototal`); an account runs one task at a
 * time; starting needs the estimates and finishing late the delay reasons. Edits of a task go
 * through the talks service with the task rules (task-write-rule.ts): no edit sets its status or total. Reading and acting
 * take the room's read and update permissions on the subject, through the talks service.
 */
export class TasksService {
  /** The clock of starts, pauses and finishes (epoch ms); tests move it instead of waiting. */
  now: () => number = () => Date.now();

  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly talks: TalksService;
  private readonly query: TalkQueryService;

  private readonly events: EventStream;

  constructor(deps: {
    db: Db;
    subjects: SubjectCatalogue;
    talks: TalksService;
    query: TalkQueryService;
    events: EventStream;
  }) {
    this.db = deps.db;
    this.events = deps.events;
    this.subjects = deps.subjects;
    this.talks = deps.talks;
    this.query = deps.query;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /** GET /talk/tarefa/{id}: the task with its timer. */
  async get(auth: AuthContext, talkId: number): Promise<ApiTask> {
    const talk = await this.talks.get(auth, TASK_SUBJECT, talkId);
    const { subject, rows } = await this.talks.access(auth, TASK_SUBJECT, 'read');
    const row = await talkRepo.findTalk(this.k, subject, talkId, rows);
    if (!row) throw notFound(talkMessages.talkNotFound);
    const statuses = await taskStatusCatalog(this.k, this.subjects, subject);
    const run = await repo.findRun(this.k, subject.id, talkId);
    return { ...talk, task: this.info(talk, storedValues(subject, row), run, statuses, this.now()) };
  }

  /**
   * GET /Talk/Task/InProgress: the account's running task, or null — also when the account may
   * not read tasks, or no longer sees the one it ran (nothing about it is told).
   */
  async inProgress(auth: AuthContext): Promise<TaskInProgressAnswer> {
    const running = await repo.runningTaskOf(this.k, auth.companyId, auth.accountId);
    if (!running) return { message: null };
    try {
      const { subject } = await this.talks.access(auth, TASK_SUBJECT, 'read');
      if (subject.id !== running.subjectId) return { message: null };
      const task = await this.get(auth, running.talkId);
      return { message: task.task };
    } catch (err) {
      // Not readable, or closed behind the certificate gate: the top bar simply shows no task.
      if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403))
        return { message: null };
      throw err;
    }
  }

  /** POST /talk/filter/tarefa/: the records filter, answered as `items` (002 §7) and `itens`. */
  async filter(auth: AuthContext, body: TalkFilter): Promise<TaskPage> {
    const page = await this.query.filter(auth, TASK_SUBJECT, body);
    return { ...page, items: page.itens };
  }

  /** POST /talk/tarefa: a new task, waiting; with `start`, started at once (insert and start). */
  async create(
    auth: AuthContext,
    body: TalkWrite & { start?: boolean | undefined },
  ): Promise<TaskCreateAnswer> {
    // The task rules (task-write-rule.ts) run inside the talks service's create.
    const { start: _start, ...write } = body;
    const { resourceId } = await this.talks.create(auth, TASK_SUBJECT, write);
    if (!body.start) return { resourceId, message: taskMessages.inserted(resourceId) };
    try {
      const started = await this.act(auth, resourceId, 'start');
      return {
        resourceId,
        started: true,
        message: taskMessages.insertedAndStarted(resourceId),
        task: started.task,
      };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return {
        resourceId,
        started: false,
        message: taskMessages.createdNotStarted,
        errors: err.errors.filter((e) => e.message !== taskMessages.startFailed),
      };
    }
  }

  /** POST /talk/tarefa/iniciar, /pausar, /finalizar. */
  async act(auth: AuthContext, talkId: number, action: TaskAction): Promise<TaskActionAnswer> {
    const failure = {
      start: taskMessages.startFailed,
      pause: taskMessages.pauseFailed(talkId),
      finish: taskMessages.finishFailed(talkId),
    }[action];
    const refuse = (status: number, errors: ErrorItem[], extra: Record<string, unknown> = {}) =>
      new HttpError(status, [{ message: failure }, ...errors], {}, extra);

    const { subject, rows } = await this.talks.access(auth, TASK_SUBJECT, 'update');
    const row = await talkRepo.findTalk(this.k, subject, talkId, rows);
    if (!row) throw notFound(talkMessages.talkNotFound);
    const stored = storedValues(subject, row);
    const statuses = await taskStatusCatalog(this.k, this.subjects, subject);
    const run = await repo.findRun(this.k, subject.id, talkId);
    const state = this.stateOf(stored, run, statuses);
    const next = nextTaskState(state, action);
    if (!next) throw refuse(422, [{ message: taskMessages.notAllowed[action] }]);
    const values = taskValuesOf(stored);
    if (action === 'start') {
      const missing = missingEstimates(values);
      if (missing.length)
        throw refuse(422, ruleErrors(missing), { missingEstimates: missing.map((e) => e.field) });
    }

    const now = this.now();
    const events = await repo.eventsOf(this.k, subject.id, talkId);
    const closes = action !== 'start';
    const worked = workedMs(closes ? [...events, { action, at: now }] : events, now);
    if (action === 'finish') {
      const missing = missingDelayReasons(values, taskDelay(values, worked / 1000, new Date(now)));
      if (missing.length)
        throw refuse(422, ruleErrors(missing), { missingReasons: missing.map((e) => e.field) });
    }
    const status = statuses.valueOf(next);
    if (statuses.attribute && status === undefined)
      throw refuse(422, [{ message: taskMessages.statusMissing(TASK_STATUS_NAMES[next]) }]);

    const systemValues = new Map<number, unknown>();
    if (statuses.attribute) systemValues.set(statuses.attribute.id, status);
    const total = subject.attributes.find((a) => a.identifier === TASK_ATTRIBUTES.total);
    if (total && closes) systemValues.set(total.id, formatDuration(worked / 1000));

    try {
      await this.events.write(async (trx) => {
        if (action === 'start') await this.freeRunner(trx, auth, subject, talkId, refuse);
        const moved = await repo.moveRun(trx, run?.state, {
          companyId: auth.companyId,
          subjectId: subject.id,
          talkId,
          state: next,
          runningBy: next === 'running' ? auth.accountId : null,
          runningSince: next === 'running' ? now : null,
          accumulatedMs: worked,
          at: now,
        });
        if (!moved) throw refuse(409, [{ message: staleRun }]);
        await repo.insertEvent(trx, {
          companyId: auth.companyId,
          subjectId: subject.id,
          talkId,
          accountId: auth.accountId,
          action,
          at: now,
        });
        if (systemValues.size) await this.talks.writeSystemValues(trx, auth, subject, talkId, systemValues);
        const kind = { start: 'task.started', pause: 'task.paused', finish: 'task.finished' } as const;
        await appendEvent(trx, {
          companyId: auth.companyId,
          kind: kind[action],
          subjectId: subject.id,
          talkId,
          accountId: auth.accountId,
          payload: { subject: subject.identifier, workedMs: worked },
          at: now,
        });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Two starts raced: the other one won the account's single running slot, or the task's row.
      const mine = await repo.runningTaskOf(this.k, auth.companyId, auth.accountId);
      throw refuse(409, [
        { message: mine && mine.talkId !== talkId ? taskMessages.anotherRunning(mine.talkId) : staleRun },
      ]);
    }
    const task = (await this.get(auth, talkId)).task;
    const message = {
      start: taskMessages.started(talkId),
      pause: taskMessages.paused(talkId),
      finish: taskMessages.finished,
    }[action];
    return { talkId, message, task };
  }

  /** An account runs one task at a time; a task whose record was deleted no longer holds it. */
  private async freeRunner(
    trx: Kysely<Database>,
    auth: AuthContext,
    subject: SubjectMeta,
    talkId: number,
    refuse: (status: number, errors: ErrorItem[]) => HttpError,
  ): Promise<void> {
    const mine = await repo.runningTaskOf(trx, auth.companyId, auth.accountId);
    if (!mine || (mine.subjectId === subject.id && mine.talkId === talkId)) return;
    if (await repo.talkExists(trx, mine.subjectId, mine.talkId))
      throw refuse(409, [{ message: taskMessages.anotherRunning(mine.talkId) }]);
    await repo.releaseRun(trx, mine.subjectId, mine.talkId);
  }

  /** The task's state: its run row's; for a task never run here, what its status says. */
  private stateOf(stored: Stored, run: repo.TaskRun | undefined, statuses: TaskStatusCatalog): TaskState {
    if (run) return run.state;
    const fromStatus = statuses.attribute
      ? statuses.stateOf(stored(statuses.attribute.identifier))
      : undefined;
    // A status set to running by an import, with no run to count from, reads as paused.
    return fromStatus === 'running' ? 'paused' : (fromStatus ?? 'waiting');
  }

  /** The timer and state; values shown only as far as the account reads them (`talk`). */
  private info(
    talk: ApiTalk,
    stored: Stored,
    run: repo.TaskRun | undefined,
    statuses: TaskStatusCatalog,
    now: number,
  ): TaskInfo {
    const state = this.stateOf(stored, run, statuses);
    const values = taskValuesOf((id) => valueOf(talk, id));
    const running = run?.state === 'running' && run.runningSince !== null ? run.runningSince : null;
    const total = stored(TASK_ATTRIBUTES.total);
    const storedTotal = (typeof total === 'string' ? parseDuration(total) : undefined) ?? 0;
    const accumulatedMs = run ? run.accumulatedMs : storedTotal * 1000;
    const elapsedSeconds = Math.floor(
      (accumulatedMs + (running === null ? 0 : Math.max(0, now - running))) / 1000,
    );
    const delay = taskDelay(taskValuesOf(stored), elapsedSeconds, new Date(now));
    return {
      talkId: talk.talkId,
      title: textOrNull(valueOf(talk, TASK_ATTRIBUTES.title)) ?? talk.displayName,
      state,
      status: TASK_STATUS_NAMES[state],
      runningSince: running === null ? null : new Date(running).toISOString(),
      runningBy:
        running !== null && run?.runningBy
          ? { accountId: run.runningBy, name: run.runningByName ?? '' }
          : null,
      accumulatedMs,
      elapsedSeconds,
      serverTime: new Date(now).toISOString(),
      forecastStart: textOrNull(values.forecastStart),
      forecastEnd: textOrNull(values.forecastEnd),
      estimatedDuration: textOrNull(values.estimate),
      delay,
      deadlineReason: textOrNull(values.deadlineReason),
      estimateReason: textOrNull(values.estimateReason),
      actions: talk.isReadOnly ? [] : allowedTaskActions(state),
    };
  }
}
