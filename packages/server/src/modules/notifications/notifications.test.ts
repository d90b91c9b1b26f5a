import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type {
  AccountNotificationRow,
  CompanyChannel,
  InboxPage,
  NotificationDetail,
  NotificationPage,
} from '@talkbase/domain/contracts/notifications';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { createIntegration, createRoom } from '../../test/actors.ts';
import {
  as,
  createPerson,
  createTestApp,
  errorsOf,
  login,
  testDatabaseUrl,
  type TestApp,
} from '../../test/harness.ts';
import { expectErrorAnswer } from '../../test/error-answers.ts';
import { readOutbox } from '../../test/mail.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let adminId: number;

beforeEach(async () => {
  t = await createTestApp();
  const a = await login(t.app);
  admin = a.token;
  adminId = a.accountId;
});
afterEach(async () => {
  await t.close();
});

const base = {
  notificationName: 'Chamado aberto',
  notificationDescription: 'Avisa a equipe',
  titleTemplate: 'Novo chamado',
  messageTemplate: 'Olá, ${User.Name}!',
  attachReferences: true,
  notificationChannels: [{ channelId: 1 }, { channelId: 2, isRequired: true }],
};

async function createNotification(payload: Record<string, unknown> = {}): Promise<NotificationDetail> {
  const res = await t.app.inject(
    as(admin, { method: 'POST', url: '/api/notification', payload: { ...base, ...payload } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<NotificationDetail>();
}

async function send(notificationId: number, body: Record<string, unknown>, token = admin) {
  return t.app.inject(
    as(token, { method: 'POST', url: `/api/notification/${notificationId}/send`, payload: body }),
  );
}

async function inbox(token: string, body: Record<string, unknown> = {}): Promise<InboxPage> {
  const res = await t.app.inject(
    as(token, { method: 'POST', url: '/api/notifications/list/', payload: body }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>();
}

/** Outbox messages with their HTML body too. */
async function outboxHtml(): Promise<{ subject: string; html: string; text: string; to: string[] }[]> {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs
      .readdirSync(dir)
      .sort()
      .map(async (f) => {
        const m = await PostalMime.parse(fs.readFileSync(path.join(dir, f)));
        return {
          subject: m.subject ?? '',
          html: m.html ?? '',
          text: m.text ?? '',
          to: (m.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
        };
      }),
  );
}

describe('notifications CRUD', () => {
  it('creates, reads, lists with search and paging, updates and deletes', async () => {
    const created = await createNotification();
    expect(created).toEqual({
      notificationId: created.notificationId,
      notificationName: 'Chamado aberto',
      notificationDescription: 'Avisa a equipe',
      subjectId: null,
      titleTemplate: 'Novo chamado',
      messageTemplate: 'Olá, ${User.Name}!',
      attachReferences: true,
      notificationChannels: [
        { channelId: 1, isRequired: false },
        { channelId: 2, isRequired: true },
      ],
    });
    await createNotification({ notificationName: 'Prazo vencido' });
    const all = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/notification?page=1&fetch=10' }))
    ).json<NotificationPage>();
    expect(all.totalResults).toBe(2);
    expect(all.itens.map((n) => n.notificationName)).toEqual(['Chamado aberto', 'Prazo vencido']);
    const found = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/notification?NotificationName=PRAZO' }))
    ).json<NotificationPage>();
    expect(found.itens.map((n) => n.notificationName)).toEqual(['Prazo vencido']);
    const page2 = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/notification?page=2&fetch=1' }))
    ).json<NotificationPage>();
    expect(page2).toMatchObject({ currentPage: 2, totalResults: 2 });
    expect(page2.itens.map((n) => n.notificationName)).toEqual(['Prazo vencido']);

    const updated = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/notification/${created.notificationId}`,
        payload: {
          ...base,
          notificationName: 'Renomeada',
          attachReferences: false,
          notificationChannels: [{ channelId: 3 }],
        },
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const back = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/notification/${created.notificationId}` }))
    ).json<NotificationDetail>();
    expect(back).toMatchObject({
      notificationName: 'Renomeada',
      attachReferences: false,
      notificationChannels: [{ channelId: 3, isRequired: false }],
    });

    const del = await t.app.inject(
      as(admin, {
        method: 'DELETE',
        url: '/api/notification',
        payload: { notificationId: created.notificationId },
      }),
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ deleted: 1 });
    const gone = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/notification/${created.notificationId}` }),
    );
    expect(gone.statusCode).toBe(404);
    expect(errorsOf(gone)[0]?.message).toBe('Notificação não encontrada.');
  });

  it('deletes several by ids, all or none', async () => {
    const a = await createNotification();
    const b = await createNotification({ notificationName: 'B' });
    const missing = await t.app.inject(
      as(admin, {
        method: 'DELETE',
        url: '/api/notification',
        payload: { notificationIds: [a.notificationId, 999999] },
      }),
    );
    expect(missing.statusCode).toBe(404);
    const ok = await t.app.inject(
      as(admin, {
        method: 'DELETE',
        url: '/api/notification',
        payload: { notificationId: [a.notificationId, b.notificationId] },
      }),
    );
    expect(ok.json()).toEqual({ deleted: 2 });
    const empty = await t.app.inject(as(admin, { method: 'DELETE', url: '/api/notification', payload: {} }));
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]?.message).toBe('Selecione pelo menos uma notificação.');
  });

  // Deleting a notification an automation uses: automation-definitions.test.ts, with real jobs.

  it('validates required fields, limits and channels with the spec texts', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject(as(admin, { method: 'POST', url: '/api/notification', payload }));
    const empty = await post({
      notificationName: ' ',
      titleTemplate: '',
      messageTemplate: '',
      notificationChannels: [],
    });
    expect(empty.statusCode).toBe(400);
    const errors = errorsOf(empty);
    expect(errors).toEqual(
      expect.arrayContaining([
        { message: 'Campo obrigatório.', field: 'notificationName' },
        { message: 'Campo obrigatório.', field: 'titleTemplate' },
        { message: 'Campo obrigatório.', field: 'messageTemplate' },
        { message: 'Por favor, selecione pelo menos um canal.', field: 'notificationChannels' },
      ]),
    );
    const long = await post({
      ...base,
      notificationName: 'n'.repeat(101),
      notificationDescription: 'd'.repeat(501),
      titleTemplate: 't'.repeat(101),
      messageTemplate: 'm'.repeat(251),
    });
    expect(errorsOf(long)).toEqual(
      expect.arrayContaining([
        { message: 'Máximo de 100 caracteres.', field: 'notificationName' },
        { message: 'Máximo de 500 caracteres.', field: 'notificationDescription' },
        { message: 'Máximo de 100 caracteres.', field: 'titleTemplate' },
        { message: 'Máximo de 250 caracteres.', field: 'messageTemplate' },
      ]),
    );
    const atLimit = await post({
      ...base,
      notificationName: 'n'.repeat(100),
      notificationDescription: 'd'.repeat(500),
      titleTemplate: 't'.repeat(100),
      messageTemplate: 'm'.repeat(250),
    });
    expect(atLimit.statusCode).toBe(201);
    const unknownChannel = await post({ ...base, notificationChannels: [{ channelId: 9 }] });
    expect(unknownChannel.statusCode).toBe(422);
    expect(errorsOf(unknownChannel)[0]).toEqual({
      message: 'Canal desconhecido.',
      field: 'notificationChannels.0.channelId',
    });
    const noSubject = await post({ ...base, subjectId: 99999 });
    expect(errorsOf(noSubject)[0]).toEqual({ message: 'Assunto não encontrado.', field: 'subjectId' });
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: '/api/notification' }))).json<NotificationPage>()
        .totalResults,
    ).toBe(1);
  });

  it('is for administrators only; sending is for administrators and integration accounts', async () => {
    const n = await createNotification();
    const person = await createPerson(t.app, admin);
    const user = (await login(t.app, person.email, person.password)).token;
    for (const [method, url, payload] of [
      ['GET', '/api/notification', undefined],
      ['GET', `/api/notification/${n.notificationId}`, undefined],
      ['POST', '/api/notification', base],
      ['PUT', `/api/notification/${n.notificationId}`, base],
      ['DELETE', '/api/notification', { notificationId: n.notificationId }],
      ['GET', '/api/company/channels', undefined],
      ['PUT', '/api/Company/Channel/1', undefined],
      ['POST', `/api/notification/${n.notificationId}/send`, { accountIds: [person.accountId] }],
    ] as const) {
      const res = await t.app.inject(as(user, { method, url, ...(payload ? { payload } : {}) }));
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const integration = await createIntegration(t.app, admin, 1196);
    const sent = await send(n.notificationId, { accountIds: [person.accountId] }, integration.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await inbox(user)).totalResults).toBe(1);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/notifications/list/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('channels', () => {
  it('lists the company channels and toggles one at a time', async () => {
    const list = (await t.app.inject(as(admin, { method: 'GET', url: '/api/company/channels' }))).json<
      CompanyChannel[]
    >();
    expect(list.map((c) => [c.channelId, c.channelDescription, c.isEnable])).toEqual([
      [1, 'Aplicação', true],
      [2, 'E-mail', true],
      [3, 'Notificação do navegador', true],
    ]);
    const off = await t.app.inject(as(admin, { method: 'PUT', url: '/api/Company/Channel/2' }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<CompanyChannel>()).toMatchObject({ channelId: 2, isEnable: false });
    const again = (await t.app.inject(as(admin, { method: 'GET', url: '/api/company/channels' }))).json<
      CompanyChannel[]
    >();
    expect(again.find((c) => c.channelId === 2)?.isEnable).toBe(false);
    expect(again.find((c) => c.channelId === 1)?.isEnable).toBe(true);
    const on = await t.app.inject(as(admin, { method: 'PUT', url: '/api/Company/Channel/2', payload: {} }));
    expect(on.json<CompanyChannel>().isEnable).toBe(true);
    const unknown = await t.app.inject(as(admin, { method: 'PUT', url: '/api/Company/Channel/7' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('a disabled channel sends nothing and is left out of the matrices', async () => {
    const n = await createNotification();
    await t.app.inject(as(admin, { method: 'PUT', url: '/api/Company/Channel/2' }));
    const res = await send(n.notificationId, { accountIds: [adminId] });
    expect(res.json()).toMatchObject({ inApp: 1, email: 0 });
    expect(await readOutbox(t.dataDir)).toEqual([]);
    const matrix = (await t.app.inject(as(admin, { method: 'GET', url: '/api/Room/notification' }))).json<
      unknown[]
    >();
    expect(matrix).toEqual([
      {
        notificationId: n.notificationId,
        notificationName: 'Chamado aberto',
        notificationChannels: [{ channelId: 1, isRequired: false }],
      },
    ]);
  });
});

async function listen(): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function connect(url: string): Promise<{ ws: WebSocket; messages: { event: string; data: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: { event: string; data: unknown }[] = [];
    ws.on('message', (data: Buffer) =>
      messages.push(JSON.parse(data.toString('utf8')) as { event: string; data: unknown }),
    );
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('sending and the inbox', () => {
  it('delivers to the inbox, the outbox and the recipient socket only; read marking survives', async () => {
    const n = await createNotification({ titleTemplate: 'Aviso para ${User.Name}' });
    const person = await createPerson(t.app, admin, { displayName: 'Maria <b>' });
    const user = (await login(t.app, person.email, person.password)).token;
    const wsBase = await listen();
    const mine = await connect(`${wsBase}/websocket?access_token=${user}`);
    const adminSocket = await connect(`${wsBase}/websocket?access_token=${admin}`);

    const res = await send(n.notificationId, { accountIds: [person.accountId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      notificationId: n.notificationId,
      recipients: 1,
      inApp: 1,
      email: 1,
      push: 0,
    });

    await until(() => mine.messages.some((m) => m.event === 'SendNotification'));
    const pushed = mine.messages.find((m) => m.event === 'SendNotification')?.data as {
      item: { title: string };
      unread: number;
    };
    expect(pushed).toMatchObject({ item: { title: 'Aviso para Maria <b>' }, unread: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(adminSocket.messages.filter((m) => m.event === 'SendNotification')).toEqual([]);

    const page = await inbox(user);
    expect(page).toMatchObject({ totalResults: 1, currentPage: 1, unread: 1 });
    const [item] = page.itens;
    expect(item).toMatchObject({
      title: 'Aviso para Maria <b>',
      description: 'Olá, Maria <b>!',
      status: false,
      talkId: null,
      subject: null,
      inativo: false,
    });
    expect(Number.isNaN(Date.parse(item?.data ?? ''))).toBe(false);
    expect((await inbox(admin)).totalResults).toBe(0);

    const mail = await outboxHtml();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toEqual([person.email]);
    expect(mail[0]?.subject).toBe('Aviso para Maria <b>');
    expect(mail[0]?.html).toContain('Olá, Maria &lt;b&gt;!');
    expect(mail[0]?.html).not.toContain('Maria <b>');

    // Someone else's id is not marked; one's own is, and the badge count follows.
    const foreign = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/notifications/read/', payload: { id: item?.id } }),
    );
    expect(foreign.json()).toEqual({ unread: 0 });
    expect((await inbox(user)).itens[0]?.status).toBe(false);
    const read = await t.app.inject(
      as(user, { method: 'POST', url: '/api/notifications/read/', payload: { id: item?.id } }),
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    const after = await inbox(user);
    expect(after.itens[0]?.status).toBe(true);
    expect(after.unread).toBe(0);
    expect((await inbox(user, { view: 2 })).totalResults).toBe(0);
    const badge = await t.app.inject(as(user, { method: 'GET', url: '/api/notifications/unread' }));
    expect(badge.json()).toEqual({ unread: 0 });
    mine.ws.close();
    adminSocket.ws.close();
  });

  it.runIf(testDatabaseUrl)('reaches the recipient on another instance (PostgreSQL)', async () => {
    const n = await createNotification({ notificationChannels: [{ channelId: 1 }] });
    const other = await t.sibling();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    const socket = await connect(`${url}/websocket?access_token=${admin}`);
    expect((await send(n.notificationId, { accountIds: [adminId] })).statusCode).toBe(200);
    await until(() => socket.messages.some((m) => m.event === 'SendNotification'));
    expect(socket.messages.find((m) => m.event === 'SendNotification')?.data).toMatchObject({
      item: { title: 'Novo chamado', description: 'Olá, Administrador!' },
      unread: 1,
    });
    socket.ws.close();
  });

  it('pages the inbox with 100 by default', async () => {
    const n = await createNotification({ notificationChannels: [{ channelId: 1 }] });
    for (let i = 0; i < 3; i += 1) await send(n.notificationId, { accountIds: [adminId] });
    const first = await inbox(admin, { fetch: 2 });
    expect(first).toMatchObject({ totalResults: 3, unread: 3 });
    expect(first.itens).toHaveLength(2);
    const second = await inbox(admin, { page: 2, fetch: 2 });
    expect(second.itens).toHaveLength(1);
    expect(second.itens[0]?.id).toBeLessThan(first.itens[1]?.id ?? 0);
    const tooBig = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/notifications/list/', payload: { fetch: 101 } }),
    );
    expect(tooBig.statusCode).toBe(400);
    await t.app.inject(
      as(admin, { method: 'POST', url: '/api/notifications/read/', payload: { all: true } }),
    );
    expect((await inbox(admin)).unread).toBe(0);
  });

  it('refuses unknown recipients before sending anything', async () => {
    const n = await createNotification();
    const res = await send(n.notificationId, { accountIds: [adminId, 987654] });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toEqual({ message: 'Destinatário não encontrado.', field: 'accountIds' });
    expect((await inbox(admin)).totalResults).toBe(0);
    const none = await send(n.notificationId, { accountIds: [] });
    expect(errorsOf(none)[0]?.message).toBe('Informe pelo menos um destinatário.');
    expect((await send(424242, { accountIds: [adminId] })).statusCode).toBe(404);
  });

  it('fills record variables only with what each recipient may read, escaped, never evaluated', async () => {
    await createCrm(t.app, admin);
    const chamado = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))
    ).json<Subject>();
    const attr = (id: string) =>
      chamado.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId ?? 0;
    const clienteId = await createTalk(t.app, admin, 'cliente', { nome: 'ACME <script>alert(1)</script>' });
    const talkId = await createTalk(t.app, admin, 'chamado', {
      titulo: '${User.Email} & <img src=x onerror=alert(1)>',
      cliente: clienteId,
      prioridade: 3,
    });
    const roomId = await createRoom(t.app, admin, {
      roomName: 'Leitura parcial',
      displayName: 'Leitura parcial',
      permissions: {
        subjects: [
          {
            resourceId: chamado.subjectId,
            actions: ['read'],
            permissions: [{ resourceId: attr('titulo'), actions: [] }],
          },
        ],
        menus: [],
      },
    } as never);
    const person = await createPerson(t.app, admin, { roomId });
    const n = await createNotification({
      subjectId: chamado.subjectId,
      titleTemplate: 'Chamado ${IdentificadorConversa}: ${titulo}\r\nBcc: x@y.z',
      messageTemplate:
        '${titulo} | ${prioridade} | ${cliente.nome} | ${constructor} ${__proto__} ${${x}} <script>x</script>',
    });
    const res = await send(n.notificationId, { accountIds: [adminId, person.accountId], talkId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 2, inApp: 2, email: 2 });
    const conversation = String(await t.app.services.messages.conversationId(1, chamado.subjectId, talkId));

    const adminItem = (await inbox(admin)).itens[0];
    expect(adminItem).toMatchObject({
      talkId,
      subject: 'chamado',
      conversationId: conversation,
      title: `Chamado ${conversation}: \${User.Email} & <img src=x onerror=alert(1)>\nBcc: x@y.z`,
      description:
        '${User.Email} & <img src=x onerror=alert(1)> | 3 | ACME <script>alert(1)</script> | ${constructor} ${__proto__} ${${x}} <script>x</script>',
    });
    const user = (await login(t.app, person.email, person.password)).token;
    const personItem = (await inbox(user)).itens[0];
    // The person may read the record but not its title, and not the client record at all.
    expect(personItem?.description).toBe(' | 3 |  | ${constructor} ${__proto__} ${${x}} <script>x</script>');

    const mails = await outboxHtml();
    const adminMail = mails.find((m) => m.to.includes('admin@talkbase.test'));
    expect(adminMail?.subject).toBe(
      `Chamado ${conversation}: \${User.Email} & <img src=x onerror=alert(1)> Bcc: x@y.z`,
    );
    expect(adminMail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(adminMail?.html).toContain('ACME &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(adminMail?.html).not.toMatch(/<script|<img/);
    expect(adminMail?.text).toContain(`Chamado #${talkId}`);
  });
});

describe('links to the record (PUBLIC_URL)', () => {
  async function recordNotification(attachReferences = true) {
    await createCrm(t.app, admin);
    const chamado = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))
    ).json<Subject>();
    const talkId = await createTalk(t.app, admin, 'chamado', { titulo: 'Impressora parada' });
    const n = await createNotification({ subjectId: chamado.subjectId, attachReferences });
    return { talkId, n };
  }
  const links = async () =>
    (await t.app.inject(as(admin, { method: 'GET', url: '/api/notification/links' }))).json<{
      publicUrl: string | null;
    }>();

  it('with PUBLIC_URL, the e-mail links to the record under it; without "Anexar links", it does not', async () => {
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://talkbase.example.com.br/' });
    admin = (await login(t.app)).token;
    adminId = (await login(t.app)).accountId;
    expect(await links()).toEqual({ publicUrl: 'https://talkbase.example.com.br/' });
    const { talkId, n } = await recordNotification();
    expect((await send(n.notificationId, { accountIds: [adminId], talkId })).json()).toMatchObject({
      email: 1,
    });
    const [mail] = await outboxHtml();
    const link = `https://talkbase.example.com.br/context/talk/chamado/${String(talkId)}`;
    expect(mail?.html).toContain(`<a href="${link}">Chamado #${String(talkId)} — Impressora parada</a>`);
    expect(mail?.text).toContain(`Chamado #${String(talkId)} — Impressora parada\n${link}`);

    const plain = await createNotification({ subjectId: n.subjectId, attachReferences: false });
    fs.rmSync(path.join(t.dataDir, 'outbox'), { recursive: true, force: true });
    await send(plain.notificationId, { accountIds: [adminId], talkId });
    const [without] = await outboxHtml();
    expect(without?.html).not.toContain('/context/talk/');
    expect(without?.text).not.toContain('/context/talk/');
  });

  it('without PUBLIC_URL, the e-mail names the record without a link, and the links call says there is none', async () => {
    expect(await links()).toEqual({ publicUrl: null });
    const { talkId, n } = await recordNotification();
    await send(n.notificationId, { accountIds: [adminId], talkId });
    const [mail] = await outboxHtml();
    expect(mail?.text).toContain(`Chamado #${String(talkId)} — Impressora parada`);
    expect(mail?.html).not.toContain('<a ');
    expect(mail?.text).not.toContain('http');
    const user = await createPerson(t.app, admin);
    const userToken = (await login(t.app, user.email, user.password)).token;
    expect(
      (await t.app.inject(as(userToken, { method: 'GET', url: '/api/notification/links' }))).statusCode,
    ).toBe(403);
  });
});

describe('notification × channel matrices', () => {
  it('the own profile shows and keeps the choices; mandatory and room-disabled cells are refused', async () => {
    const n = await createNotification({
      notificationChannels: [{ channelId: 1 }, { channelId: 2, isRequired: true }, { channelId: 3 }],
    });
    const roomId = await createRoom(t.app, admin, {
      roomName: 'Sem push',
      displayName: 'Sem push',
      roomNotifications: [
        { channel: { channelId: 3 }, notifications: [{ notificationId: n.notificationId, isEnable: false }] },
      ],
    });
    const person = await createPerson(t.app, admin, { roomId });
    const user = (await login(t.app, person.email, person.password)).token;
    const own = (
      await t.app.inject(as(user, { method: 'GET', url: `/api/account/${person.accountId}` }))
    ).json<{
      notifications: AccountNotificationRow[];
    }>();
    expect(own.notifications).toEqual([
      {
        notificationId: n.notificationId,
        notificationName: 'Chamado aberto',
        channels: [
          { channelId: 1, isEnable: true, isRequired: false, isDisabled: false },
          { channelId: 2, isEnable: true, isRequired: true, isDisabled: false },
          { channelId: 3, isEnable: false, isRequired: false, isDisabled: true },
        ],
      },
    ]);
    const put = (channels: { channelId: number; isEnable: boolean }[]) =>
      t.app.inject(
        as(user, {
          method: 'PUT',
          url: `/api/account/${person.accountId}`,
          payload: { notifications: [{ notificationId: n.notificationId, channels }] },
        }),
      );
    const locked = await put([{ channelId: 2, isEnable: false }]);
    expect(locked.statusCode).toBe(422);
    expect(errorsOf(locked)[0]?.message).toBe('Este canal é obrigatório para esta notificação.');
    const disabled = await put([{ channelId: 3, isEnable: true }]);
    expect(disabled.statusCode).toBe(422);
    expect(errorsOf(disabled)[0]?.message).toBe(
      'Este canal não está habilitado para o seu perfil de acesso.',
    );
    const ok = await put([{ channelId: 1, isEnable: false }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ notifications: AccountNotificationRow[] }>().notifications[0]?.channels[0]).toEqual({
      channelId: 1,
      isEnable: false,
      isRequired: false,
      isDisabled: false,
    });
    // Delivery follows: no inbox row (app turned off), the mandatory e-mail still goes.
    const res = await send(n.notificationId, { accountIds: [person.accountId] });
    expect(res.json()).toMatchObject({ inApp: 0, email: 1, push: 0 });
    expect((await inbox(user)).totalResults).toBe(0);
    // An administrator reading another account sees no matrix and cannot set it.
    const other = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/account/${person.accountId}` }))
    ).json<{
      notifications: unknown[];
    }>();
    expect(other.notifications).toEqual([]);
    const foreign = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/account/${person.accountId}`,
        payload: {
          notifications: [{ notificationId: n.notificationId, channels: [{ channelId: 1, isEnable: true }] }],
        },
      }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)[0]?.field).toBe('notifications');
  });
});

describe('bad input', () => {
  it('answers a clear JSON error, never a 500', async () => {
    const n = await createNotification();
    const cases: [string, string, unknown][] = [
      ['GET', '/api/notification?page=abc&fetch=9999', undefined],
      ['GET', `/api/notification?NotificationName=${'x'.repeat(26)}`, undefined],
      ['GET', '/api/notification/99999999999', undefined],
      ['POST', '/api/notification', { ...base, notificationChannels: [{ channelId: 1 }, { channelId: 1 }] }],
      ['POST', '/api/notification', { ...base, notificationChannels: 'todos' }],
      ['POST', '/api/notification', [1, 2]],
      ['DELETE', '/api/notification', { notificationId: 'x' }],
      ['POST', `/api/notification/${n.notificationId}/send`, { accountIds: [adminId], talkId: 99999999999 }],
      ['POST', `/api/notification/${n.notificationId}/send`, { accountIds: [adminId], talkId: 5 }],
      ['POST', `/api/notification/${n.notificationId}/send`, { accountIds: 'todos' }],
      ['POST', '/api/notifications/list/', { page: -1, view: 7 }],
      ['POST', '/api/notifications/read/', {}],
      ['POST', '/api/notifications/read/', { ids: ['a'] }],
      ['PUT', '/api/Company/Channel/abc', {}],
      ['GET', '/api/notification/variables?subjectId=424242', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject(
        as(admin, {
          method: method,
          url,
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
      );
      expect([400, 404, 422], `${method} ${url} ${res.body}`).toContain(res.statusCode);
      expectErrorAnswer(res, { sent: payload });
    }
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: '/api/notification' }))).json<NotificationPage>()
        .totalResults,
    ).toBe(1);
  });
});

describe('variables', () => {
  it('lists the user, conversation, subject and related-subject variables for the picker', async () => {
    await createCrm(t.app, admin);
    const chamado = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))
    ).json<Subject>();
    const res = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/notification/variables?subjectId=${chamado.subjectId}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<{ variable: string }[]>().map((v) => v.variable);
    expect(names.slice(0, 3)).toEqual(['User.Email', 'User.Name', 'IdentificadorConversa']);
    expect(names).toEqual(
      expect.arrayContaining(['titulo', 'prioridade', 'cliente', 'cliente.nome', 'cliente.cnpj']),
    );
  });
});

describe('browser push', () => {
  it('answers a VAPID key kept across instances and keeps the subscription of a browser', async () => {
    const user = admin;
    const key = (await t.app.inject(as(user, { method: 'GET', url: '/api/notifications/vapid' }))).json<{
      publicKey: string;
    }>();
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const sibling = await t.sibling();
    const again = (await sibling.inject(as(user, { method: 'GET', url: '/api/notifications/vapid' }))).json<{
      publicKey: string;
    }>();
    expect(again.publicKey).toBe(key.publicKey);
    const bad = await t.app.inject(
      as(user, {
        method: 'POST',
        url: '/api/notifications/subscription',
        payload: { endpoint: 'http://example.test/x', keys: { p256dh: 'a', auth: 'b' } },
      }),
    );
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject(
      as(user, {
        method: 'POST',
        url: '/api/notifications/subscription',
        payload: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'a', auth: 'b' } },
      }),
    );
    expect(ok.json()).toEqual({ subscribed: true });
    const rows = await t.db.kysely
      .selectFrom('push_subscriptions')
      .select(['account_id', 'endpoint'])
      .execute();
    expect(rows).toEqual([{ account_id: adminId, endpoint: 'https://push.example.test/abc' }]);
    const off = await t.app.inject(
      as(user, {
        method: 'DELETE',
        url: '/api/notifications/subscription',
        payload: { endpoint: 'https://push.example.test/abc' },
      }),
    );
    expect(off.json()).toEqual({ subscribed: false });
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });
});
