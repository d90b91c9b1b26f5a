import pg from 'pg';
import type { RealtimeEventName } from '@talkbase/domain/contracts/realtime';

/** What travels between instances: an event for one company's connected users. */
export interface Envelope {
  companyId: number;
  event: RealtimeEventName;
  data: unknown;
  /** The account that caused it (its own sockets are skipped when `skipOrigin`). */
  originAccountId?: number;
  skipOrigin?: boolean;
  /** When set, only the sockets of this audience get the event (see `Audience`). */
  audience?: Audience;
}

/**
 * Who may get an event: the listed accounts only (`accountIds`), and/or only accounts that may
 * read a record (`talk`, checked on the instance that holds the socket, by the hub's record check).
 * Both given: both must hold. Kept to references so the envelope stays small for NOTIFY.
 */
export interface Audience {
  accountIds?: number[];
  talk?: { subject: string; talkId: number };
}

export interface RealtimeBus {
  publish(envelope: Envelope): Promise<void>;
  start(deliver: (envelope: Envelope) => void): Promise<void>;
  close(): Promise<void>;
}

/** One process: publishing is delivering. */
export function localBus(): RealtimeBus {
  let deliver: ((e: Envelope) => void) | undefined;
  return {
    publish(envelope) {
      deliver?.(envelope);
      return Promise.resolve();
    },
    start(fn) {
      deliver = fn;
      return Promise.resolve();
    },
    close() {
      deliver = undefined;
      return Promise.resolve();
    },
  };
}

/**
 * Several instances on PostgreSQL: events go through NOTIFY on one channel; every instance,
 * the publisher included, LISTENs and delivers to its own sockets. NOTIFY payloads are capped at
 * 8000 bytes, so events carry references (subject, ids), never whole records.
 */
export function postgresBus(opts: {
  pool: pg.Pool;
  connectionString: string;
  channel: string;
  onError: (err: unknown) => void;
}): RealtimeBus {
  let client: pg.Client | undefined;
  let closed = false;
  let deliver: ((e: Envelope) => void) | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.connectionString });
    c.on('notification', (msg) => {
      if (msg.channel !== opts.channel || !msg.payload) return;
      try {
        deliver?.(JSON.parse(msg.payload) as Envelope);
      } catch (err) {
        opts.onError(err);
      }
    });
    c.on('error', (err) => {
      opts.onError(err);
      if (closed) return;
      client = undefined;
      // Keep listening: reconnect after a pause (events sent meanwhile are missed, as with any push).
      setTimeout(() => void connect().catch(opts.onError), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN "${opts.channel}"`);
    client = c;
  };

  return {
    async publish(envelope) {
      await opts.pool.query('select pg_notify($1, $2)', [opts.channel, JSON.stringify(envelope)]);
    },
    async start(fn) {
      deliver = fn;
      await connect();
    },
    async close() {
      closed = true;
      deliver = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
