import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import PostalMime from 'postal-mime';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailChannel, EmailTalkState } from '@talkbase/domain/contracts/email-channels';
import type { MessagePage } from '@talkbase/domain/contracts/messages';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';

/**
 * E-mail channels with real parts (issue 37 items 1, 2 and 4): the channel calls, then mail sent
 * over SMTP on loopback (nodemailer's SMTP transport) to the server's own listener, the ticket and
 * its conversation it becomes, the answer by e-mail read back from the outbox, the customer's
 * reply threaded onto the same ticket, and the guards (bounces, automatic replies, unknown
 * addresses and senders, size and rate limits, the database unavailable).
 */
let t: TestApp;
let token: string;
let port: number;
const CHANNEL = 'suporte@empresa.test';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body's type
async function api<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ res: LightMyRequestResponse; body: T }> {
  const res = await t.app.inject(
    as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );
  return { res, body: (res.body ? res.json() : undefined) as T };
}

function send(mail: SendMailOptions & { envelope?: { from: string; to: string[] } }) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return transport.sendMail(mail).finally(() => {
    transport.close();
  });
}

async function tickets(): Promise<ApiTalk[]> {
  const { body } = await api<PagedTalks>('POST', '/api/talk/filter/chamado', { fetch: 100 });
  return body.itens;
}

const valueOf = (talk: ApiTalk | undefined, identifier: string) =>
  talk?.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value;

async function messagesOf(talkId: number) {
  const { body } = await api<MessagePage>('GET', `/api/talk/chamado/${talkId}/messages?fetch=50`);
  return [...body.itens].reverse();
}

async function outbox() {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs
      .readdirSync(dir)
      .sort()
      .map((f) => PostalMime.parse(fs.readFileSync(path.join(dir, f)))),
  );
}

beforeAll(async () => {
  t = await createTestApp({
    SMTP_INBOUND_PORT: '0',
    SMTP_INBOUND_MAX_BYTES: String(200 * 1024),
    SMTP_INBOUND_RATE_PER_HOUR: '5',
  });
  token = (await login(t.app)).token;
  port = t.app.services.inboundMail.listeningPort ?? 0;
  const subject = (payload: object) => api('POST', '/api/subject', payload);
  await subject({
    identifier: 'cliente',
    name: 'Cliente',
    attributes: [
      { identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true },
      { identifier: 'email', name: 'E-mail', componentId: 13 },
    ],
  });
  await subject({
    identifier: 'chamado',
    name: 'Chamado',
    attributes: [
      { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, length: 150 },
      { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
      { identifier: 'solicitante', name: 'Solicitante', componentId: 1 },
      { identifier: 'prioridade', name: 'Prioridade', componentId: 1 },
      { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
    ],
  });
});

afterAll(async () => {
  await t.close();
});

describe('e-mail channels', () => {
  let channel: EmailChannel;

  it('are created, listed, changed with their version and checked', async () => {
    const created = await api<EmailChannel>('POST', '/api/email/channel', {
      name: 'Suporte',
      address: 'Suporte@Empresa.test',
      defaults: [{ subjectAttributeIdentifier: 'prioridade', value: 'Normal' }],
    });
    expect(created.res.statusCode).toBe(201);
    channel = created.body;
    expect(channel).toMatchObject({
      address: CHANNEL,
      subject: 'chamado',
      unknownSender: 'create',
      active: true,
    });

    const list = await api<{ itens: EmailChannel[]; totalResults: number }>('GET', '/api/email/channel');
    expect(list.body.totalResults).toBe(1);

    const taken = await api('POST', '/api/email/channel', { name: 'Outro', address: CHANNEL });
    expect(taken.res.statusCode).toBe(409);
    const badSubject = await api('POST', '/api/email/channel', {
      name: 'Outro',
      address: 'x@empresa.test',
      subject: 'naoexiste',
    });
    expect(badSubject.res.statusCode).toBe(422);
    expect(errorsOf(badSubject.res)[0]?.field).toBe('subject');
    const badDefault = await api('POST', '/api/email/channel', {
      name: 'Outro',
      address: 'x@empresa.test',
      defaults: [{ subjectAttributeIdentifier: 'nada', value: 1 }],
    });
    expect(badDefault.res.statusCode).toBe(422);

    const changed = await api<EmailChannel>('PUT', `/api/email/channel/${channel.channelId}`, {
      ...channel,
      name: 'Suporte técnico',
    });
    expect(changed.res.statusCode).toBe(200);
    const stale = await api('PUT', `/api/email/channel/${channel.channelId}`, { ...channel, name: 'Velho' });
    expect(stale.res.statusCode).toBe(409);
    channel = changed.body;

    const person = await createPerson(t.app, token);
    const personToken = (await login(t.app, person.email, person.password)).token;
    const refused = await t.app.inject(as(personToken, { method: 'GET', url: '/api/email/channel' }));
    expect(refused.statusCode).toBe(403);
  });

  let ticketId = 0;
  let firstMessageId = '';

  it('turns a new mail into a ticket with its contact, first message and files', async () => {
    const info = await send({
      from: 'Joana Lima <joana@cliente.test>',
      to: CHANNEL,
      subject: 'Impressora não imprime',
      text: 'Bom dia,\nA impressora do financeiro parou.\n\nJoana',
      attachments: [
        { filename: 'tela.png', content: Buffer.from(PNG, 'base64') },
        { filename: 'erro.txt', content: 'papel atolado' },
      ],
    });
    firstMessageId = info.messageId;
    const ticket = (await tickets()).find((x) => valueOf(x, 'titulo') === 'Impressora não imprime');
    expect(ticket).toBeDefined();
    ticketId = ticket?.talkId ?? 0;
    expect(valueOf(ticket, 'solicitante')).toBe('Joana Lima <joana@cliente.test>');
    expect(valueOf(ticket, 'prioridade')).toBe('Normal');
    const contacts = await api<PagedTalks>('POST', '/api/talk/filter/cliente', { fetch: 10 });
    const joana = contacts.body.itens.find((c) => valueOf(c, 'email') === 'joana@cliente.test');
    expect(joana).toBeDefined();
    expect(valueOf(ticket, 'cliente')).toBe(joana?.talkId);

    const [first] = await messagesOf(ticketId);
    expect(first?.text).toBe('Bom dia,\nA impressora do financeiro parou.\n\nJoana');
    expect(first?.authorName).toBe('Joana Lima <joana@cliente.test>');
    expect(first?.email).toMatchObject({
      direction: 'in',
      address: 'joana@cliente.test',
      status: 'received',
    });
    expect(first?.email?.verdict).toEqual({
      spf: expect.any(String) as string,
      dkim: expect.any(String) as string,
      dmarc: expect.any(String) as string,
    });

    const anexos = ticket?.talkValues.find(
      (v) => v.subjectAttributeIdentifier === 'anexos',
    )?.subjectAttributeId;
    const file = await t.app.inject(
      as(token, { method: 'GET', url: `/api/value/file/chamado/${ticketId}/${anexos}` }),
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('tela.png');
    expect(file.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // A file the files module refuses is said in the conversation, not silently lost.
    expect((await messagesOf(ticketId))[1]?.text).toMatch(/^Anexos não guardados: erro\.txt \(/);

    // The same mail delivered again (the sender retried) opens nothing more.
    await send({
      from: 'joana2@cliente.test',
      to: CHANNEL,
      subject: 'Impressora não imprime',
      text: 'repetida',
      messageId: firstMessageId,
    });
    expect((await tickets()).length).toBe(1);
  });

  it('answers by e-mail from the channel with the thread headers, and threads the customer reply', async () => {
    const state = await api<EmailTalkState>('GET', `/api/email/talk/chamado/${ticketId}`);
    expect(state.body).toEqual({
      canReply: true,
      channelAddress: CHANNEL,
      requester: 'joana@cliente.test',
      reason: null,
    });
    const replied = await api('POST', `/api/email/talk/chamado/${ticketId}/reply`, {
      text: 'Olá Joana, reinicie a impressora, por favor.',
    });
    expect(replied.res.statusCode).toBe(201);
    const [out] = await outbox();
    expect(out?.from?.address).toBe(CHANNEL);
    expect(out?.to?.[0]?.address).toBe('joana@cliente.test');
    expect(out?.subject).toBe(`[#${ticketId}] Impressora não imprime`);
    expect(out?.inReplyTo).toBe(firstMessageId);
    expect(out?.references).toContain(firstMessageId);
    const sent = (await messagesOf(ticketId)).at(-1);
    expect(sent?.email).toMatchObject({ direction: 'out', address: 'joana@cliente.test', status: 'sent' });

    await send({
      from: 'joana@cliente.test',
      to: CHANNEL,
      subject: `Re: [#${ticketId}] Impressora não imprime`,
      inReplyTo: out?.messageId ?? '',
      references: [firstMessageId, out?.messageId ?? ''],
      text: 'Reiniciei e voltou a funcionar, obrigada!\n\nEm seg., 30 de nov. de 2026, Suporte <suporte@empresa.test> escreveu:\n> Olá Joana, reinicie a impressora, por favor.',
    });
    expect((await tickets()).length).toBe(1);
    const last = (await messagesOf(ticketId)).at(-1);
    expect(last?.text).toBe('Reiniciei e voltou a funcionar, obrigada!');
    expect(last?.email?.direction).toBe('in');

    // `[#id]` alone threads only for someone already in the ticket's mail thread.
    await send({
      from: 'joana@cliente.test',
      to: CHANNEL,
      subject: `[#${ticketId}] mais uma coisa`,
      text: 'Outra dúvida.',
    });
    expect((await messagesOf(ticketId)).at(-1)?.text).toBe('Outra dúvida.');
    await send({ from: 'estranho@fora.test', to: CHANNEL, subject: `[#${ticketId}] entrando`, text: 'Oi.' });
    expect((await messagesOf(ticketId)).at(-1)?.text).toBe('Outra dúvida.');
    expect((await tickets()).length).toBe(2);
  });

  it('drops bounces and automatic replies, refuses unknown addresses, big mails and floods', async () => {
    const before = (await tickets()).length;
    await send({
      from: 'ferias@cliente.test',
      to: CHANNEL,
      subject: 'Ausente',
      text: 'Estou de férias.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await send({
      envelope: { from: '', to: [CHANNEL] },
      from: 'MAILER-DAEMON@cliente.test',
      to: CHANNEL,
      subject: 'Undelivered Mail',
      text: 'falhou',
    });
    expect((await tickets()).length).toBe(before);

    await expect(
      send({ from: 'a@cliente.test', to: 'ninguem@empresa.test', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
    const big = send({
      from: 'grande@cliente.test',
      to: CHANNEL,
      subject: 'Arquivo grande',
      text: 'segue',
      attachments: [{ filename: 'grande.bin', content: Buffer.alloc(300 * 1024, 1) }],
    });
    await expect(big).rejects.toMatchObject({ responseCode: 552 });
    await expect(big).rejects.toThrow(/maior que o limite/);

    for (let i = 0; i < 5; i++)
      await send({ from: 'spam@fora.test', to: CHANNEL, subject: `Oferta ${i}`, text: 'compre' });
    await expect(
      send({ from: 'spam@fora.test', to: CHANNEL, subject: 'Oferta 4', text: 'compre' }),
    ).rejects.toMatchObject({
      responseCode: 450,
    });
    expect((await tickets()).length).toBe(before + 5);
  });

  it('refuses unknown senders when the channel says so', async () => {
    const created = await api<EmailChannel>('POST', '/api/email/channel', {
      name: 'Só clientes',
      address: 'clientes@empresa.test',
      unknownSender: 'refuse',
    });
    expect(created.res.statusCode).toBe(201);
    await expect(
      send({ from: 'novo@fora.test', to: 'clientes@empresa.test', subject: 'Olá', text: 'oi' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // A known contact gets through.
    const before = (await tickets()).length;
    await send({
      from: 'joana@cliente.test',
      to: 'clientes@empresa.test',
      subject: 'Nova dúvida',
      text: 'oi',
    });
    expect((await tickets()).length).toBe(before + 1);
  });

  it('refuses with the reason a mail its defaults cannot make a valid record of', async () => {
    const created = await api<EmailChannel>('POST', '/api/email/channel', {
      name: 'Cadastro',
      address: 'cadastro@empresa.test',
      subject: 'cliente',
      defaults: [{ subjectAttributeIdentifier: 'email', value: 'isto não é um e-mail' }],
    });
    expect(created.res.statusCode).toBe(201);
    await expect(
      send({ from: 'joao@cliente.test', to: 'cadastro@empresa.test', subject: 'Oi', text: 'oi' }),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringMatching(/não conseguiu abrir/) as string,
    });
  });

  it('answers 451 while the database cannot store the mail, and takes it on the retry', async () => {
    await t.db.kysely.schema.alterTable('email_channels').renameTo('email_channels_off').execute();
    try {
      await expect(
        send({ from: 'paciente@cliente.test', to: CHANNEL, subject: 'Tentativa', text: 'oi' }),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await t.db.kysely.schema.alterTable('email_channels_off').renameTo('email_channels').execute();
    }
    const before = (await tickets()).length;
    await send({ from: 'paciente@cliente.test', to: CHANNEL, subject: 'Tentativa', text: 'oi' });
    expect((await tickets()).length).toBe(before + 1);
  });
});
