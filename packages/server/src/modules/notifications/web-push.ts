import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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

/** Browser push (Web Push with VAPID): subscriptions per account, and delivery to them. */
export class PushChannel {
  private readonly db: Kysely<Database>;
  private readonly keys: VapidKeys;
  private readonly contact: string;
  private readonly onError: (e: unknown) => void;

  constructor(deps: {
    db: Kysely<Database>;
    keys: VapidKeys;
    contact: string;
    onError: (e: unknown) => void;
  }) {
    this.db = deps.db;
    this.keys = deps.keys;
    this.contact = deps.contact;
    this.onError = deps.onError;
  }

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async subscribe(
    account: { accountId: number; companyId: number },
    s: { endpoint: string; keys: { p256dh: string; auth: string } },
  ): Promise<void> {
    // An endpoint belongs to one browser: a new sign-in on it takes it over.
    await this.db
      .insertInto('push_subscriptions')
      .values({
        company_id: account.companyId,
        account_id: account.accountId,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        created_at: Date.now(),
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          company_id: account.companyId,
          account_id: account.accountId,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
        }),
      )
      .execute();
  }

  async unsubscribe(accountId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('account_id', '=', accountId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  /** Sends to every browser of the account; answers how many accepted it. Gone subscriptions are dropped. */
  async send(accountId: number, payload: PushPayload): Promise<number> {
    const subs = await this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('account_id', '=', accountId)
      .execute();
    let sent = 0;
    const webpush = subs.length ? await webPush() : undefined;
    for (const s of subs) {
      if (!webpush) break;
      try {
        await webpush.sendNotification(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          JSON.stringify(payload),
          {
            TTL: 24 * 60 * 60,
            timeout: 10_000,
            vapidDetails: {
              subject: this.contact,
              publicKey: this.keys.publicKey,
              privateKey: this.keys.privateKey,
            },
          },
        );
        sent += 1;
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410)
          await this.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
        else this.onError(e);
      }
    }
    return sent;
  }
}
