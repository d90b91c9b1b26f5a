import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/harness.ts';
import { parseMail, passcodeIn, type ReadMail } from '../test/mail.ts';
import { createMailer } from './mailer.ts';

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; received: ReadMail[]; close: () => Promise<void> }> {
  const received: ReadMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('mail', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('delivers through SMTP and the message reads back intact', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Talkbase <no-reply@talkbase.test>',
      outboxDir: '/nonexistent',
    });
    await mailer.send({
      to: 'ana@cliente.test',
      subject: 'Chamado #12 atualizado — ação necessária',
      text: 'Olá, Ana! Seu chamado mudou de situação.',
    });
    mailer.close();
    await smtp.close();
    expect(smtp.received).toEqual([
      {
        to: ['ana@cliente.test'],
        subject: 'Chamado #12 atualizado — ação necessária',
        text: 'Olá, Ana! Seu chamado mudou de situação.\n',
      },
    ]);
  });

  it('sends the sign-in passcode through SMTP_URL when set', async () => {
    const smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    await t.db.kysely.updateTable('accounts').set({ two_factor_enabled: 1 }).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.json()).toEqual({ passcodeRequired: true });
    expect(smtp.received).toHaveLength(1);
    const code = passcodeIn(smtp.received[0]);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(verify.statusCode).toBe(200);
    await smtp.close();
  });
});
