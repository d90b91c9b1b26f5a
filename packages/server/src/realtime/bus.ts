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

/** NOTIFY's payload is capped at 8,000 bytes: a batch of envelopes stays under this. */
const MAX_BATCH_BYTES = 7_500;

/**
 * Several instances on PostgreSQL: events go through NOTIFY on one channel; every instance,
 * the publisher included, LISTENs and delivers to its own sockets. NOTIFY payloads are capped at
 * 8000 bytes, so events carry references (subject, ids), never whole records.
 *
 * One NOTIFY is in flight at a time; envelopes published meanwhile go together in the next, as a
 * JSON array, in the order they were published. An instance alone sends each at once; under
 * concurrent writes a statement (a round trip and a notification for every listener) serves
 * many (docs/decisions.md, "Closing the gap").
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
        const parsed = JSON.parse(msg.payload) as Envelope | Envelope[];
        for (const envelope of Array.isArray(parsed) ? parsed : [parsed]) deliver?.(envelope);
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

  const waiting: { json: string; bytes: number; sent: () => void; failed: (err: unknown) => void }[] = [];
  let sending = false;
  const send = async (): Promise<void> => {
    sending = true;
    for (let first = waiting.shift(); first; first = waiting.shift()) {
      const batch = [first];
      let bytes = first.bytes + 2;
      for (let next = waiting[0]; next && bytes + next.bytes + 1 <= MAX_BATCH_BYTES; next = waiting[0]) {
        batch.push(next);
        bytes += next.bytes + 1;
        waiting.shift();
      }
      try {
        await opts.pool.query('select pg_notify($1, $2)', [
          opts.channel,
          `[${batch.map((b) => b.json).join(',')}]`,
        ]);
        for (const b of batch) b.sent();
      } catch (err) {
        for (const b of batch) b.failed(err);
      }
    }
    sending = false;
  };

  return {
    publish(envelope) {
      const json = JSON.stringify(envelope);
      return new Promise<void>((sent, failed) => {
        waiting.push({ json, bytes: Buffer.byteLength(json), sent, failed });
        if (!sending) void send();
      });
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
