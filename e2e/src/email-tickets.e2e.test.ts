import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

/** A free loopback port for the server's SMTP listener (the suite's server is started with it). */
const smtpPort = await new Promise<number>((resolve, reject) => {
  const probe = net.createServer();
  probe.on('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    probe.close(() => {
      resolve(port);
    });
  });
});

const suite = useSuite({ SEED: 'demo', SMTP_INBOUND_PORT: String(smtpPort), SMTP_INBOUND_HOST: '127.0.0.1' });
const { ok: api } = suiteApi(suite);
const CHANNEL = 'suporte@empresa-e2e.test';

async function sendMail(mail: SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return (await transport.sendMail(mail)).messageId;
  } finally {
    transport.close();
  }
}

async function outbox() {
  const dir = path.join(suite.server.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs
      .readdirSync(dir)
      .sort()
      .map((f) => PostalMime.parse(fs.readFileSync(path.join(dir, f)))),
  );
}

describe('tickets by e-mail (issue 37)', { timeout: 240_000 }, () => {
  it('a channel made on /config/email turns mail into a ticket, answered by e-mail and threaded', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/email',
    );

    // ---- the channel, made on the screen ---------------------------------------------------------
    await page.getByRole('heading', { name: 'Canais de e-mail' }).waitFor();
    await page.getByText('Nenhum canal de e-mail.').waitFor();
    await bothModes(page, 'email-channels-empty');
    await page.getByRole('button', { name: 'Novo canal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo canal de e-mail' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Suporte');
    await dialog.getByRole('textbox', { name: 'Endereço de e-mail' }).fill(CHANNEL);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Assunto' }).inputValue()).toBe('Chamado');
    await bothModes(page, 'email-channel-editor');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Editar Suporte' }).waitFor();
    await page.getByText(CHANNEL).waitFor();
    await bothModes(page, 'email-channels-list');
    // The IMAP choice shows its mailbox's fields (the IMAP test in the server suite reads one).
    await page.getByRole('button', { name: 'Editar Suporte' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar canal de e-mail' });
    await editor.getByRole('radio', { name: 'Lendo uma caixa IMAP' }).check();
    await editor.getByRole('textbox', { name: 'Servidor IMAP' }).waitFor();
    await bothModes(page, 'email-channel-editor-imap');
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await editor.waitFor({ state: 'hidden' });

    // ---- a customer writes -------------------------------------------------------------------------
    const firstId = await sendMail({
      from: 'Carla Souza <carla@cliente-e2e.test>',
      to: CHANNEL,
      subject: 'Nota fiscal rejeitada pela SEFAZ',
      text: 'Olá,\nA nota 1234 foi rejeitada com o código 539.\n\nCarla',
    });
    const found = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
      fetch: 5,
      filterJson: { attribute: 'titulo', operator: 'equal', value: 'Nota fiscal rejeitada pela SEFAZ' },
    });
    const ticket = found.itens[0];
    expect(ticket && talkValue(ticket, 'solicitante')).toBe('Carla Souza <carla@cliente-e2e.test>');
    const talkId = ticket?.talkId ?? 0;

    await page.goto(`${suite.server.url}/context/talk/chamado/${String(talkId)}`);
    const thread = page.getByRole('region', { name: 'Conversa' });
    const log = thread.getByRole('log', { name: 'Conversa' });
    await log.getByText('A nota 1234 foi rejeitada com o código 539.', { exact: false }).waitFor();
    await thread.getByText('Recebido por e-mail de carla@cliente-e2e.test').waitFor();
    await thread.getByText(/SPF: .* · DKIM: .* · DMARC: .*/).waitFor();

    // ---- the attendant answers by e-mail, from the keyboard ---------------------------------------
    const byEmail = thread.getByRole('checkbox', { name: 'Enviar por e-mail para carla@cliente-e2e.test' });
    await byEmail.focus();
    await page.keyboard.press('Space');
    expect(await byEmail.isChecked()).toBe(true);
    const composer = thread.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Carla, o código 539 indica CFOP incorreto. Corrigimos o cadastro; emita de novo.');
    await composer.press('Enter');
    await thread.getByText('Enviado por e-mail para carla@cliente-e2e.test').waitFor();
    await thread.scrollIntoViewIfNeeded();
    await bothModes(page, 'email-ticket-conversation');

    await expect.poll(async () => (await outbox()).length).toBe(1);
    const [out] = await outbox();
    expect(out?.from?.address).toBe(CHANNEL);
    expect(out?.to?.[0]?.address).toBe('carla@cliente-e2e.test');
    expect(out?.subject).toBe(`[#${String(talkId)}] Nota fiscal rejeitada pela SEFAZ`);
    expect(out?.inReplyTo).toBe(firstId);

    // ---- the customer replies to that mail: the same ticket, live on the open page ----------------
    await sendMail({
      from: 'carla@cliente-e2e.test',
      to: CHANNEL,
      subject: `Re: ${out?.subject ?? ''}`,
      inReplyTo: out?.messageId ?? '',
      references: [firstId, out?.messageId ?? ''],
      text: 'Funcionou, obrigada!\n\nOn Mon, Nov 30, 2026 at 10:00 AM Suporte <suporte@empresa-e2e.test> wrote:\n> Carla, o código 539 indica CFOP incorreto.',
    });
    await log.getByText('Funcionou, obrigada!', { exact: true }).waitFor();
    const again = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
      fetch: 5,
      filterJson: { attribute: 'titulo', operator: 'contains', value: 'SEFAZ' },
    });
    expect(again.totalResults).toBe(1);
    await context.close();
  });
});
