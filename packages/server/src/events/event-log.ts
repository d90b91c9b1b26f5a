import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import {
  AUTOMATION_EVENT_TYPES,
  type NewStreamEvent,
  type StreamEvent,
  type StreamEventKind,
} from './event-kinds.ts';

/** Where a durable consumer has read to: (tx, id) of the last event it took. */
export interface StreamPosition {
  tx: number;
  id: number;
}

/** A stored event as a durable consumer reads it (its position included). */
export interface LoggedEvent extends StreamEvent {
  tx: number;
}

/** Rows per insert: 13 parameters a row stays far below SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 500;

/** One event: the insert of every record write, built and compiled once (db/prepared.ts). */
const insertOne = prepared(
  (
    db: Kysely<Database>,
    _: 0,
    companyId: number,
    kind: string,
    eventType: number | null,
    subjectId: number,
    talkId: number | null,
    talkVersion: number | null,
    messageId: number | null,
    accountId: number | null,
    depth: number,
    source: string | null,
    payload: string,
    at: number,
  ) =>
    db
      .insertInto('outbox_events')
      .values({
        company_id: companyId,
        kind,
        event_type: eventType,
        subject_id: subjectId,
        talk_id: talkId,
        talk_version: talkVersion,
        message_id: messageId,
        account_id: accountId,
        depth,
        source,
        payload,
        created_at: at,
      })
      .returning('id'),
);

/** Writes events in the caller's transaction; answers them with their ids, in order. */
export async function insertEvents(
  trx: Kysely<Database>,
  events: readonly NewStreamEvent[],
): Promise<StreamEvent[]> {
  const now = Date.now();
  if (events.length === 1 && events[0]) {
    const e = complete(events[0], now);
    const [row] = await insertOne(
      trx,
      0,
      e.companyId,
      e.kind,
      e.eventType,
      e.subjectId,
      e.talkId,
      e.talkVersion,
      e.messageId,
      e.accountId,
      e.depth,
      e.source,
      JSON.stringify(e.payload),
      e.at,
    );
    if (!row) throw new Error('the event was not written');
    return [{ ...e, id: row.id }];
  }
  const out: StreamEvent[] = [];
  for (let i = 0; i < events.length; i += INSERT_CHUNK) {
    const chunk = events.slice(i, i + INSERT_CHUNK).map((e) => complete(e, now));
    const rows = await trx
      .insertInto('outbox_events')
      .values(
        chunk.map((e) => ({
          company_id: e.companyId,
          kind: e.kind,
          event_type: e.eventType,
          subject_id: e.subjectId,
          talk_id: e.talkId,
          talk_version: e.talkVersion,
          message_id: e.messageId,
          account_id: e.accountId,
          depth: e.depth,
          source: e.source,
          payload: JSON.stringify(e.payload),
          created_at: e.at,
        })),
      )
      .returning('id')
      .execute();
    // Both databases answer a multi-row insert's ids in the order of its rows.
    for (const [n, e] of chunk.entries()) {
      const id = rows[n]?.id;
      if (id === undefined) throw new Error('an event was not written');
      out.push({ ...e, id });
    }
  }
  return out;
}

function complete(e: NewStreamEvent, now: number): Omit<StreamEvent, 'id'> {
  return {
    companyId: e.companyId,
    kind: e.kind,
    eventType: AUTOMATION_EVENT_TYPES[e.kind] ?? null,
    subjectId: e.subjectId ?? 0,
    talkId: e.talkId ?? null,
    talkVersion: e.talkVersion ?? null,
    messageId: e.messageId ?? null,
    accountId: e.accountId ?? null,
    depth: e.depth ?? 0,
    source: e.source ?? null,
    payload: e.payload,
    at: e.at ?? now,
  };
}

interface EventRow {
  id: number | string;
  tx: number | string;
  company_id: number | string;
  kind: string;
  event_type: number | string | null;
  subject_id: number | string;
  talk_id: number | string | null;
  talk_version: number | string | null;
  message_id: number | string | null;
  account_id: number | string | null;
  depth: number | string;
  source: string | null;
  payload: string;
  created_at: number | string;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toEvent(r: EventRow): LoggedEvent {
  return {
    id: Number(r.id),
    tx: Number(r.tx),
    companyId: Number(r.company_id),
    kind: r.kind as StreamEventKind,
    eventType: num(r.event_type),
    subjectId: Number(r.subject_id),
    talkId: num(r.talk_id),
    talkVersion: num(r.talk_version),
    messageId: num(r.message_id),
    accountId: num(r.account_id),
    depth: Number(r.depth),
    source: r.source,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    at: Number(r.created_at),
  };
}

/**
 * The events after `after`, in stream order. On PostgreSQL only those of transactions older than
 * every transaction still running: a smaller id committed late can then no longer appear behind
 * the cursor (migration 0023). `kinds` narrows the read to what the consumer takes.
 */
export async function readAfter(
  db: Kysely<Database>,
  dialect: DialectName,
  after: StreamPosition,
  limit: number,
): Promise<LoggedEvent[]> {
  return (await eventsAfter(db, dialect, after.tx, after.id, limit)).map(toEvent);
}

// A durable consumer's statements run after every write: compiled once each (db/prepared.ts).
const eventsAfter = prepared(
  (db: Kysely<Database>, dialect: DialectName, afterTx: number, afterId: number, limit: number) => {
    const columns = sql`id, tx, company_id, kind, event_type, subject_id, talk_id, talk_version,
      message_id, account_id, depth, source, payload, created_at`;
    return dialect === 'postgres'
      ? sql<EventRow>`select ${columns} from outbox_events
          where (tx, id) > (${afterTx}, ${afterId})
            and tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
          order by tx, id limit ${limit}`
      : sql<EventRow>`select ${columns} from outbox_events
          where id > ${afterId} order by id limit ${limit}`;
  },
);

const anyBeyond = prepared((_db: Kysely<Database>, dialect: DialectName, tx: number, id: number) =>
  dialect === 'postgres'
    ? sql<{ one: number }>`select 1 as one from outbox_events where (tx, id) > (${tx}, ${id}) limit 1`
    : sql<{ one: number }>`select 1 as one from outbox_events where id > ${id} limit 1`,
);

/**
 * Whether events exist after a consumer's position that `readAfter` does not answer yet
 * (PostgreSQL: their transactions, or an older one still running, have not finished).
 */
export async function eventsBeyond(
  db: Kysely<Database>,
  dialect: DialectName,
  at: StreamPosition,
): Promise<boolean> {
  return (await anyBeyond(db, dialect, at.tx, at.id)).length > 0;
}

const cursorOf = prepared((db: Kysely<Database>, _: 0, consumer: string) =>
  db.selectFrom('event_cursors').select(['tx', 'event_id']).where('consumer', '=', consumer),
);

/** A consumer's position (created at the stream's end when it has none yet). */
export async function positionOf(db: Kysely<Database>, consumer: string): Promise<StreamPosition> {
  const [row] = await cursorOf(db, 0, consumer);
  if (row) return { tx: row.tx, id: row.event_id };
  const end = await sql<{ tx: number | string | null; id: number | string | null }>`
    select max(tx) as tx, max(id) as id from outbox_events`.execute(db);
  const at = { tx: Number(end.rows[0]?.tx ?? 0), id: Number(end.rows[0]?.id ?? 0) };
  await db
    .insertInto('event_cursors')
    .values({ consumer, tx: at.tx, event_id: at.id, updated_at: Date.now() })
    .onConflict((oc) => oc.column('consumer').doNothing())
    .execute();
  return positionOf(db, consumer);
}

/**
 * Takes a consumer's cursor for this transaction: its position, or null when another instance holds
 * it (PostgreSQL; that one is reading the same events, so this one has nothing to do).
 */
export async function lockPosition(
  trx: Transaction<Database>,
  dialect: DialectName,
  consumer: string,
): Promise<StreamPosition | null> {
  const [row] = await lockCursor(trx, dialect, consumer);
  return row ? { tx: Number(row.tx), id: Number(row.event_id) } : null;
}

const lockCursor = prepared((_db: Kysely<Database>, dialect: DialectName, consumer: string) => {
  const lock = dialect === 'postgres' ? sql` for update skip locked` : sql``;
  return sql<{ tx: number | string; event_id: number | string }>`
    select tx, event_id from event_cursors where consumer = ${consumer}${lock}`;
});

const moveCursor = prepared(
  (db: Kysely<Database>, _: 0, tx: number, id: number, at: number, consumer: string) =>
    db
      .updateTable('event_cursors')
      .set({ tx, event_id: id, updated_at: at })
      .where('consumer', '=', consumer),
);

export async function movePosition(
  trx: Kysely<Database>,
  consumer: string,
  to: StreamPosition,
): Promise<void> {
  await moveCursor(trx, 0, to.tx, to.id, Date.now(), consumer);
}

/**
 * Forgets events every durable consumer has read and that are older than `before` (the log is for
 * delivery, not history: a record's history is its `talk_changes`). Answers how many went.
 */
export async function pruneEvents(
  db: Kysely<Database>,
  dialect: DialectName,
  before: number,
): Promise<number> {
  // The slowest consumer's position, in stream order.
  const floor = await sql<{ tx: number | string; id: number | string }>`
    select tx, event_id as id from event_cursors order by tx, event_id limit 1`.execute(db);
  const row = floor.rows[0];
  if (!row) return 0;
  const result =
    dialect === 'postgres'
      ? await sql`delete from outbox_events where created_at < ${before}
          and (tx, id) <= (${Number(row.tx)}, ${Number(row.id)})`.execute(db)
      : await sql`delete from outbox_events where created_at < ${before} and id <= ${Number(row.id)}`.execute(
          db,
        );
  return Number(result.numAffectedRows ?? 0);
}
