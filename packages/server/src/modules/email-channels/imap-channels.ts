import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { startImapPoller } from '../../mail/inbound/imap-poller.ts';
import { unseal } from '../../mail/inbound/secret-box.ts';
import * as repo from './email-channels.repository.ts';
import type { InboundMail } from './inbound-mail.ts';

type Poller = ReturnType<typeof startImapPoller>;

/**
 * The IMAP mailboxes of active channels, each watched by one poller (mail/inbound/imap-poller.ts).
 * The set follows the channels' table: `refresh` (at start, every minute, and in tests) starts a
 * poller for a new or changed channel and stops those of channels gone, switched off or changed.
 * A mail is stored through `InboundMail.fromMailbox` and marked read only once stored; several
 * instances watching one mailbox store a mail once (its Message-ID is checked before storing).
 */
export class ImapChannels {
  private readonly db: Kysely<Database>;
  private readonly inbound: InboundMail;
  private readonly key: Buffer | undefined;
  private readonly onError: (err: unknown) => void;
  private readonly pollers = new Map<number, { version: number; poller: Poller }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(deps: {
    db: Kysely<Database>;
    inbound: InboundMail;
    secretKey: Buffer | undefined;
    onError: (err: unknown) => void;
  }) {
    this.db = deps.db;
    this.inbound = deps.inbound;
    this.key = deps.secretKey;
    this.onError = deps.onError;
  }

  start(everyMs = 60_000): void {
    void this.refresh().catch(this.onError);
    this.timer = setInterval(() => void this.refresh().catch(this.onError), everyMs);
    this.timer.unref();
  }

  async refresh(): Promise<void> {
    const key = this.key;
    const rows = key ? await repo.activeImapChannels(this.db) : [];
    const wanted = new Map(rows.map((r) => [r.id, r]));
    for (const [id, running] of this.pollers) {
      if (wanted.get(id)?.version === running.version) continue;
      this.pollers.delete(id);
      await running.poller.close();
    }
    for (const row of rows) {
      if (this.pollers.has(row.id) || !key) continue;
      const password = row.imap_password ? unseal(key, row.imap_password) : undefined;
      if (!password || !row.imap_host || !row.imap_user) {
        this.onError(new Error(`canal de e-mail ${String(row.id)}: caixa IMAP sem senha legível`));
        continue;
      }
      const poller = startImapPoller({
        mailbox: {
          host: row.imap_host,
          port: row.imap_port ?? 993,
          tls: row.imap_tls === 1,
          user: row.imap_user,
          password,
          mailbox: row.imap_mailbox ?? 'INBOX',
        },
        deliver: (raw) => this.inbound.fromMailbox(row.id, raw),
        onError: this.onError,
      });
      this.pollers.set(row.id, { version: row.version, poller });
    }
  }

  /** Every watched mailbox's unread mail handled (tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.pollers.values()].map((p) => p.poller.drain()));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.pollers.values()];
    this.pollers.clear();
    await Promise.all(all.map((p) => p.poller.close()));
  }
}
