import type { Kysely } from 'kysely';
import type { SavedJob } from '@talkbase/domain/contracts/jobs';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { automationIdentity, type AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import type { ActionRegistry } from './actions/registry.ts';
import type { ActionServices } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import type { RunLane } from './automations.repository.ts';
import type { LaneRunner } from '../../runtime/lanes.ts';
import { BACKGROUND_LANES } from '../../runtime/background-runner.ts';
import type { JobSource } from './definition-source.ts';

/** Automations caused by automations stop at this depth (issue 16, Loops). */
export const MAX_DEPTH = 5;

export const engineMessages = {
  jobDeleted: 'A automação foi excluída.',
  unknownAction: (kind: string) => `Ação desconhecida: ${kind}.`,
  cancelled: 'Execução cancelada.',
  recordGone: 'O registro não existe mais.',
  tooDeep: `Execução interrompida: mais de ${MAX_DEPTH} automações encadeadas.`,
};

export interface EngineDeps {
  db: Db;
  subjects: SubjectCatalogue;
  permissions: PermissionsService;
  jobs: JobSource;
  registry: ActionRegistry;
  services: Omit<ActionServices, 'now' | 'runJobOn'>;
  onError: (err: unknown, what: string) => void;
  /** Background polling interval; 0 = no background loop (tests call `drain`). */
  pollMs: number;
  /** How long a claimed run is held before another worker may take it (a crash). */
  leaseMs?: number;
  /** Records per batch of a run over a filter. */
  batchSize?: number;
  /**
   * How many runs (and how many records of a run over a filter) are worked at once; their writes
   * share commits. One record's runs still go one after another, in the order of their events.
   */
  concurrency?: number;
  /**
   * How many runs over a filter's records (run on existing records, schedule slots) an instance
   * works at once, in their own lane: they never hold the runs of events.
   */
  setConcurrency?: number;
  /**
   * How many records the set lane's runs work at once, all of them together: a bound on the
   * database connections they hold, so the event lane always finds one (PostgreSQL's pool).
   * Default: `concurrency` on SQLite (one writer: concurrent writes share commits), half of it on
   * PostgreSQL.
   */
  setRecordConcurrency?: number;
  /**
   * The instance's background runner (runtime/background-runner.ts), whose `event` and `set`
   * lanes the engine works in; without one, the engine makes its own two lanes.
   */
  runner?: LaneRunner<RunLane>;
  now?: () => number;
}

/**
 * What the engine's parts share: its dependencies, its clock, and the reads it keeps (jobs until
 * the company's job generation moves, the acting account for a few seconds).
 */
export class EngineCore {
  readonly d: EngineDeps;
  /** The engine's clock (AutomationEngine.now, which tests move). */
  readonly now: () => number;
  readonly leaseMs: number;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly setConcurrency: number;
  readonly setRecordConcurrency: number;
  private cache = new Map<string, { generation: number; jobs: SavedJob[] }>();
  private generations = new Map<number, number>();
  private byId = new Map<string, { generation: number; job: SavedJob | null }>();
  private accounts = new Map<
    number,
    { at: number; account: Awaited<ReturnType<typeof repo.automationAccount>> }
  >();

  constructor(deps: EngineDeps, now: () => number) {
    this.d = deps;
    this.now = now;
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.batchSize = deps.batchSize ?? 500;
    this.concurrency = deps.concurrency ?? BACKGROUND_LANES.event;
    this.setConcurrency = deps.setConcurrency ?? BACKGROUND_LANES.set;
    this.setRecordConcurrency =
      deps.setRecordConcurrency ??
      (deps.db.dialect === 'postgres' ? Math.max(1, Math.floor(this.concurrency / 2)) : this.concurrency);
  }

  get k(): Kysely<Database> {
    return this.d.db.kysely;
  }

  /** A new round: job generations are read again. */
  newRound(): void {
    this.generations.clear();
  }

  /** Forget the jobs read so far. */
  invalidateJobs(): void {
    this.cache.clear();
    this.byId.clear();
  }

  async jobsFor(companyId: number, eventType: number, subjectId: number): Promise<SavedJob[]> {
    const key = `${companyId}:${eventType}:${subjectId}`;
    const kept = this.cache.get(key);
    if (kept && kept.generation === (await this.generationOf(companyId))) return kept.jobs;
    const generation = await this.generationOf(companyId);
    const jobs = await this.d.jobs.forEvent(companyId, eventType, subjectId);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { generation, jobs });
    return jobs;
  }

  async jobById(companyId: number, jobId: number): Promise<SavedJob | null> {
    const generation = await this.generationOf(companyId);
    const key = `${companyId}#${jobId}`;
    const kept = this.byId.get(key);
    if (kept && kept.generation === generation) return kept.job;
    const job = await this.d.jobs.byId(companyId, jobId);
    if (this.byId.size > 1000) this.byId.clear();
    this.byId.set(key, { generation, job });
    return job;
  }

  /** The company's job generation, read at most once per round. */
  private async generationOf(companyId: number): Promise<number> {
    let g = this.generations.get(companyId);
    if (g === undefined) {
      g = await this.d.jobs.generation(companyId);
      this.generations.set(companyId, g);
    }
    return g;
  }

  async timeZone(companyId: number, db: Kysely<Database>): Promise<string> {
    const auth = await this.systemAuth(companyId, 0, 0, db);
    return (await this.d.permissions.ruleContext(auth, db)).timeZone;
  }

  /** The actor of an automation's changes: the company's first administrator, marked as automation. */
  async systemAuth(
    companyId: number,
    depth: number,
    jobId: number,
    db: Kysely<Database> = this.k,
    markKey?: string,
  ): Promise<AuthContext> {
    // The acting account, kept a few seconds (read on every run and every action).
    let kept = this.accounts.get(companyId);
    if (!kept || Date.now() - kept.at > 5000) {
      kept = { at: Date.now(), account: await repo.automationAccount(db, companyId) };
      this.accounts.set(companyId, kept);
    }
    const account = kept.account;
    return automationIdentity(companyId, account, { depth, jobId, ...(markKey ? { markKey } : {}) });
  }
}
