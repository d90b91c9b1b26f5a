import type { ImapFlow } from 'imapflow';

export interface ImapMailbox {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** What became of a mail: taken (marked read) or to be tried again later (left unread). */
export type ImapDelivery = 'taken' | 'retry';

/**
 * An IMAP mailbox watched with IDLE (imapflow): every unread mail is handed to `deliver` and marked
 * read only once it was stored, so a mail the server could not store (the database down) stays
 * unread and is tried again on the next change of the mailbox or reconnection. A dropped
 * connection reconnects after a pause.
 */
export function startImapPoller(opts: {
  mailbox: ImapMailbox;
  deliver: (raw: Buffer) => Promise<ImapDelivery>;
  onError: (err: unknown) => void;
  reconnectMs?: number;
}): {
  close(): Promise<void>;
  /** Resolves once the unread mail present now was handled. */ drain(): Promise<void>;
} {
  const { mailbox } = opts;
  let closed = false;
  let client: ImapFlow | undefined;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const takeUnread = async (c: ImapFlow) => {
    const uids = (await c.search({ seen: false }, { uid: true })) || [];
    for (const uid of uids) {
      if (closed) return;
      const message = await c.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      if ((await opts.deliver(message.source)) === 'taken')
        await c.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    }
  };
  const queue = (c: ImapFlow) => {
    running = running
      .then(() => takeUnread(c))
      .catch((err: unknown) => {
        opts.onError(err);
      });
    return running;
  };

  // imapflow is loaded when a mailbox is first watched, not by every server start; once loaded,
  // `connect` makes its client without waiting, so a `close` meanwhile always finds it.
  let Client: typeof ImapFlow | undefined;
  const connect = async () => {
    if (closed || !Client) return;
    const c = new Client({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.tls,
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      // Plain connections (a loopback Dovecot) do not upgrade; TLS ones verify the server.
      ...(mailbox.tls ? {} : { doSTARTTLS: false }),
    });
    client = c;
    c.on('error', (err: unknown) => {
      opts.onError(err);
    });
    c.on('close', () => {
      if (!closed) timer = setTimeout(() => void connect(), opts.reconnectMs ?? 10_000);
    });
    c.on('exists', () => {
      void queue(c);
    });
    try {
      await c.connect();
      await c.mailboxOpen(mailbox.mailbox);
      await queue(c);
    } catch (err) {
      opts.onError(err);
      c.close();
    }
  };
  const started = import('imapflow').then(
    (m) => {
      Client = m.ImapFlow;
      return connect();
    },
    (err: unknown) => {
      opts.onError(err);
    },
  );

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await started;
      await running;
      await client?.logout().catch(() => undefined);
    },
    async drain() {
      await started;
      if (client) await queue(client);
    },
  };
}
