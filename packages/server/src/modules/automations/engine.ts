import type { JobEngineState, JobRun } from '@talkbase/domain/contracts/job-runs';
import type { AuthContext } from '../../access/identity.ts';
import { Lanes, type LaneRunner } from '../../runtime/lanes.ts';
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
 * This class wires the parts and works them in two lanes (runtime/lanes.ts), each with its own
 * concurrency, so they never wait on each other (issue 33):
 * - the event lane: rounds of outbox → runs, schedule slots → runs, and due runs on one record
 *   (an event's, a parent job's call) run to their end; rounds never overlap.
 * - the set lane: runs over a filter's records (run on existing records, a schedule slot), at most
 *   `setConcurrency` at once, each in batches that yield between them; a round of the event lane
 *   only hands them over, it never waits for them.
 * Which instance works a run is decided by the claim with a lease in the database (FOR UPDATE SKIP
 * LOCKED on PostgreSQL), lane by lane. A company's engine can be paused (automation_pauses): its
 * runs are not claimed, and those in progress go back to pending at their next step or batch.
 *
 * Parts: run-intake.ts (outbox, schedules, calls → runs), run-execution.ts (due runs → steps),
 * run-history.ts (stored runs and the runs API), engine-core.ts (what they share).
 */
export class AutomationEngine {
  /** The engine's clock; tests move it (backoff, schedules). */
  now: () => number;
  private readonly core: EngineCore;
  private readonly intake: RunIntake;
  private readonly executor: RunExecutor;
  private readonly history: RunHistory;
  private readonly lanes: LaneRunner<repo.RunLane>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  private closed = false;
  private pumping: Promise<boolean> | null = null;
  private pumpAgain = false;
  /** Set runs handed to the set lane so far (drain looks whether one ran during its round). */
  private setRunsStarted = 0;

  constructor(deps: EngineDeps) {
    this.now = deps.now ?? Date.now;
    const core = new EngineCore(deps, () => this.now());
    this.core = core;
    this.intake = new RunIntake(core, () => this.wake());
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
    this.lanes =
      deps.runner ?? new Lanes<repo.RunLane>({ event: core.concurrency, set: core.setConcurrency });
    this.executor = new RunExecutor(core, services, this.lanes, () => this.closed);
    this.history = new RunHistory(core, () => this.wake());
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  start(): void {
    if (this.core.d.pollMs <= 0 || this.timer) return;
    const loop = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        void this.pumpSets();
        void this.tick().finally(loop);
      }, this.core.d.pollMs);
      this.timer.unref();
    };
    loop();
  }

  /** Stops the loop; set runs in progress go back to pending at their next batch (another start carries on). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.pumping?.catch(() => undefined);
    // Its own lanes only: the runner may be the instance's, shared with other work.
    await Promise.all([this.lanes.idle('event'), this.lanes.idle('set')]);
  }

  /**
   * Runs were written pending (a run on existing records, a retry, a resume): both lanes look now
   * rather than at the next poll.
   */
  private wake(): void {
    this.nudge();
    if (this.core.d.pollMs > 0 && !this.closed) void this.pumpSets();
  }

  /**
   * A write was committed: the event lane works now rather than at the next poll (the set lane
   * looks at its poll: a record write never starts a set run, and a run over 100,000 records
   * writes 100,000 times).
   */
  nudge(): void {
    if (this.core.d.pollMs <= 0 || this.closed) return;
    void this.tick();
  }

  /** Forget the jobs read so far. */
  invalidateJobs(): void {
    this.core.invalidateJobs();
  }

  /**
   * Work until nothing is left that is due now, set runs to their end included (tests drive the
   * engine with it; runs of a paused company stay pending).
   */
  async drain(maxRounds = 1000): Promise<void> {
    this.invalidateJobs();
    // Events of transactions that other connections' older transactions still hide (PostgreSQL,
    // events/event-log.ts) are waited for, a few seconds at most.
    const deadline = Date.now() + 10_000;
    for (let i = 0; i < maxRounds; i++) {
      const started = this.setRunsStarted;
      const events = await this.tick();
      await this.pumpSets();
      await this.lanes.idle('set');
      if (!events && this.setRunsStarted === started) {
        if (Date.now() > deadline || !(await this.intake.behind())) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  /**
   * One round of the event lane: outbox, schedules, due runs on one record. Rounds never overlap;
   * answers whether work was done. Set runs of the schedule slots it fired go to the set lane,
   * which it never waits for.
   */
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
          if (b) void this.pumpSets();
          const c = await this.executor.runDueEvents();
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

  /**
   * Fills the set lane's free slots with due set runs (claimed with a lease) and starts them; never
   * waits for them. One pump at a time; answers whether it started any.
   */
  private pumpSets(): Promise<boolean> {
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    // (Read through a function: both change while the pump awaits.)
    const again = () => this.pumpAgain && !this.closed;
    const pump = async (): Promise<boolean> => {
      let started = false;
      do {
        this.pumpAgain = false;
        if (this.closed) break;
        const runs = await this.executor.claimSets(this.lanes.free('set'));
        for (const run of runs) {
          this.setRunsStarted += 1;
          started = true;
          this.lanes
            .run('set', () => this.executor.executeGuarded(run))
            .then(
              // A slot came free: the next due set run takes it (the poll would, later).
              () => {
                if (this.core.d.pollMs > 0 && !this.closed) void this.pumpSets();
              },
              (err: unknown) => this.core.d.onError(err, `automations: run ${run.id}`),
            );
        }
      } while (again());
      return started;
    };
    this.pumping = pump()
      .catch((err: unknown) => {
        this.core.d.onError(err, 'automations: set runs');
        return false;
      })
      .finally(() => {
        this.pumping = null;
      });
    return this.pumping;
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

  // -------------------------------------------------------------------------------------------
  // The company's engine: paused or running (GET /api/job/engine, POST /api/job/pause|resume)

  async engineState(auth: AuthContext): Promise<JobEngineState> {
    const pause = await repo.findPause(this.core.k, auth.companyId);
    return {
      paused: pause !== null,
      pausedAt: pause ? new Date(pause.pausedAt).toISOString() : null,
      pausedBy: pause?.pausedBy ?? null,
    };
  }

  /**
   * No run of the company starts or continues until `resumeEngine`: runs in progress go back to
   * pending at their next step or batch. Events still become pending runs and schedules still
   * take their slots, so nothing is lost. Pausing a paused engine keeps the first pause.
   */
  async pauseEngine(auth: AuthContext): Promise<JobEngineState> {
    await repo.addPause(this.core.k, auth.companyId, auth.accountId, this.now());
    return this.engineState(auth);
  }

  /** The company's runs are claimed again, from where they stopped. */
  async resumeEngine(auth: AuthContext): Promise<JobEngineState> {
    await repo.removePause(this.core.k, auth.companyId);
    this.wake();
    return this.engineState(auth);
  }
}
