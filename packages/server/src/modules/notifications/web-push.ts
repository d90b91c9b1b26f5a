import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { notificationMessages as m } from '@talkbase/domain/contracts/notifications';
import type { Database } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import { refusedBeforeLookup, type AllowEntry, type OutboundClient } from '../../outbound/index.ts';

/** web-push loads with the first key pair made or push sent, not with every server's start. */
const webPush = () => import('web-push').then((m) => m.default);

/** A VAPID key pair, created on first start and kept in `server_secrets` so every instance shares it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function secret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function vapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const existing = await secret(db, 'vapid');
  if (!existing) {
    const fresh = (await webPush()).generateVAPIDKeys();
    await db
      .insertInto('server_secrets')
      .values({ name: 'vapid', value: JSON.stringify(fresh) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  // Read back: with several instances starting at once, the first insert wins for all.
  return JSON.parse((await secret(db, 'vapid')) ?? '{}') as VapidKeys;
}

/** What the browser's service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string | null;
}

/** Browsers kept per account; a new one beyond them replaces the one subscribed longest ago. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** One delivery's deadline (connect, redirects, answer); OUTBOUND_TIMEOUT_MS lowers it. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Deliveries in flight at once on this instance, whatever the number of sends. */
const PUSH_CONCURRENCY = 16;
const PUSH_TTL_SECONDS = 24 * 60 * 60;

interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Browser push (Web Push with VAPID): subscriptions per account, and delivery to them. The
 * library encrypts and signs (`generateRequestDetails`); the request itself goes through the
 * server's guarded outbound client, since an endpoint is a URL any signed-in account chose.
 * Delivery runs in the background, concurrently, each with a short deadline: a slow or dead push
 * service never holds a send, an automation or a request.
 */
export class PushChannel {
  private readonly db: Kysely<Database>;
  private readonly keys: VapidKeys;
  private readonly contact: string;
  private readonly outbound: OutboundClient;
  private readonly allow: AllowEntry[];
  private readonly timeoutMs: number;
  private readonly onError: (e: unknown) => void;
  private readonly limit = pLimit(PUSH_CONCURRENCY);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(deps: {
    db: Kysely<Database>;
    keys: VapidKeys;
    contact: string;
    /** The guarded client, and the operator's allow-list it was built with (OUTBOUND_ALLOW). */
    outbound: OutboundClient;
    allow: AllowEntry[];
    /** Deadline of one delivery, ms (at most PUSH_TIMEOUT_MS). */
    timeoutMs?: number;
    onError: (e: unknown) => void;
  }) {
    this.db = deps.db;
    this.keys = deps.keys;
    this.contact = deps.contact;
    this.outbound = deps.outbound;
    this.allow = deps.allow;
    this.timeoutMs = Math.min(deps.timeoutMs ?? PUSH_TIMEOUT_MS, PUSH_TIMEOUT_MS);
    this.onError = deps.onError;
  }

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async subscribe(
    account: { accountId: number; companyId: number },
    s: { endpoint: string; keys: { p256dh: string; auth: string } },
  ): Promise<void> {
    // Loopback, private and metadata addresses are refused now; names are judged at delivery.
    if (refusedBeforeLookup(new URL(s.endpoint), this.allow))
      throw unprocessable([{ message: m.pushEndpointRefused, field: 'endpoint' }]);
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      // An endpoint belongs to one browser: a new sign-in on it takes it over, as the newest.
      await trx
        .insertInto('push_subscriptions')
        .values({
          company_id: account.companyId,
          account_id: account.accountId,
          endpoint: s.endpoint,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            company_id: account.companyId,
            account_id: account.accountId,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
            created_at: now,
          }),
        )
        .execute();
      const kept = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('account_id', '=', account.accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_PUSH_SUBSCRIPTIONS)
        .execute();
      await trx
        .deleteFrom('push_subscriptions')
        .where('account_id', '=', account.accountId)
        .where(
          'id',
          'not in',
          kept.map((r) => r.id),
        )
        .execute();
    });
  }

  async unsubscribe(accountId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('account_id', '=', accountId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  /**
   * Queues the push to every browser of the account and answers how many it was queued to;
   * delivery goes on in the background. Subscriptions the push service says are gone are dropped.
   */
  async send(accountId: number, payload: PushPayload): Promise<number> {
    if (this.stopping.signal.aborted) return 0;
    const subs = await this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_PUSH_SUBSCRIPTIONS)
      .execute();
    const body = JSON.stringify(payload);
    for (const s of subs) {
      const delivery = this.limit(() => this.deliver(s, body)).catch((e: unknown) => {
        if (!this.stopping.signal.aborted) this.onError(e);
      });
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
    return subs.length;
  }

  /** Abandons the deliveries under way and waits for them (the server is closing). */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(s: SubscriptionRow, payload: string): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const details = (await webPush()).generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      payload,
      {
        TTL: PUSH_TTL_SECONDS,
        vapidDetails: {
          subject: this.contact,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
      },
    );
    const res = await this.outbound.request({
      method: details.method,
      url: details.endpoint,
      // Typed as strings, but TTL and Content-Length come as numbers.
      headers: Object.fromEntries(
        Object.entries(details.headers as Record<string, string | number>).map(([k, v]) => [k, String(v)]),
      ),
      body: details.body,
      timeoutMs: this.timeoutMs,
      signal: this.stopping.signal,
    });
    if (res.status === 404 || res.status === 410)
      await this.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
    else if (res.status < 200 || res.status >= 300)
      this.onError(new Error(`push service answered ${res.status} (subscription ${s.id})`));
  }
}
