import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer | Readable;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<id@host>`): automations derive it from the idempotency key, so a resent message is recognisable. */
  messageId?: string;
  attachments?: MailAttachment[];
  /** Another sender than MAIL_FROM (an e-mail channel's address, modules/email-channels). */
  from?: string;
  /** Threading of a reply: the Message-ID answered and the thread's earlier ones. */
  inReplyTo?: string;
  references?: string[];
  /** Extra headers (e.g. Auto-Submitted on automatic answers). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * One mail service for the whole server. With SMTP_URL, messages go to that server; without it,
 * each message is written as an .eml file under DATA_DIR/outbox so it can be opened locally.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  // nodemailer loads with the first message, not with every server's start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then((m) =>
      opts.smtpUrl
        ? m.default.createTransport(opts.smtpUrl)
        : m.default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const close = () => void transport?.then((t) => t.close());
  if (opts.smtpUrl) {
    return {
      async send(message) {
        await (await transportOf()).sendMail({ from: opts.from, ...message });
      },
      close,
    };
  }
  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
    close,
  };
}
