import type { RealtimeEventName, RealtimeMessage } from '@talkbase/domain/contracts/realtime';
import type { Audience, Envelope, RealtimeBus } from './bus.ts';

/** The part of a `ws` socket the hub uses. */
export interface ClientSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(text: string): void;
  close(code: number, reason: string): void;
  on(event: 'close', listener: () => void): unknown;
}

interface Client {
  socket: ClientSocket;
  sessionId: string;
  accountId: number;
  companyId: number;
}

/**
 * Whether the account behind a socket may read a record (the talks' own access check, given the
 * socket's session), given to `start`.
 */
export type RecordReadCheck = (
  client: { sessionId: string; accountId: number; companyId: number },
  talk: { subject: string; talkId: number },
) => Promise<boolean>;

/**
 * What one socket gets of a broadcast event (one without an audience): the data as its account may
 * see it, or undefined for nothing (the access policy, modules/permissions/realtime-filter.ts).
 * Given to `start`.
 */
export type DeliveryFilter = (
  client: { sessionId: string; accountId: number; companyId: number },
  envelope: Envelope,
) => Promise<unknown>;

/** WebSocket close code sent when the session behind a socket has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * Connected sockets by company, and delivery of events to them. Events are published through the
 * bus, so on PostgreSQL they reach sockets held by every instance.
 */
export class RealtimeHub {
  private readonly byCompany = new Map<number, Set<Client>>();
  private readonly bus: RealtimeBus;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly listeners: ((envelope: Envelope) => void)[] = [];
  private recordReadCheck: RecordReadCheck | undefined;
  private deliveryFilter: DeliveryFilter | undefined;
  private onDeliveryError: (e: unknown) => void = () => undefined;

  constructor(bus: RealtimeBus) {
    this.bus = bus;
  }

  /**
   * Starts delivering: `recordReadCheck` tells a record's readers apart, `deliveryFilter` decides
   * each socket's share of a broadcast (both from the access module, given by the app).
   */
  async start(opts: {
    sweepMs: number;
    liveSessions: (ids: string[]) => Promise<Set<string>>;
    onError: (e: unknown) => void;
    recordReadCheck: RecordReadCheck;
    deliveryFilter: DeliveryFilter;
  }) {
    this.onDeliveryError = opts.onError;
    this.recordReadCheck = opts.recordReadCheck;
    this.deliveryFilter = opts.deliveryFilter;
    await this.bus.start((envelope) => {
      this.deliver(envelope);
    });
    this.sweeper = setInterval(() => {
      this.sweep(opts.liveSessions).catch(opts.onError);
    }, opts.sweepMs);
    this.sweeper.unref();
  }

  add(client: Client): void {
    let set = this.byCompany.get(client.companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(client.companyId, set);
    }
    set.add(client);
    const remove = () => {
      set.delete(client);
      if (set.size === 0) this.byCompany.delete(client.companyId);
    };
    client.socket.on('close', remove);
  }

  /** Sends an event to the company's connected users (on every instance). */
  publish(
    companyId: number,
    event: RealtimeEventName,
    data: unknown,
    origin?: { accountId: number; skipOrigin?: boolean },
  ) {
    return this.bus.publish({
      companyId,
      event,
      data,
      ...(origin ? { originAccountId: origin.accountId, skipOrigin: origin.skipOrigin ?? false } : {}),
    });
  }

  /**
   * Sends an event only to the sockets of an audience (some accounts, the readers of a record),
   * on every instance.
   */
  publishTo(companyId: number, event: RealtimeEventName, data: unknown, audience: Audience) {
    return this.bus.publish({ companyId, event, data, audience });
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.byCompany.values()) n += set.size;
    return n;
  }

  /** Server-side listeners of every event (e.g. caches dropping what another instance changed). */
  onEvent(listener: (envelope: Envelope) => void): void {
    this.listeners.push(listener);
  }

  private deliver(envelope: Envelope): void {
    for (const listener of this.listeners) listener(envelope);
    const set = this.byCompany.get(envelope.companyId);
    if (!set) return;
    const message: RealtimeMessage = { event: envelope.event, data: envelope.data };
    const text = JSON.stringify(message);
    if (envelope.audience) {
      this.deliverToAudience(envelope, envelope.audience, [...set], text).catch(this.onDeliveryError);
      return;
    }
    if (this.deliveryFilter) {
      this.deliverFiltered(envelope, [...set], this.deliveryFilter).catch(this.onDeliveryError);
      return;
    }
    for (const client of set) {
      if (envelope.skipOrigin && client.accountId === envelope.originAccountId) continue;
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  }

  private async deliverToAudience(
    envelope: Envelope,
    audience: Audience,
    clients: Client[],
    text: string,
  ): Promise<void> {
    const listed = audience.accountIds ? new Set(audience.accountIds) : undefined;
    const talk = audience.talk;
    const check = this.recordReadCheck;
    if (talk && !check) return;
    // One check per session (a session is one account with one room), all started at once.
    const allowed = new Map<string, Promise<boolean>>();
    const targets = clients.filter(
      (c) =>
        !(envelope.skipOrigin && c.accountId === envelope.originAccountId) &&
        (!listed || listed.has(c.accountId)),
    );
    for (const client of targets) {
      if (!allowed.has(client.sessionId))
        allowed.set(
          client.sessionId,
          talk && check ? check(client, talk).catch(() => false) : Promise.resolve(true),
        );
    }
    for (const client of targets) {
      if ((await allowed.get(client.sessionId)) && client.socket.readyState === client.socket.OPEN)
        client.socket.send(text);
    }
  }

  /** A broadcast through the delivery filter: one decision per session, all started at once. */
  private async deliverFiltered(
    envelope: Envelope,
    clients: Client[],
    filter: DeliveryFilter,
  ): Promise<void> {
    const targets = clients.filter((c) => !(envelope.skipOrigin && c.accountId === envelope.originAccountId));
    const texts = new Map<string, Promise<string | undefined>>();
    for (const client of targets) {
      if (texts.has(client.sessionId)) continue;
      texts.set(
        client.sessionId,
        filter(client, envelope).then(
          (data) =>
            data === undefined
              ? undefined
              : JSON.stringify({ event: envelope.event, data } satisfies RealtimeMessage),
          () => undefined,
        ),
      );
    }
    for (const client of targets) {
      const text = await texts.get(client.sessionId);
      if (text !== undefined && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  }

  /** Closes sockets whose session was revoked or expired since they connected. */
  private async sweep(liveSessions: (ids: string[]) => Promise<Set<string>>): Promise<void> {
    const clients = [...this.byCompany.values()].flatMap((s) => [...s]);
    if (clients.length === 0) return;
    const live = await liveSessions([...new Set(clients.map((c) => c.sessionId))]);
    for (const c of clients) {
      if (!live.has(c.sessionId)) c.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const set of this.byCompany.values())
      for (const c of set) c.socket.close(1001, 'server shutting down');
    this.byCompany.clear();
    await this.bus.close();
  }
}
