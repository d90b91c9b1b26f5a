import type { JobRun } from '@talkbase/domain/contracts/jobs';
import type { AuthContext } from '../../access/identity.ts';
import type { ActionServices } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import { EngineCore, type EngineDeps } from './engine-core.ts';
import { RunExecutor } from './run-execution.ts';
import { RunHistory } from './run-history.ts';
import { RunIntake } from './run-intake.ts';

/**
 * The automation engine (issue 16, docs/decisions.md "Automation engine"): reads the event outbox,
 * turns matching events into runs, runs their steps through the action registry with retries, fires
 * schedules once per slot, and runs jobs over existing records in batches. Every piece of state is
 * in the database, so a restart (or another instance on PostgreSQL) carries on where it stopped.
 *
 * This class wires the parts and runs the rounds: run-intake.ts (outbox, schedules, calls → runs),
 * run-execution.ts (due runs → steps), run-history.ts (stored runs and the runs API),
 * engine-core.ts (what they share).
 */
export class AutomationEngine {
  /** The engine's clock; tests move it (backoff, schedules). */
  now: () => number;
  private readonly core: EngineCore;
  private readonly intake: RunIntake;
  private readonly executor: RunExecutor;
  private readonly history: RunHistory;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  private closed = false;

  constructor(deps: EngineDeps) {
    this.now = deps.now ?? Date.now;
    const core = new EngineCore(deps, () => this.now());
    this.core = core;
    this.intake = new RunIntake(core, () => this.nudge());
    const services: ActionServices = {
      ...deps.services,
      now: () => this.now(),
      runJobOn: (input) => this.intake.runJobOn(input),
      actor: (ctx, markKey) => core.systemAuth(ctx.companyId, ctx.depth + 1, ctx.jobId, core.k, markKey),
      isDone: (key) => repo.hasMark(core.k, key),
      markDone: (key) => repo.addMark(core.k, key, this.now()),
      timeZone: (companyId) => core.timeZone(companyId, core.k),
      db: deps.db.kysely,
    };
    this.executor = new RunExecutor(core, services);
    this.history = new RunHistory(core, () => this.nudge());
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  start(): void {
    if (this.core.d.pollMs <= 0 || this.timer) return;
    const loop = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        void this.tick().finally(loop);
      }, this.core.d.pollMs);
      this.timer.unref();
    };
    loop();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** A write was committed: work now rather than at the next poll. */
  nudge(): void {
    if (this.core.d.pollMs <= 0 || this.closed) return;
    void this.tick();
  }

  /** Forget the jobs read so far. */
  invalidateJobs(): void {
    this.core.invalidateJobs();
  }

  /** Work until nothing is left that is due now (tests drive the engine with it). */
  async drain(maxRounds = 1000): Promise<void> {
    this.invalidateJobs();
    for (let i = 0; i < maxRounds; i++) if (!(await this.tick())) return;
  }

  /** One round: outbox, schedules, due runs. Rounds never overlap; answers whether work was done. */
  tick(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const round = async (): Promise<boolean> => {
      let worked = false;
      do {
        this.again = false;
        this.core.newRound();
        try {
          const a = await this.intake.processOutbox();
          const b = await this.intake.fireSchedules();
          const c = await this.executor.runDue();
          worked = worked || a || b || c;
          if (a || c) this.again = true;
        } catch (err) {
          this.core.d.onError(err, 'automations');
          return worked;
        }
      } while (this.again && !this.closed);
      return worked;
    };
    this.running = round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  // -------------------------------------------------------------------------------------------
  // Runs API (automations.routes.ts)

  /** POST /api/job/{jobId}/run: a background run over every record matching the first event. */
  runOnExisting(auth: AuthContext, jobId: number): Promise<number> {
    return this.intake.runOnExisting(auth, jobId);
  }

  getRun(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return this.history.getRun(auth, runId);
  }

  listRuns(auth: AuthContext, jobId: number, page: number, fetch: number) {
    return this.history.listRuns(auth, jobId, page, fetch);
  }

  cancel(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return this.history.cancel(auth, runId);
  }

  /** Re-runs the whole run (every step again, with new idempotency keys). */
  retry(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return this.history.retry(auth, runId);
  }

  /** Carries on from the failed step (steps done stay done; a set run from its last batch). */
  resume(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return this.history.resume(auth, runId);
  }
}
