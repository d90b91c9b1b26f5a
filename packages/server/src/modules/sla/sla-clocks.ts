import { sql, type Kysely } from 'kysely';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { SlaPolicy } from '@talkbase/domain/contracts/sla';
import { TICKET_SUBJECT } from '@talkbase/domain/tickets/ticket-rules';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { appendEvent, type EventStream } from '../../events/event-stream.ts';
import {
  lockPosition,
  movePosition,
  positionOf,
  readAfter,
  eventsBeyond,
  type LoggedEvent,
} from '../../events/event-log.ts';
import { everyRow } from '../../access/row-scope.ts';
import type { CatalogCache } from '../../records/catalog.ts';
import { activeIdsAfter, findTalk, type TalkRow } from '../../records/records.repository.ts';
import { attributeColumn } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { recordMatches } from '../automations/record-match.ts';
import { currentClocks, endedJson, nextCheck, owedEvents, pausesOf } from './sla-clock-math.ts';
import * as repo from './sla.repository.ts';

/** The service levels' name in the event stream's cursors. */
const STREAM_CONSUMER = 'sla';
const BATCH = 200;
/** The kinds that move a ticket's clocks. */
const CLOCK_KINDS = new Set([
  'talk.created',
  'talk.updated',
  'talk.activated',
  'talk.deactivated',
  'talk.deleted',
  'message.created',
]);

export interface SlaClocksDeps {
  db: Db;
  catalog: CatalogCache;
  events: EventStream;
  /** How often the checker looks for clocks at risk or late; 0: never by itself (tests drain). */
  checkMs: number;
  onError: (err: unknown, what: string) => void;
}

/**
 * Each ticket's clocks (issue 37 item 3): a durable consumer of the event stream (its own cursor,
 * taken with the row lock `lockPosition` holds, so one instance at a time reads a batch) keeps
 * `sla_states` in step with the tickets' status, policy and first attendant message; a checker
 * sends "SLA em risco" and "SLA violado" once per ticket and target: the conditional update of
 * `sent` (repository `markSent`) lets one instance win, and the events go in its transaction.
 */
export class SlaClocks {
  private readonly d: SlaClocksDeps;
  /** The clock (tests move it). */
  now: () => number = () => Date.now();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(deps: SlaClocksDeps) {
    this.d = deps;
  }

  private get k(): Kysely<Database> {
    return this.d.db.kysely;
  }

  start(): void {
    if (this.d.checkMs <= 0) return;
    this.timer = setInterval(() => this.nudge(), this.d.checkMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs the consumer and the checker soon (after a commit, or on the timer). */
  nudge(): void {
    if (this.closed || this.d.checkMs <= 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err: unknown) => this.d.onError(err, 'sla'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  private async round(): Promise<void> {
    for (let i = 0; i < 50 && (await this.processStream()); i++);
    for (let i = 0; i < 10 && (await this.recomputeStep()); i++);
    await this.check();
    // A pass over many tickets goes on in the next round, without waiting for a commit or the timer.
    if ((await repo.pendingRecomputes(this.k, 1)).length > 0) this.again = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Everything due now, to the end (tests). */
  async drain(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      if (await this.processStream()) continue;
      if (await this.recomputeStep()) continue;
      if (!(await eventsBeyond(this.k, this.d.db.dialect, await positionOf(this.k, STREAM_CONSUMER)))) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await this.check();
  }

  // -------------------------------------------------------------------------------------------
  // The stream → clocks

  /** Takes the next batch of events from the cursor; true when it took some. */
  async processStream(): Promise<boolean> {
    const { dialect } = this.d.db;
    const from = await positionOf(this.k, STREAM_CONSUMER);
    const peeked = await readAfter(this.k, dialect, from, BATCH);
    if (peeked.length === 0) return false;
    return this.k.transaction().execute(async (trx) => {
      const at = await lockPosition(trx, dialect, STREAM_CONSUMER);
      if (!at) return false;
      if (at.tx !== from.tx || at.id !== from.id) return true;
      const policies = new Map<number, SlaPolicy[]>();
      // A company with no policy and no clocks (most, and every one before its first policy) has
      // nothing to follow: asked once a batch, not six statements an event.
      const inUse = new Map<number, boolean>();
      for (const e of peeked) {
        if (!CLOCK_KINDS.has(e.kind) || e.talkId === null) continue;
        let used = inUse.get(e.companyId);
        if (used === undefined) {
          used = await repo.clocksInUse(trx, e.companyId);
          inUse.set(e.companyId, used);
        }
        if (!used) continue;
        await sql`savepoint sla_event`.execute(trx);
        try {
          await this.applyEvent(trx, e, policies);
          await sql`release savepoint sla_event`.execute(trx);
        } catch (err) {
          await sql`rollback to savepoint sla_event`.execute(trx);
          this.d.onError(err, `sla: event ${e.id}`);
        }
      }
      const last = peeked[peeked.length - 1];
      if (last) await movePosition(trx, STREAM_CONSUMER, { tx: last.tx, id: last.id });
      return true;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Recomputation after a policy or calendar changed

  /**
   * One batch of a pending pass (repository `requestRecompute`): the next active tickets of the
   * company, each as if it had just been saved — a ticket without clocks gets them from its
   * creation, an open one follows the new policy, target or calendar; a ticket whose clock already
   * ended keeps it (the compliance already counted). True when it took a batch.
   */
  async recomputeStep(): Promise<boolean> {
    const [job] = await repo.pendingRecomputes(this.k, 1);
    if (!job) return false;
    const found = await this.ticketSubject(job.company_id, undefined, this.k);
    const ids = found
      ? await activeIdsAfter(this.k, found.subject.id, job.after_talk_id, BATCH, everyRow('service-levels'))
      : [];
    const at = this.now();
    await this.k.transaction().execute(async (trx) => {
      const next = ids.length === BATCH ? (ids[ids.length - 1] ?? null) : null;
      if (!(await repo.advanceRecompute(trx, job, next)) || !found) return;
      const policies = new Map<number, SlaPolicy[]>();
      for (const talkId of ids) {
        const e: LoggedEvent = {
          id: 0,
          tx: 0,
          companyId: job.company_id,
          kind: 'talk.updated',
          eventType: null,
          subjectId: found.subject.id,
          talkId,
          talkVersion: null,
          messageId: null,
          accountId: null,
          depth: 0,
          source: 'sla',
          payload: {},
          at,
        };
        await sql`savepoint sla_recompute`.execute(trx);
        try {
          await this.applyEvent(trx, e, policies, true);
          await sql`release savepoint sla_recompute`.execute(trx);
        } catch (err) {
          await sql`rollback to savepoint sla_recompute`.execute(trx);
          this.d.onError(err, `sla: recompute ${talkId}`);
        }
      }
    });
    return true;
  }

  /** The company's tickets' subject, if `subjectId` is it (undefined: whichever it is). */
  private async ticketSubject(companyId: number, subjectId: number | undefined, db: Kysely<Database>) {
    const catalog = await this.d.catalog.get(companyId, db);
    const subject =
      subjectId === undefined
        ? catalog.subjectsByIdentifier.get(TICKET_SUBJECT)
        : catalog.subjectsById.get(subjectId);
    if (!subject || subject.identifier.toLowerCase() !== TICKET_SUBJECT) return undefined;
    return { subject, timeZone: catalog.timeZone };
  }

  private async applyEvent(
    trx: Kysely<Database>,
    e: LoggedEvent,
    policiesOf: Map<number, SlaPolicy[]>,
    recompute = false,
  ): Promise<void> {
    const talkId = e.talkId;
    if (talkId === null) return;
    const found = await this.ticketSubject(e.companyId, e.subjectId, trx);
    if (!found) return;
    const { subject, timeZone } = found;
    if (e.kind === 'talk.deleted') return repo.deleteState(trx, subject.id, talkId);
    const row = await findTalk(trx, subject, talkId, everyRow('service-levels'));
    if (!row) return repo.deleteState(trx, subject.id, talkId);
    const existing = await repo.findState(trx, subject.id, talkId);
    if (existing && existing.resolved_at !== null) {
      // Resolved: both clocks ended. A pass after a policy change leaves them as they were counted,
      // and so does an edit while the ticket stays done — even if no policy's condition takes it in
      // any more.
      if (recompute) return;
      const counted = await repo.findPolicy(trx, e.companyId, existing.policy_id);
      if (counted && isDone(counted, subject, row)) return;
    }
    let policies = policiesOf.get(e.companyId);
    if (!policies) {
      policies = (await repo.listPolicies(trx, e.companyId)).filter((p) => p.active);
      policiesOf.set(e.companyId, policies);
    }
    let policy: SlaPolicy | undefined;
    for (const p of policies)
      if (await recordMatches(trx, subject, p.filter, talkId, { timeZone, now: e.at })) {
        policy = p;
        break;
      }
    if (!policy) return repo.deleteState(trx, subject.id, talkId);
    const calendar = await repo.findCalendar(trx, e.companyId, policy.calendarId);
    if (!calendar) return;

    const facts = {
      started_at: existing?.started_at ?? row.created_at,
      pauses: existing?.pauses ?? '[]',
      paused_since: existing?.paused_since ?? null,
      first_response_at: existing?.first_response_at ?? null,
      resolved_at: existing?.resolved_at ?? null,
    };
    const status = statusOf(subject, row);
    const waiting = status !== null && policy.pauseStatuses.includes(status);
    const done = isDone(policy, subject, row);
    // A ticket already done when its policy came gets no clock (it was never measured).
    if (recompute && !existing && done) return;
    if (waiting && facts.paused_since === null && !done) facts.paused_since = e.at;
    if ((!waiting || done) && facts.paused_since !== null) {
      const closed = pausesOf({ ...facts, paused_since: null }).map((p) => [p.from, p.to ?? e.at]);
      closed.push([facts.paused_since, e.at]);
      facts.pauses = JSON.stringify(closed);
      facts.paused_since = null;
    }
    if (done && facts.resolved_at === null) facts.resolved_at = e.at;
    if (!done && facts.resolved_at !== null) facts.resolved_at = null;
    if (
      e.kind === 'message.created' &&
      facts.first_response_at === null &&
      (await this.byAttendant(trx, e, row))
    )
      facts.first_response_at = e.at;
    // A ticket that gets its clocks from a pass may have been answered already.
    if (recompute && !existing)
      facts.first_response_at = await repo.firstAttendantMessageAt(
        trx,
        subject.id,
        talkId,
        row.created_by,
        CUSTOMER_ROOM_ID,
      );

    const clocks = currentClocks(
      policy,
      repo.businessCalendar(calendar),
      { ...facts, ended: existing?.ended ?? '[]' },
      e.at,
    );
    const due = (t: string) => clocks.find((c) => c.target === t)?.dueAt ?? null;
    await repo.saveState(trx, {
      company_id: e.companyId,
      subject_id: subject.id,
      talk_id: talkId,
      policy_id: policy.policyId,
      ...facts,
      first_due_at: due('firstResponse'),
      resolution_due_at: due('resolution'),
      next_check_at: nextCheck(clocks, existing?.sent ?? 0),
      updated_at: e.at,
      ended: endedJson(clocks),
    });
  }

  /**
   * Whether a message answers the ticket: written by an account that is neither the one who opened
   * the ticket nor one of the customers' room (an automation's message is no attendant's).
   */
  private async byAttendant(trx: Kysely<Database>, e: LoggedEvent, row: TalkRow): Promise<boolean> {
    if (e.accountId === null || e.source !== null) return false;
    if (row.created_by !== null && row.created_by === e.accountId) return false;
    const account = await trx
      .selectFrom('accounts')
      .select('room_id')
      .where('id', '=', e.accountId)
      .where('company_id', '=', e.companyId)
      .executeTakeFirst();
    return account !== undefined && account.room_id !== CUSTOMER_ROOM_ID;
  }

  // -------------------------------------------------------------------------------------------
  // The checker

  /** Sends the "em risco" / "violado" events due by now; answers how many went. */
  async check(): Promise<number> {
    const now = this.now();
    let sentCount = 0;
    for (let round = 0; round < 20; round++) {
      const due = await repo.dueStates(this.k, now, 100);
      if (due.length === 0) break;
      for (const s of due) sentCount += await this.checkOne(s, now);
      if (due.length < 100) break;
    }
    return sentCount;
  }

  private async checkOne(s: repo.StateRow, now: number): Promise<number> {
    const policy = await repo.findPolicy(this.k, s.company_id, s.policy_id);
    const calendar = policy && (await repo.findCalendar(this.k, s.company_id, policy.calendarId));
    if (!policy || !calendar) {
      await repo.markSent(this.k, s, s.sent, null);
      return 0;
    }
    const clocks = currentClocks(policy, repo.businessCalendar(calendar), s, now);
    const owed = owedEvents(clocks, s.sent).filter((o) => o.at <= now);
    const sent = owed.reduce((bits, o) => bits | o.bit, s.sent);
    const next = nextCheck(clocks, sent);
    const catalog = await this.d.catalog.get(s.company_id);
    const subject = catalog.subjectsById.get(s.subject_id);
    return this.d.events.write(async (trx) => {
      // Another instance sent them first: nothing to add.
      if (!(await repo.markSent(trx, s, sent, next))) return 0;
      if (!subject || owed.length === 0) return 0;
      const row = await findTalk(trx, subject, s.talk_id, everyRow('service-levels'));
      for (const o of owed)
        await appendEvent(trx, {
          companyId: s.company_id,
          kind: o.kind === 'atRisk' ? 'sla.at_risk' : 'sla.breached',
          subjectId: subject.id,
          talkId: s.talk_id,
          talkVersion: row ? row.version : null,
          payload: {
            subject: subject.identifier,
            target: o.target,
            policyId: policy.policyId,
            policyName: policy.name,
            at: new Date(o.at).toISOString(),
          },
        });
      return owed.length;
    });
  }
}

/** Whether the policy counts the ticket as done: one of its done statuses, or the ticket closed. */
function isDone(policy: SlaPolicy, subject: SubjectMeta, row: TalkRow): boolean {
  const status = statusOf(subject, row);
  return (status !== null && policy.doneStatuses.includes(status)) || row.is_active === 0;
}

/** The ticket's status (the `situacao` reference's record id), or null. */
function statusOf(subject: SubjectMeta, row: TalkRow): number | null {
  const a = subject.attributes.find((x) => x.identifier === 'situacao');
  if (!a) return null;
  const v = row[attributeColumn(a.id)];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}
