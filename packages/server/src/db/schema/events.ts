import type { Generated } from 'kysely';

/** The event stream (events/): every write's events, and where each durable consumer has read to. */
export interface EventTables {
  outbox_events: OutboxEventsTable;
  event_cursors: EventCursorsTable;
}

/** One event (0011, 0023): appended in the transaction of the write it reports. */
export interface OutboxEventsTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  event_type: number | null;
  subject_id: number;
  talk_id: number | null;
  talk_version: number | null;
  message_id: number | null;
  account_id: number | null;
  depth: Generated<number>;
  source: string | null;
  /** JSON. */
  payload: string;
  created_at: number;
  processed_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** PostgreSQL: the writing transaction's id (read order); 0 on SQLite. */
  tx: Generated<number>;
}

/** A durable consumer's position in the stream (0023): the last (tx, id) it has taken. */
export interface EventCursorsTable {
  consumer: string;
  tx: number;
  event_id: number;
  updated_at: number;
}
