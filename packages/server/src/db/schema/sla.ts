import type { Generated } from 'kysely';

/** Service levels (0032, modules/sla). */
export interface SlaTables {
  sla_calendars: SlaCalendarsTable;
  sla_policies: SlaPoliciesTable;
  sla_states: SlaStatesTable;
  sla_recompute: SlaRecomputeTable;
}

export interface SlaCalendarsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  time_zone: string;
  /** JSON: seven lists (Sunday first) of [from, to) minutes. */
  week: string;
  national_holidays: number;
  /** JSON list of 'YYYY-MM-DD'. */
  holidays: string;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SlaPoliciesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  position: number;
  active: number;
  calendar_id: number;
  /** JSON filter tree; null: every ticket. */
  filter: string | null;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
  /** JSON lists of status record ids. */
  pause_statuses: string;
  done_statuses: string;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A ticket's clocks. */
export interface SlaStatesTable {
  company_id: number;
  subject_id: number;
  talk_id: number;
  policy_id: number;
  started_at: number;
  /** JSON list of closed waits [from, to]. */
  pauses: string;
  /** The open wait's start, while the ticket waits for its customer. */
  paused_since: number | null;
  first_response_at: number | null;
  resolved_at: number | null;
  first_due_at: number | null;
  resolution_due_at: number | null;
  /** The earliest instant the checker has an event to send; null: none pending. */
  next_check_at: number | null;
  /** Bits of the events sent: 1 first response at risk, 2 breached; 4 resolution at risk, 8 breached. */
  sent: Generated<number>;
  updated_at: number;
  /** JSON list of the clocks that stopped, as they were counted then (`EndedClock`, 0035). */
  ended: Generated<string>;
}

/** A pending pass over a company's open tickets after a policy or calendar changed (0034). */
export interface SlaRecomputeTable {
  company_id: number;
  generation: number;
  after_talk_id: number;
  requested_at: number;
}
