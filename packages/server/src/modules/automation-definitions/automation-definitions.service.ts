import type { Kysely } from 'kysely';
import {
  EVENT_TYPE,
  INTEGRATION_ACTION_KINDS,
  JOB_PAGE_SIZES,
  configsOf,
  type EventType,
  type Job,
  type JobCreated,
  type JobListQuery,
  type JobActions,
  type JobPage,
  type SavedJob,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import { automationMessages as m } from '@talkbase/domain/automations/messages';
import {
  joinRecipients,
  unavailableIntegrationSteps,
  validateJob,
} from '@talkbase/domain/automations/validate-automation';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { Catalog, CatalogCache } from '../../records/catalog.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import * as repo from './automation-definitions.repository.ts';
import { requirePlatformAdministrator } from '../../access/administration.ts';

/** Messages of references the server checks beyond 000 §5 (our wording). */
export const jobReferenceMessages = {
  attributeNotFound: 'Atributo não encontrado neste assunto.',
  tagNotFound: 'Tag não encontrada.',
  notificationNotFound: 'Notificação não encontrada.',
  jobNotFound: 'Automação não encontrada.',
  accountNotFound: 'Conta não encontrada.',
} as const;

/**
 * Automation jobs (issue 16): their administration (administrators of room 1, as tags: 000 §6 puts
 * the Automations menu there) and what the engine reads (automation-definitions.repository.ts). Every write runs
 * `validateJob` (000 §5) with the subject's attributes behind each filter, and checks that every
 * tag, notification, job, account, subject and attribute a step names is the company's.
 */
export class JobsService {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly actionKinds: () => readonly string[];

  /** `actionKinds`: the kinds the engine's action registry runs (modules/automations/actions/registry.ts). */
  constructor(deps: { db: Db; catalog: CatalogCache; actionKinds: () => readonly string[] }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.actionKinds = deps.actionKinds;
  }

  /** The integration kinds (000 §3) that have a handler here; the others are refused (issue 35). */
  private integrationKinds(): JobActions['integrationKinds'] {
    const registered = new Set(this.actionKinds());
    return INTEGRATION_ACTION_KINDS.filter((kind) => registered.has(kind));
  }

  /** `GET /api/job/actions`: what the editor may offer as runnable. */
  actions(auth: AuthContext): JobActions {
    this.assertManager(auth);
    return { integrationKinds: this.integrationKinds() };
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  private assertManager(auth: AuthContext): void {
    requirePlatformAdministrator(auth);
  }

  async list(auth: AuthContext, q: JobListQuery): Promise<JobPage> {
    this.assertManager(auth);
    const largest = JOB_PAGE_SIZES[JOB_PAGE_SIZES.length - 1];
    const p = paging(q.page, q.fetch, largest);
    const { rows, total } = await repo.pageJobs(this.k, auth.companyId, {
      term: q.term ? normalizeForSearch(q.term) : undefined,
      offset: p.offset,
      limit: p.fetch,
    });
    return {
      itens: rows.map((r) => ({
        jobId: r.id,
        name: r.name,
        eventTypes: r.event_types
          .split(',')
          .filter((t) => t !== '')
          .map((t) => Number(t) as EventType),
        updatedAt: new Date(Number(r.updated_at)).toISOString(),
      })),
      totalResults: total,
      currentPage: p.page,
    };
  }

  async get(auth: AuthContext, jobId: number): Promise<SavedJob> {
    this.assertManager(auth);
    const stored = await repo.findJob(this.k, auth.companyId, jobId);
    if (!stored) throw notFound(m.notFound);
    return stored.job;
  }

  async create(auth: AuthContext, body: Job): Promise<JobCreated> {
    this.assertManager(auth);
    const input = await this.check(auth, body, undefined);
    const saved = await this.k
      .transaction()
      .execute((trx) => repo.insertJob(trx, auth.companyId, auth.accountId, input, Date.now()));
    return { jobId: saved.jobId };
  }

  async update(auth: AuthContext, jobId: number, body: Job): Promise<SavedJob> {
    this.assertManager(auth);
    if (!(await repo.findJob(this.k, auth.companyId, jobId))) throw notFound(m.notFound);
    const input = await this.check(auth, body, jobId);
    const saved = await this.k
      .transaction()
      .execute((trx) => repo.updateJob(trx, auth.companyId, jobId, input, Date.now()));
    if (!saved) throw notFound(m.notFound);
    return saved;
  }

  async remove(auth: AuthContext, jobId: number): Promise<void> {
    this.assertManager(auth);
    const deleted = await this.k.transaction().execute((trx) => repo.deleteJob(trx, auth.companyId, jobId));
    if (!deleted) throw notFound(m.notFound);
  }

  /** For the notifications module: the automations that send any of these notifications. */
  usingNotifications(
    companyId: number,
    ids: readonly number[],
  ): Promise<{ jobId: number; name: string; refId: number }[]> {
    return repo.jobsReferencing(this.k, companyId, 'notification', ids);
  }

  /**
   * Validates a job for saving and normalises it: 000 §5 rules (400 with the messages of
   * domain/automations/messages.ts and the field's path), each filter compiled against its subject,
   * every reference the company's; e-mail recipients joined by ';' with blanks dropped.
   */
  private async check(auth: AuthContext, body: Job, jobId: number | undefined): Promise<repo.JobToSave> {
    const catalog = await this.catalog.get(auth.companyId, this.k, auth);
    const job = normalize(body);
    // The spec names the integration kinds without describing them: a job holding one that no
    // handler runs here would only fail at every run (issue 35).
    const unavailable = unavailableIntegrationSteps(job, this.integrationKinds());
    if (unavailable.length > 0)
      throw unprocessable(unavailable.map((p) => ({ message: p.message, field: p.path })));
    const errors: ErrorItem[] = validateJob(job, {
      checkFilter: (filter, subjectId) => {
        const subject = catalog.subjectsById.get(subjectId);
        if (!subject) return m.subjectNotFound;
        try {
          compileFilter(filter, subject, { alias: 't', timeZone: catalog.timeZone, now: Date.now() });
          return undefined;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          return err.errors[0]?.message ?? m.filterIncomplete;
        }
      },
    }).map((p) => ({ message: p.message, field: p.path }));
    if (errors.length === 0)
      errors.push(...(await this.referenceProblems(auth.companyId, catalog, job, jobId)));
    if (errors.length > 0) throw badRequest(errors);
    return {
      name: job.name,
      nameNormalized: normalizeForSearch(job.name),
      events: job.events,
      works: job.works,
      refs: refsOf(job),
    };
  }

  private async referenceProblems(
    companyId: number,
    catalog: Catalog,
    job: Job,
    jobId: number | undefined,
  ): Promise<ErrorItem[]> {
    const errors: ErrorItem[] = [];
    const attributeOf = (subjectId: number | null | undefined, attributeId: number | null | undefined) =>
      subjectId && attributeId
        ? catalog.subjectsById.get(subjectId)?.attributes.find((a) => a.id === attributeId)
        : undefined;
    const anyAttribute = new Set<number>();
    for (const s of catalog.subjectsById.values()) for (const a of s.attributes) anyAttribute.add(a.id);
    const tags = new Map<number, string>();
    const notifications = new Map<number, string>();
    const jobs = new Map<number, string>();
    const accounts = new Map<number, string>();

    // Tag gained (10): the tag the event waits for.
    job.events.forEach((e, ei) =>
      e.steps.forEach((step, si) => {
        if (step.tagId) tags.set(step.tagId, `events.${ei}.steps.${si}.tagId`);
      }),
    );
    job.works.forEach((w, wi) =>
      w.steps.forEach((step, si) => {
        const p = `works.${wi}.steps.${si}.`;
        this.stepReferences(step, p, {
          attributeOf,
          anyAttribute,
          subjectExists: (id) => catalog.subjectsById.has(id),
          errors,
          tags,
          notifications,
          jobs,
          accounts,
        });
      }),
    );
    const missing = async (
      table: 'tags' | 'notifications' | 'jobs' | 'accounts',
      wanted: Map<number, string>,
      message: string,
    ) => {
      if (wanted.size === 0) return;
      const ids = [...wanted.keys()];
      const found = new Set(
        (
          await this.k
            .selectFrom(table)
            .select('id')
            .where('company_id', '=', companyId)
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.id),
      );
      if (table === 'jobs' && jobId !== undefined) found.add(jobId);
      for (const [id, field] of wanted) if (!found.has(id)) errors.push({ message, field });
    };
    await missing('tags', tags, jobReferenceMessages.tagNotFound);
    await missing('notifications', notifications, jobReferenceMessages.notificationNotFound);
    await missing('jobs', jobs, jobReferenceMessages.jobNotFound);
    await missing('accounts', accounts, jobReferenceMessages.accountNotFound);
    return errors;
  }

  private stepReferences(
    step: WorkStep,
    p: string,
    ctx: {
      attributeOf: (subjectId: number | null | undefined, attributeId: number | null | undefined) => unknown;
      anyAttribute: Set<number>;
      subjectExists: (id: number) => boolean;
      errors: ErrorItem[];
      tags: Map<number, string>;
      notifications: Map<number, string>;
      jobs: Map<number, string>;
      accounts: Map<number, string>;
    },
  ): void {
    const { errors } = ctx;
    const attr = (
      i: number,
      subjectId: number | null | undefined,
      attributeId: number | null | undefined,
    ) => {
      if (!subjectId || !attributeId) return;
      if (!ctx.subjectExists(subjectId))
        errors.push({ message: m.subjectNotFound, field: `${p}configs.${i}.subjectId` });
      else if (!ctx.attributeOf(subjectId, attributeId))
        errors.push({
          message: jobReferenceMessages.attributeNotFound,
          field: `${p}configs.${i}.subjectAttributeId`,
        });
    };
    for (const kind of ['NewTalk', 'SetTalkValueByEvent', 'SetTalkValueByFilter'] as const)
      configsOf(step, kind).forEach((c, i) => attr(i, c.subjectId, c.subjectAttributeId));
    configsOf(step, 'ExecuteParentJob').forEach((c, i) => {
      attr(i, c.subjectId, c.subjectAttributeId);
      if (c.jobId) ctx.jobs.set(c.jobId, `${p}configs.${i}.jobId`);
    });
    for (const kind of ['SetTalkTag', 'RemoveTalkTag'] as const)
      configsOf(step, kind).forEach((c, i) => {
        if (c.tagId) ctx.tags.set(c.tagId, `${p}configs.${i}.tagId`);
      });
    configsOf(step, 'Notification').forEach((c, i) => {
      if (c.notificationId) ctx.notifications.set(c.notificationId, `${p}configs.${i}.notificationId`);
    });
    for (const kind of ['SetTalkDialog', 'SetTalkDialogByFilter'] as const)
      configsOf(step, kind).forEach((c, i) => {
        for (const id of c.accountIds) ctx.accounts.set(id, `${p}configs.${i}.accountIds`);
      });
    configsOf(step, 'SendEmail').forEach((c, i) => {
      for (const id of [...c.attachments, ...c.attributes])
        if (!ctx.anyAttribute.has(id)) {
          errors.push({
            message: jobReferenceMessages.attributeNotFound,
            field: `${p}configs.${i}.attributes`,
          });
          break;
        }
      const subjects = [
        ...c.relatedSubjects,
        ...(c.sendToRelated.subjectId ? [c.sendToRelated.subjectId] : []),
      ];
      if (subjects.some((id) => !ctx.subjectExists(id)))
        errors.push({ message: m.subjectNotFound, field: `${p}configs.${i}.relatedSubjects` });
    });
  }
}

/** Trimmed names, recipients joined by ';' without blanks, cron only on schedules, a tag only on "tag gained". */
function normalize(job: Job): Job {
  return {
    ...job,
    name: job.name.trim(),
    events: job.events.map((e) => ({
      ...e,
      name: e.name.trim(),
      steps: e.steps.map((s) => ({
        ...s,
        filterName: s.filterName.trim(),
        cron: s.eventStepType === EVENT_TYPE.schedule ? (s.cron?.trim() ?? null) : null,
        tagId: s.eventStepType === EVENT_TYPE.tagGained ? (s.tagId ?? null) : null,
      })),
    })),
    works: job.works.map((w) => ({
      ...w,
      name: w.name.trim(),
      steps: w.steps.map((s) => ({
        ...s,
        name: s.name.trim(),
        filterName: s.filterName.trim(),
        configs:
          s.workStepType === 'SendEmail'
            ? configsOf(s, 'SendEmail').map((c) => ({ ...c, to: joinRecipients(c.to) }))
            : s.configs,
      })),
    })),
  };
}

function refsOf(job: Job): repo.JobToSave['refs'] {
  const refs: repo.JobToSave['refs'] = [];
  for (const e of job.events) for (const s of e.steps) if (s.tagId) refs.push({ kind: 'tag', id: s.tagId });
  for (const w of job.works)
    for (const s of w.steps) {
      for (const c of [...configsOf(s, 'SetTalkTag'), ...configsOf(s, 'RemoveTalkTag')])
        if (c.tagId) refs.push({ kind: 'tag', id: c.tagId });
      for (const c of configsOf(s, 'Notification'))
        if (c.notificationId) refs.push({ kind: 'notification', id: c.notificationId });
      for (const c of configsOf(s, 'ExecuteParentJob')) if (c.jobId) refs.push({ kind: 'job', id: c.jobId });
    }
  return refs;
}
