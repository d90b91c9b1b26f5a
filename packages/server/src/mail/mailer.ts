import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

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
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
