import type { Kysely } from 'kysely';
import {
  MAX_SLA_CALENDARS,
  MAX_SLA_POLICIES,
  slaMessages,
  type SlaCalendar,
  type SlaCalendarInput,
  type SlaPolicy,
  type SlaPolicyInput,
  type SlaActiveAnswer,
  type SlaReportRow,
  type SlaState,
  type SlaStateAnswer,
} from '@talkbase/domain/contracts/sla';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { TICKET_SUBJECT } from '@talkbase/domain/tickets/ticket-rules';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { CatalogCache } from '../../records/catalog.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { existingIds } from '../../records/records.repository.ts';
import { clockView, currentClocks, endedOf, stateIsPaused } from './sla-clock-math.ts';
import type { SlaClocks } from './sla-clocks.ts';
import * as repo from './sla.repository.ts';

const list = <T>(itens: T[]) => ({ itens, totalResults: itens.length, currentPage: 1 });

/**
 * Service levels (issue 37 item 3): calendars and policies (administrators), each ticket's clocks as
 * the grid shows them (whoever may read the ticket, through the access module's row scope, as the
 * grid page reads them), and compliance per month and policy.
 */
export class SlaService {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly permissions: PermissionsService;
  readonly clocks: SlaClocks;

  constructor(deps: { db: Db; catalog: CatalogCache; permissions: PermissionsService; clocks: SlaClocks }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.permissions = deps.permissions;
    this.clocks = deps.clocks;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  // Calendars ------------------------------------------------------------------------------------

  async calendars(auth: AuthContext) {
    return list(await repo.listCalendars(this.k, auth.companyId));
  }

  async createCalendar(auth: AuthContext, input: SlaCalendarInput): Promise<SlaCalendar> {
    if ((await repo.countCalendars(this.k, auth.companyId)) >= MAX_SLA_CALENDARS)
      throw unprocessable(slaMessages.tooManyCalendars);
    const id = await repo.insertCalendar(this.k, auth.companyId, input, Date.now());
    return this.calendar(auth, id);
  }

  async calendar(auth: AuthContext, id: number): Promise<SlaCalendar> {
    const c = await repo.findCalendar(this.k, auth.companyId, id);
    if (!c) throw notFound(slaMessages.calendarNotFound);
    return c;
  }

  async updateCalendar(
    auth: AuthContext,
    id: number,
    input: SlaCalendarInput & { version: number },
  ): Promise<SlaCalendar> {
    await this.calendar(auth, id);
    await this.savedThenRecomputed(auth, (trx) =>
      repo.updateCalendar(trx, auth.companyId, id, input.version, input, Date.now()),
    );
    return this.calendar(auth, id);
  }

  /**
   * A change to a policy or a calendar (`save` answers false on a stale version: 409), and, in the
   * same transaction, a pass over the open tickets so that their clocks follow it (SlaClocks).
   */
  private async savedThenRecomputed(
    auth: AuthContext,
    save: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<void> {
    const saved = await this.k.transaction().execute(async (trx) => {
      if (!(await save(trx))) return false;
      await repo.requestRecompute(trx, auth.companyId, Date.now());
      return true;
    });
    if (!saved) throw conflict(slaMessages.stale);
    this.clocks.nudge();
  }

  async deleteCalendar(auth: AuthContext, id: number): Promise<void> {
    await this.calendar(auth, id);
    if (await repo.calendarInUse(this.k, auth.companyId, id)) throw conflict(slaMessages.calendarInUse);
    await repo.deleteCalendar(this.k, auth.companyId, id);
  }

  // Policies -------------------------------------------------------------------------------------

  async policies(auth: AuthContext) {
    return list(await repo.listPolicies(this.k, auth.companyId));
  }

  async policy(auth: AuthContext, id: number): Promise<SlaPolicy> {
    const p = await repo.findPolicy(this.k, auth.companyId, id);
    if (!p) throw notFound(slaMessages.policyNotFound);
    return p;
  }

  /** The calendar exists in the company, the filter compiles on the tickets' subject. */
  private async checkPolicy(auth: AuthContext, input: SlaPolicyInput): Promise<void> {
    if (!(await repo.findCalendar(this.k, auth.companyId, input.calendarId)))
      throw unprocessable([{ message: slaMessages.calendarNotFound, field: 'calendarId' }]);
    const catalog = await this.catalog.get(auth.companyId);
    const subject = catalog.subjectsByIdentifier.get(TICKET_SUBJECT);
    if (!subject) throw unprocessable(slaMessages.noTickets);
    if (input.filter) {
      try {
        compileFilter(input.filter, subject, { alias: 't', timeZone: catalog.timeZone, now: Date.now() });
      } catch {
        throw unprocessable([{ message: slaMessages.filterInvalid, field: 'filter' }]);
      }
    }
  }

  async createPolicy(auth: AuthContext, input: SlaPolicyInput): Promise<SlaPolicy> {
    if ((await repo.countPolicies(this.k, auth.companyId)) >= MAX_SLA_POLICIES)
      throw unprocessable(slaMessages.tooManyPolicies);
    await this.checkPolicy(auth, input);
    let id = 0;
    await this.savedThenRecomputed(auth, async (trx) => {
      id = await repo.insertPolicy(trx, auth.companyId, input, Date.now());
      return true;
    });
    return this.policy(auth, id);
  }

  async updatePolicy(auth: AuthContext, id: number, input: SlaPolicyInput & { version: number }) {
    await this.policy(auth, id);
    await this.checkPolicy(auth, input);
    await this.savedThenRecomputed(auth, (trx) =>
      repo.updatePolicy(trx, auth.companyId, id, input.version, input, Date.now()),
    );
    return this.policy(auth, id);
  }

  async deletePolicy(auth: AuthContext, id: number): Promise<void> {
    await this.policy(auth, id);
    await this.savedThenRecomputed(auth, async (trx) => {
      await repo.deletePolicy(trx, auth.companyId, id);
      return true;
    });
  }

  // Clocks ---------------------------------------------------------------------------------------

  /** Whether the subject's grid shows an SLA column (whoever reads the subject may ask). */
  async active(auth: AuthContext, subjectIdentifier: string): Promise<SlaActiveAnswer> {
    const policy = await this.permissions.access(auth, subjectIdentifier, 'read');
    if (policy.subject.identifier.toLowerCase() !== TICKET_SUBJECT) return { active: false };
    return { active: await repo.hasActivePolicy(this.k, auth.companyId) };
  }

  /** The clocks of the tickets among `ids` the account may read (the others do not exist for it). */
  async states(auth: AuthContext, subjectIdentifier: string, ids: number[]): Promise<SlaStateAnswer> {
    const policy = await this.permissions.access(auth, subjectIdentifier, 'read');
    const now = this.clocks.now();
    const asOf = new Date(now).toISOString();
    if (policy.subject.identifier.toLowerCase() !== TICKET_SUBJECT) return { asOf, states: [] };
    const readable = await existingIds(this.k, policy.subject.id, ids, policy.rows);
    const rows = await repo.statesOf(this.k, policy.subject.id, [...readable]);
    const policies = new Map((await repo.listPolicies(this.k, auth.companyId)).map((p) => [p.policyId, p]));
    const calendars = new Map(
      (await repo.listCalendars(this.k, auth.companyId)).map((c) => [c.calendarId, c]),
    );
    const states: SlaState[] = [];
    for (const s of rows) {
      const p = policies.get(s.policy_id);
      const c = p && calendars.get(p.calendarId);
      if (!p || !c) continue;
      const clocks = currentClocks(p, repo.businessCalendar(c), s, now).map((t) =>
        clockView(t, stateIsPaused(s), now),
      );
      states.push({ talkId: s.talk_id, policyId: p.policyId, policyName: p.name, clocks });
    }
    return { asOf, states: states.sort((a, b) => a.talkId - b.talkId) };
  }

  /**
   * Compliance per month (the company's zone) and policy: each clock counted in the month it ended
   * (met or late), or, still running, in the month it fell due once late.
   */
  async report(auth: AuthContext, months: number): Promise<{ rows: SlaReportRow[] }> {
    const catalog = await this.catalog.get(auth.companyId);
    const tz = catalog.timeZone;
    const now = this.clocks.now();
    const today = civilDateIn(new Date(now), tz) ?? { year: 2000, month: 1, day: 1 };
    const first = new Date(Date.UTC(today.year, today.month - months, 1) - 14 * 3_600_000).getTime();
    const monthOf = (t: number) => {
      const d = civilDateIn(new Date(t), tz);
      return d ? `${d.year}-${String(d.month).padStart(2, '0')}` : '';
    };
    const firstMonth = new Date(Date.UTC(today.year, today.month - months, 1)).toISOString().slice(0, 7);
    const policies = new Map((await repo.listPolicies(this.k, auth.companyId)).map((p) => [p.policyId, p]));
    const counts = new Map<string, SlaReportRow>();
    for (const s of await repo.endedStates(this.k, auth.companyId, first)) {
      const ended = endedOf(s.ended);
      const ends: ['firstResponse' | 'resolution', number | null, number | null][] = [
        ['firstResponse', s.first_response_at ?? s.resolved_at, s.first_due_at],
        ['resolution', s.resolved_at, s.resolution_due_at],
      ];
      for (const [target, stoppedAt, dueAt] of ends) {
        // A clock that ended counts for the policy it ended under.
        const p = policies.get(ended.find((c) => c.target === target)?.policyId ?? s.policy_id);
        if (!p || dueAt === null) continue;
        const late = (stoppedAt ?? now) > dueAt;
        if (stoppedAt === null && !late) continue;
        const month = monthOf(stoppedAt ?? dueAt);
        if (month < firstMonth) continue;
        const key = `${month}|${p.policyId}|${target}`;
        const row = counts.get(key) ?? {
          month,
          policyId: p.policyId,
          policyName: p.name,
          target,
          met: 0,
          breached: 0,
        };
        if (late) row.breached++;
        else row.met++;
        counts.set(key, row);
      }
    }
    const rows = [...counts.values()].sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        a.policyName.localeCompare(b.policyName) ||
        a.target.localeCompare(b.target),
    );
    return { rows };
  }
}
