import type { Kysely } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { EVENT_TYPES, JOB_PAGE_SIZES, type EventType } from '@talkbase/domain/contracts/jobs';
import {
  type JobRunDetail,
  type JobRunListQuery,
  type JobRunPage,
  type JobRunStep,
  type JobRunTrigger,
  type StepDetail,
} from '@talkbase/domain/contracts/job-runs';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { RunTrigger } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import type { EngineCore } from './engine-core.ts';
import { attributeNames, namesOf, pageCompanyRuns } from './run-history.repository.ts';

/** A step's state, as a run's `steps` column holds it. */
export interface StoredStep {
  workStepId: number | null;
  workStepType: string;
  status: JobRunStep['status'];
  error: string | null;
  attempts: number;
  /** What the step's last attempt reported it did (ActionHandler.run's answer). */
  detail?: StepDetail | null;
  /** How long the step's last attempt took, ms. */
  ms?: number | null;
}

/** What a run's `trigger` column holds. */
export interface StoredTrigger extends RunTrigger {
  kind: repo.RunKind;
  /** Run-on-existing and schedules: only records matching the event (negated when set). */
  filter?: FilterNode | null;
  negate?: boolean;
  /** A parent job's forced run ignores its event filter. */
  force?: boolean;
  parentRunId?: number | null;
  fromRunId?: number;
  /** Tag gained (10): the tag the record gained. */
  tagId?: number | null;
  /** File added (9): the file's name. */
  fileName?: string | null;
}

/** Ends a run: its status, its steps, no claim; `error` goes on cancelled steps without one. */
export async function finishRun(
  core: EngineCore,
  run: repo.RunRow,
  status: repo.RunStatus,
  steps: StoredStep[],
  error?: string,
): Promise<void> {
  if (error) for (const s of steps) if (s.status === 'cancelled' && !s.error) s.error = error;
  await repo.updateRun(core.k, run.id, {
    status,
    steps: JSON.stringify(steps),
    finished_at: core.now(),
    lease_until: null,
  });
}

export async function cancelRequested(core: EngineCore, runId: number): Promise<boolean> {
  const r = await repo.findRun(core.k, runId);
  return r?.cancel_requested === 1;
}

/**
 * The runs API (read, list, cancel, retry, resume) over a company's run history. Retry and resume
 * put the run back as pending and `nudge` the engine.
 */
export class RunHistory {
  private readonly core: EngineCore;
  private readonly nudge: () => void;

  constructor(core: EngineCore, nudge: () => void) {
    this.core = core;
    this.nudge = nudge;
  }

  private async ownRun(auth: AuthContext, runId: number): Promise<repo.RunRow> {
    const run = await repo.findRun(this.core.k, runId);
    if (!run || run.company_id !== auth.companyId) throw new HttpError(404, 'Execução não encontrada.');
    return run;
  }

  /** A stored run as the API answers it (with the names it shows). */
  private async presentOne(auth: AuthContext, run: repo.RunRow): Promise<JobRunDetail> {
    const [one] = await presentRuns(this.core.k, auth.companyId, [run]);
    if (!one) throw new HttpError(404, 'Execução não encontrada.');
    return one;
  }

  private async presentAgain(auth: AuthContext, run: repo.RunRow): Promise<JobRunDetail> {
    return this.presentOne(auth, (await repo.findRun(this.core.k, run.id)) ?? run);
  }

  async getRun(auth: AuthContext, runId: number): Promise<JobRunDetail> {
    return this.presentOne(auth, await this.ownRun(auth, runId));
  }

  async listRuns(auth: AuthContext, jobId: number, page: number, fetch: number): Promise<JobRunPage> {
    const { rows, total } = await repo.runsOfJob(
      this.core.k,
      auth.companyId,
      jobId,
      (page - 1) * fetch,
      fetch,
    );
    return {
      itens: await presentRuns(this.core.k, auth.companyId, rows),
      totalResults: total,
      currentPage: page,
    };
  }

  async cancel(auth: AuthContext, runId: number): Promise<JobRunDetail> {
    const run = await this.ownRun(auth, runId);
    if (run.status === 'pending' || run.status === 'running') {
      await repo.updateRun(this.core.k, runId, { cancel_requested: 1 });
      if (run.status === 'pending') {
        const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) =>
          s.status === 'pending' ? { ...s, status: 'cancelled' as const } : s,
        );
        await finishRun(this.core, run, 'cancelled', steps);
      }
    } else throw new HttpError(409, 'Somente uma execução pendente ou em andamento pode ser cancelada.');
    return this.presentAgain(auth, run);
  }

  /** Re-runs the whole run (every step again, with new idempotency keys). */
  async retry(auth: AuthContext, runId: number): Promise<JobRunDetail> {
    const run = await this.ownRun(auth, runId);
    if (run.status !== 'failed' && run.status !== 'cancelled')
      throw new HttpError(409, 'Somente uma execução com falha ou cancelada pode ser executada de novo.');
    const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) => ({
      ...s,
      status: 'pending' as const,
      error: null,
      attempts: 0,
    }));
    const now = this.core.now();
    await repo.updateRun(this.core.k, runId, {
      status: 'pending',
      steps: JSON.stringify(steps),
      key_prefix: `${run.key_prefix}/r${now}`,
      next_at: now,
      cancel_requested: 0,
      finished_at: null,
      lease_until: null,
      ...(run.kind === 'existing' || run.kind === 'schedule' ? { cursor: 0, done: 0, total: null } : {}),
    });
    this.nudge();
    return this.presentAgain(auth, run);
  }

  /** Carries on from the failed step (steps done stay done; a set run from its last batch). */
  async resume(auth: AuthContext, runId: number): Promise<JobRunDetail> {
    const run = await this.ownRun(auth, runId);
    if (run.status !== 'failed' && run.status !== 'cancelled')
      throw new HttpError(409, 'Somente uma execução com falha ou cancelada pode ser retomada.');
    const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) =>
      s.status === 'failed' || s.status === 'cancelled'
        ? { ...s, status: 'pending' as const, error: null, attempts: 0 }
        : s,
    );
    const now = this.core.now();
    await repo.updateRun(this.core.k, runId, {
      status: 'pending',
      steps: JSON.stringify(steps),
      next_at: now,
      cancel_requested: 0,
      finished_at: null,
      lease_until: null,
    });
    this.nudge();
    return this.presentAgain(auth, run);
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * GET /api/job/runs: the company's runs, newest first, of one job and in one status when asked
 * (the "Execuções" screen).
 */
export async function listCompanyRuns(
  db: Kysely<Database>,
  auth: AuthContext,
  query: JobRunListQuery,
): Promise<JobRunPage> {
  const largest = JOB_PAGE_SIZES[JOB_PAGE_SIZES.length - 1];
  const p = paging(query.page, query.fetch, largest);
  const { rows, total } = await pageCompanyRuns(
    db,
    auth.companyId,
    { status: query.status, jobId: query.jobId },
    p.offset,
    p.fetch,
  );
  return { itens: await presentRuns(db, auth.companyId, rows), totalResults: total, currentPage: p.page };
}

const isEventType = (t: unknown): t is EventType => (EVENT_TYPES as readonly unknown[]).includes(t);
/** How many changed attributes a trigger lists. */
const CHANGED_MAX = 20;

/** A parent job's run names its caller in its cause (`p` + the caller's key: `j{jobId}:…`). */
function parentOf(run: repo.RunRow, t: StoredTrigger): { jobId: number | null; runId: number | null } {
  const key = run.cause?.startsWith('p') ? run.cause.slice(1) : '';
  const jobId = /^j(\d+):/.exec(key)?.[1];
  // A caller that ran over existing records has its run id in its key (`j{jobId}:x{runId}`).
  const runId = t.parentRunId ?? /^j\d+:x(\d+)(?::|$)/.exec(key)?.[1] ?? null;
  return { jobId: jobId ? Number(jobId) : null, runId: runId === null ? null : Number(runId) };
}

/** Names a page of runs shows: their jobs, the accounts and tags of their triggers, parent jobs. */
interface RunNames {
  jobs: Map<number, string>;
  accounts: Map<number, string>;
  tags: Map<number, string>;
  /** Attribute names by subject and identifier. */
  attributes: Map<number, Map<string, string>>;
}

/** Stored runs as the API answers them, with the names they show (a few lookups a page). */
export async function presentRuns(
  db: Kysely<Database>,
  companyId: number,
  runs: readonly repo.RunRow[],
): Promise<JobRunDetail[]> {
  const triggers = runs.map((r) => JSON.parse(r.trigger) as StoredTrigger);
  const jobIds = new Set<number>();
  const accountIds = new Set<number>();
  const tagIds = new Set<number>();
  const subjectIds = new Set<number>();
  runs.forEach((run, i) => {
    const t = triggers[i] as StoredTrigger;
    jobIds.add(run.job_id);
    if (run.kind === 'parent') {
      const parent = parentOf(run, t).jobId;
      if (parent !== null) jobIds.add(parent);
    }
    if (t.accountId) accountIds.add(t.accountId);
    if (t.tagId) tagIds.add(t.tagId);
    if (run.kind === 'event' && t.changed.length > 0) subjectIds.add(t.subjectId);
  });
  const [jobs, accounts, tags, attributes] = await Promise.all([
    namesOf(db, companyId, 'jobs', jobIds),
    namesOf(db, companyId, 'accounts', accountIds),
    namesOf(db, companyId, 'tags', tagIds),
    attributeNames(db, companyId, subjectIds),
  ]);
  const names: RunNames = { jobs, accounts, tags, attributes };
  return runs.map((run, i) => present(run, triggers[i] as StoredTrigger, names));
}

/** What started a run, as the history shows it. */
function triggerOf(run: repo.RunRow, t: StoredTrigger, names: RunNames): JobRunTrigger {
  const account = (id: number | null | undefined) =>
    id ? { accountId: id, accountName: names.accounts.get(id) ?? null } : { accountId: null };
  switch (run.kind) {
    case 'existing':
      return { kind: 'existing', ...account(t.accountId) };
    case 'schedule': {
      const slot = run.cause?.startsWith('s') ? Number(run.cause.slice(1)) : NaN;
      return { kind: 'schedule', slot: Number.isFinite(slot) ? new Date(slot).toISOString() : null };
    }
    case 'parent': {
      const parent = parentOf(run, t);
      return {
        kind: 'parent',
        parentRunId: parent.runId,
        parentJobId: parent.jobId,
        parentJobName: parent.jobId === null ? null : (names.jobs.get(parent.jobId) ?? null),
      };
    }
    case 'retry':
      return { kind: 'retry', fromRunId: t.fromRunId ?? 0 };
    case 'event': {
      // A run stored before its event type existed in the contract reads as one over records.
      if (!isEventType(t.eventType)) return { kind: 'existing', accountId: null };
      return {
        kind: 'event',
        eventType: t.eventType,
        ...account(t.accountId),
        ...(t.changed.length > 0
          ? {
              changed: t.changed
                .slice(0, CHANGED_MAX)
                .map((id) => names.attributes.get(t.subjectId)?.get(id) ?? id),
            }
          : {}),
        ...(t.messageId ? { messageId: t.messageId } : {}),
        ...(t.tagId ? { tagId: t.tagId, tagName: names.tags.get(t.tagId) ?? null } : {}),
        ...(t.fileName ? { fileName: t.fileName } : {}),
      };
    }
  }
}

/** A stored run as the API answers it. */
function present(run: repo.RunRow, t: StoredTrigger, names: RunNames): JobRunDetail {
  const steps: JobRunStep[] = (JSON.parse(run.steps) as StoredStep[]).map((s) => ({
    workStepId: s.workStepId,
    workStepType: s.workStepType as JobRunStep['workStepType'],
    status: s.status,
    error: s.error,
    attempts: s.attempts,
    detail: s.detail ?? null,
    ms: s.ms ?? null,
  }));
  const retries = run.key_prefix.match(/\/r\d+/g)?.length ?? 0;
  return {
    runId: run.id,
    jobId: run.job_id,
    jobName: names.jobs.get(run.job_id) ?? null,
    trigger: triggerOf(run, t, names),
    talkId: run.talk_id,
    subjectId: run.subject_id,
    subject: t.subjectIdentifier || null,
    status: run.status,
    steps,
    startedAt: iso(run.started_at),
    finishedAt: iso(run.finished_at),
    ...(retries > 0 ? { retries } : {}),
    ...(run.kind === 'existing' || run.kind === 'schedule'
      ? { progress: { done: run.done ?? 0, total: run.total } }
      : {}),
  };
}
