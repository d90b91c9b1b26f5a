import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailChannel } from '@talkbase/domain/contracts/email-channels';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { startDovecot, type Dovecot } from './imap-dovecot.ts';

/**
 * A channel reading an IMAP mailbox (issue 37 item 1b) against Debian's Dovecot on loopback: the
 * password is kept sealed, unread mail becomes tickets and is marked read, and a mail that could
 * not be stored stays unread until it is.
 */
const dovecot = await startDovecot();
if (typeof dovecot === 'string') console.warn(`Teste IMAP ignorado: ${dovecot}.`);
const running = typeof dovecot === 'string' ? undefined : dovecot;

let t: TestApp;
let token: string;

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body's type
async function api<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<{ res: LightMyRequestResponse; body: T }> {
  const res = await t.app.inject(as(token, { method, url, ...(payload ? { payload } : {}) }));
  return { res, body: (res.body ? res.json() : undefined) as T };
}

async function deliver(box: Dovecot, mail: string, seen = false): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: box.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: box.user, pass: box.password },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', mail, seen ? ['\\Seen'] : []);
  await client.logout();
}

async function unreadCount(box: Dovecot): Promise<number> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: box.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: box.user, pass: box.password },
    logger: false,
  });
  await client.connect();
  const status = await client.status('INBOX', { unseen: true });
  await client.logout();
  return status ? (status.unseen ?? 0) : 0;
}

const mail = (id: string, subject: string, text: string) =>
  `From: Bruno <bruno@cliente.test>\r\nTo: suporte@empresa.test\r\nSubject: ${subject}\r\nMessage-ID: <${id}@cliente.test>\r\nDate: Mon, 30 Nov 2026 10:00:00 -0300\r\n\r\n${text}\r\n`;

async function titles(): Promise<string[]> {
  const { body } = await api<PagedTalks>('POST', '/api/talk/filter/chamado', { fetch: 50 });
  return body.itens.map((x) =>
    String(x.talkValues.find((v) => v.subjectAttributeIdentifier === 'titulo')?.value),
  );
}

describe.skipIf(!running)('an e-mail channel on an IMAP mailbox (Dovecot)', () => {
  beforeAll(async () => {
    t = await createTestApp({ EMAIL_SECRET_KEY: crypto.randomBytes(32).toString('hex') });
    token = (await login(t.app)).token;
    await api('POST', '/api/subject', {
      identifier: 'chamado',
      name: 'Chamado',
      attributes: [{ identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true }],
    });
  });
  afterAll(async () => {
    await t.close();
    running?.stop();
  });

  it('keeps the password sealed, turns unread mail into tickets and marks it read, retrying what it could not store', async () => {
    const box = running as Dovecot;
    // Mail already read before the channel existed is not the channel's business.
    await deliver(box, mail('lida', 'Já lida', 'antiga'), true);
    await deliver(box, mail('m1', 'Boleto em atraso', 'O boleto venceu ontem.'));
    const created = await api<EmailChannel>('POST', '/api/email/channel', {
      name: 'Suporte',
      address: 'suporte@empresa.test',
      inbound: 'imap',
      imap: { host: '127.0.0.1', port: box.port, tls: false, user: box.user, password: box.password },
    });
    expect(created.res.statusCode).toBe(201);
    expect(created.body.imap).toEqual({
      host: '127.0.0.1',
      port: box.port,
      tls: false,
      user: box.user,
      mailbox: 'INBOX',
      hasPassword: true,
    });
    expect(created.res.body).not.toContain(box.password);
    const row = await t.db.kysely
      .selectFrom('email_channels')
      .select('imap_password')
      .executeTakeFirstOrThrow();
    expect(row.imap_password).not.toContain(box.password);

    await t.app.services.imapChannels.refresh();
    await expect.poll(titles, { timeout: 10_000 }).toEqual(['Boleto em atraso']);
    await expect.poll(() => unreadCount(box), { timeout: 10_000 }).toBe(0);

    // The database cannot store it: the mail stays unread, and is taken once it can.
    await t.db.kysely.schema.alterTable('email_channels').renameTo('email_channels_off').execute();
    try {
      await deliver(box, mail('m2', 'Senha expirada', 'Não consigo entrar.'));
      await t.app.services.imapChannels.drain();
      expect(await unreadCount(box)).toBe(1);
    } finally {
      await t.db.kysely.schema.alterTable('email_channels_off').renameTo('email_channels').execute();
    }
    await t.app.services.imapChannels.drain();
    await expect.poll(titles, { timeout: 10_000 }).toContain('Senha expirada');
    expect(await unreadCount(box)).toBe(0);
  });
});
