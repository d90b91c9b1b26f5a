import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { workStepSchema, type WorkStepInput } from '@talkbase/domain/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../../mail/mailer.ts';
import { createOutboundClient, parseAllowList, type Connector } from '../../../../outbound/index.ts';
import { uploadTo, pdf } from '../../../files/files-test-helpers.ts';
import { as, createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { createTalk } from '../../../../test/records.ts';
import { identityOfAccount, type AuthContext } from '../../../../access/identity.ts';
import { createActionRegistry, type ActionRegistry } from '../registry.ts';
import {
  PermanentActionError,
  RetryableActionError,
  type ActionContext,
  type ActionServices,
  type RunTrigger,
} from '../types.ts';
import { messageIdOf, outboundActionHandlers, OUTBOUND_RETRY, recipientsOf } from './index.ts';
import type { EngineServices } from './once.ts';

/**
 * Outbound actions through the action registry and the handler interface (the engine's worker
 * drives the same `run(ctx, step)`): a real app and database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL), a real SMTP server and real HTTP targets on 127.0.0.1. The idempotency marks
 * are a Set standing in for the engine's `automation_marks` table (isDone/markDone).
 */

interface Received {
  messageId: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: { key: string; value: string }[];
  attachments: { filename: string | null; size: number }[];
}

async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (m) => {
            received.push({
              messageId: m.messageId ?? '',
              to: (m.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
              subject: m.subject ?? '',
              html: m.html ?? '',
              text: m.text ?? '',
              headers: m.headers,
              attachments: m.attachments.map((a) => ({
                filename: a.filename,
                size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
              })),
            });
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let subjectId: number;
let clienteSubjectId: number;
let attr: Record<string, number>;
let talkId: number;
let adminAuth: AuthContext;
let adminEmail: string;
let hook: {
  server: http.Server;
  port: number;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  status: number;
  hang: boolean;
};

const marks = new Set<string>();
let markFailures = 0;

beforeAll(async () => {
  // Handlers are driven here, not by the engine's background loop.
  t = await createTestApp({ AUTOMATIONS_POLL_MS: '0' });
  const a = await login(t.app);
  token = a.token;
  const cli = await t.app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'cliente',
        name: 'Cliente',
        attributes: [
          { identifier: 'nome', name: 'Nome', componentId: 1 },
          { identifier: 'email', name: 'E-mail', componentId: 1 },
        ],
      },
    }),
  );
  expect(cli.statusCode, cli.body).toBe(201);
  clienteSubjectId = (await t.app.services.subjects.load(1, 'cliente')).id;
  const clienteId = await createTalk(t.app, token, 'cliente', {
    nome: 'ACME <Ltda>',
    email: 'Compras@ACME.example',
  });
  const res = await t.app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'pedido',
        name: 'Pedido',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1 },
          { identifier: 'contato', name: 'Contato', componentId: 1 },
          { identifier: 'status', name: 'Status', componentId: 1 },
          { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
          { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        ],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const subject = await t.app.services.subjects.load(1, 'pedido');
  subjectId = subject.id;
  attr = Object.fromEntries(subject.attributes.map((x) => [x.identifier, x.id]));
  talkId = await createTalk(t.app, token, 'pedido', {
    titulo: 'Pedido <b>urgente</b> ${User.Email} {{7*7}} #{7*7} <%= 7*7 %> ${constructor}',
    contato: 'cliente@example.com',
    status: 'Aberto',
    cliente: clienteId,
  });
  const up = await uploadTo(t.app, token, `/api/value/file/pedido/${talkId}/${attr.anexos}`, [
    { name: 'proposta.pdf', data: pdf('Proposta'), type: 'application/pdf' },
  ]);
  expect(up.statusCode, up.body).toBeLessThan(300);
  const admin = await t.db.kysely
    .selectFrom('accounts')
    .select(['id', 'room_id', 'email'])
    .where('id', '=', a.accountId)
    .executeTakeFirstOrThrow();
  adminEmail = admin.email ?? '';
  adminAuth = identityOfAccount(1, { id: admin.id, room_id: admin.room_id, account_type: 1, is_admin: 1 });
  smtp = await startSmtp();
  hook = { server: http.createServer(), port: 0, requests: [], status: 200, hang: false };
  hook.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hook.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (hook.hang) return;
      res.writeHead(hook.status).end('ok');
    });
  });
  await new Promise<void>((r) => hook.server.listen(0, '127.0.0.1', () => r()));
  hook.port = (hook.server.address() as AddressInfo).port;
});

afterAll(async () => {
  hook.server.closeAllConnections();
  await new Promise<void>((r) => hook.server.close(() => r()));
  await smtp.close();
  await t.close();
});

function registry(connect?: Connector, timeoutMs = 2_000, publicUrl?: string): ActionRegistry {
  const outbound = createOutboundClient({
    allow: parseAllowList(`127.0.0.1:${hook.port}`),
    timeoutMs,
    ...(connect ? { connect } : {}),
  });
  return createActionRegistry(outboundActionHandlers({ outbound, files: t.app.services.files, publicUrl }));
}

function services(smtpPort = smtp.port): ActionServices & EngineServices {
  const s = t.app.services;
  return {
    talks: s.talks,
    subjects: s.subjects,
    tags: s.tags,
    messages: s.messages,
    notificationSender: s.notificationSender,
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Talkbase <a@talkbase.local>',
      outboxDir: '',
    }),
    now: () => Date.now(),
    actor: () => Promise.resolve(adminAuth),
    isDone: (key) => Promise.resolve(marks.has(key)),
    markDone: (key) => {
      if (markFailures > 0) {
        markFailures -= 1;
        return Promise.reject(new Error('simulated crash before the mark was written'));
      }
      const added = !marks.has(key);
      marks.add(key);
      return Promise.resolve(added);
    },
    db: t.db.kysely,
  };
}

function trigger(over: Partial<RunTrigger> = {}): RunTrigger {
  return {
    eventType: 5,
    subjectId,
    subjectIdentifier: 'pedido',
    talkId,
    before: null,
    after: null,
    changed: [],
    accountId: adminAuth.accountId,
    ...over,
  };
}

let keySeq = 0;
function ctx(over: Partial<ActionContext> = {}, svc = services()): ActionContext {
  keySeq += 1;
  return {
    companyId: 1,
    jobId: 1,
    jobName: 'Automação de teste',
    runId: keySeq,
    stepIndex: 0,
    idempotencyKey: `j1:e1:t${talkId}:v${keySeq}:s0`,
    trigger: trigger(),
    depth: 0,
    services: svc,
    signal: new AbortController().signal,
    ...over,
  };
}

const step = (input: WorkStepInput) => workStepSchema.parse(input);

const email = (config: Record<string, unknown>) =>
  step({
    workStepType: 'SendEmail',
    name: 'E-mail',
    configs: [{ subject: 'Pedido ${titulo}', content: 'Olá', to: 'a@example.com', ...config }],
  });

async function runStep(reg: ActionRegistry, c: ActionContext, s: ReturnType<typeof step>) {
  const handler = reg.get(s.workStepType);
  if (!handler) throw new Error(`no handler ${s.workStepType}`);
  await handler.run(c, s);
}

describe('SendEmail', () => {
  it('joins recipients by ; dropping blanks, and retries 5 times over about 30 minutes', () => {
    expect(recipientsOf(' a@x.com ;; ;b@y.org;')).toEqual(['a@x.com', 'b@y.org']);
    const reg = registry();
    expect(reg.retryOf('SendEmail')).toEqual(OUTBOUND_RETRY);
    expect(reg.retryOf('HttpRequest')).toEqual(OUTBOUND_RETRY);
    const waits = [1, 2, 3, 4].map((n) => OUTBOUND_RETRY.baseDelayMs * 2 ** (n - 1));
    expect(waits.reduce((a, b) => a + b, 0)).toBe(30 * 60_000);
  });

  it('sends content, values, related tables, the file attachments, to the list and the creator, once per key', async () => {
    const reg = registry();
    const before = smtp.received.length;
    const c = ctx();
    const s = email({
      to: 'chefe@example.com; ;Chefe@example.com',
      content: '<p>Status: ${status}</p><p>Contato: ${contato}</p>',
      attributes: [attr.titulo, attr.status],
      attachments: [attr.anexos],
      sendToCreatedBy: true,
    });
    await runStep(reg, c, s);
    await runStep(reg, c, s); // same key: already sent
    const got = smtp.received.slice(before);
    expect(got).toHaveLength(1);
    const [m] = got;
    expect(m?.messageId).toBe(messageIdOf(`${c.idempotencyKey}:mail:0`));
    expect(m?.to.sort()).toEqual(['chefe@example.com', adminEmail.toLowerCase()].sort());
    expect(m?.html).toContain('<p>Status: Aberto</p><p>Contato: cliente@example.com</p>');
    expect(m?.text).toContain('Status: Aberto\nContato: cliente@example.com');
    expect(m?.html).toContain('<td>Status</td><td>Aberto</td>');
    expect(m?.attachments).toEqual([{ filename: 'proposta.pdf', size: pdf('Proposta').length }]);
  });

  it('with PUBLIC_URL, the e-mail ends with a link to the record; without it, no link', async () => {
    const before = smtp.received.length;
    await runStep(registry(undefined, 2_000, 'https://talkbase.example.com.br/'), ctx(), email({}));
    await runStep(registry(), ctx(), email({}));
    const [linked, plain] = smtp.received.slice(before);
    const link = `https://talkbase.example.com.br/context/talk/pedido/${String(talkId)}`;
    expect(linked?.html).toContain(`<a href="${link}">Abrir Pedido #${String(talkId)}</a>`);
    expect(linked?.text).toContain(`Abrir Pedido #${String(talkId)}: ${link}`);
    expect(plain?.html).not.toContain('/context/talk/');
    expect(plain?.text).not.toContain('/context/talk/');
  });

  it('changed-properties report: before and after; nothing changed sends nothing unless "empty report"', async () => {
    const reg = registry();
    const before = smtp.received.length;
    await runStep(
      reg,
      ctx({
        trigger: trigger({
          eventType: 6,
          changed: ['status'],
          before: { status: 'Aberto' },
          after: { status: 'Fechado' },
        }),
      }),
      email({ notifyPropertyChanged: true }),
    );
    await runStep(
      reg,
      ctx({ trigger: trigger({ eventType: 6, changed: [] }) }),
      email({ notifyPropertyChanged: true }),
    );
    await runStep(
      reg,
      ctx({ trigger: trigger({ eventType: 6, changed: [] }) }),
      email({ notifyPropertyChanged: true, sendEmptyReport: true, subject: 'Vazio' }),
    );
    const got = smtp.received.slice(before);
    expect(got.map((m) => m.subject)).toEqual([expect.stringContaining('Pedido'), 'Vazio']);
    expect(got[0]?.html).toContain('<td>Status</td><td>Aberto → Fechado</td>');
  });

  it('template injection: values are inserted once, escaped, never evaluated; headers stay one line', async () => {
    const reg = registry();
    const injected = await createTalk(t.app, token, 'pedido', {
      titulo: 'x\r\nBcc: intruso@example.com\r\n${User.Email}',
      contato: '<script>alert(1)</script>${status}',
      status: 'Aberto',
    });
    const before = smtp.received.length;
    await runStep(
      reg,
      ctx({ trigger: trigger({ talkId: injected }) }),
      email({
        subject: 'Pedido ${titulo}',
        content: '${contato} | ${titulo} | ${constructor} | ${__proto__} | ${7*7}',
      }),
    );
    const [m] = smtp.received.slice(before);
    expect(m?.to).toEqual(['a@example.com']);
    expect(m?.headers.some((h) => h.key === 'bcc')).toBe(false);
    expect(m?.subject).toBe(`Pedido x Bcc: intruso@example.com \${User.Email}`);
    expect(m?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;${status}');
    expect(m?.html).toContain('${constructor} | ${__proto__} | ${7*7}');
    expect(m?.html).not.toContain('<script>');
    expect(m?.text).not.toMatch(/\b49\b/);
    expect(m?.html).not.toContain(adminEmail);
  });

  it('sends to the addresses of the related record and lists the related record; related variables', async () => {
    const before = smtp.received.length;
    await runStep(
      registry(),
      ctx(),
      email({
        to: '',
        content: '<p>Cliente: ${cliente.nome}</p>',
        relatedSubjects: [clienteSubjectId],
        sendToRelated: { send: true, subjectId: clienteSubjectId },
      }),
    );
    const [m] = smtp.received.slice(before);
    expect(m?.to).toEqual(['compras@acme.example']);
    expect(m?.html).toContain('<p>Cliente: ACME &lt;Ltda&gt;</p>');
    expect(m?.html).toContain('<td>Nome</td><td>ACME &lt;Ltda&gt;</td>');
    expect(m?.html).toContain('<td>E-mail</td><td>Compras@ACME.example</td>');
  });

  it('no valid recipient is a permanent failure', async () => {
    await expect(runStep(registry(), ctx(), email({ to: ' ; nada ' }))).rejects.toBeInstanceOf(
      PermanentActionError,
    );
  });

  it('a crash after the send and before the mark resends with the same Message-ID', async () => {
    const reg = registry();
    const before = smtp.received.length;
    const c = ctx();
    markFailures = 1;
    await expect(runStep(reg, c, email({}))).rejects.toThrow('simulated crash');
    await runStep(reg, c, email({}));
    await runStep(reg, c, email({}));
    const got = smtp.received.slice(before);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((m) => m.messageId))).toEqual(
      new Set([messageIdOf(`${c.idempotencyKey}:mail:0`)]),
    );
  });
});

describe('Notification', () => {
  it('sends through the notification service to accounts and rooms, once; variables never evaluated', async () => {
    const created = await t.app.inject(
      as(token, {
        method: 'POST',
        url: '/api/notification',
        payload: {
          notificationName: 'Pedido',
          subjectId,
          titleTemplate: 'Pedido ${titulo}',
          messageTemplate: '${contato}',
          attachReferences: false,
          notificationChannels: [{ channelId: 1, isRequired: true }],
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const notificationId = created.json<{ notificationId: number }>().notificationId;
    const reg = registry();
    const s = step({
      workStepType: 'Notification',
      configs: [
        {
          notificationId,
          receivers: [
            { receiverType: 'room', receiverId: adminAuth.roomId },
            { receiverType: 'account', receiverId: adminAuth.accountId },
          ],
        },
      ],
    });
    const c = ctx();
    await runStep(reg, c, s);
    await runStep(reg, c, s);
    const res = await t.app.inject(
      as(token, { method: 'POST', url: '/api/notifications/list/', payload: {} }),
    );
    const page = res.json<{ totalResults: number; itens: { title: string; description: string }[] }>();
    expect(page.totalResults).toBe(1);
    expect(page.itens[0]?.title).toBe(
      'Pedido Pedido <b>urgente</b> ${User.Email} {{7*7}} #{7*7} <%= 7*7 %> ${constructor}',
    );
    expect(page.itens[0]?.description).toBe('cliente@example.com');
    await expect(
      runStep(
        reg,
        ctx(),
        step({
          workStepType: 'Notification',
          configs: [{ notificationId, receivers: [{ receiverType: 'account', receiverId: 999999 }] }],
        }),
      ),
    ).rejects.toBeInstanceOf(PermanentActionError);
  });
});

describe('HttpRequest', () => {
  const request = (config: Record<string, unknown>) =>
    step({
      workStepType: 'HttpRequest',
      configs: [
        {
          method: 'POST',
          url: `http://127.0.0.1:${hook.port}/hook?titulo=\${titulo}`,
          headers: [
            { name: 'Content-Type', value: 'application/json' },
            { name: 'X-Titulo', value: '${titulo}' },
          ],
          body: '{"titulo":"${titulo}","status":"${status}"}',
          ...config,
        },
      ],
    });

  it('renders URL, headers and a JSON body from the whitelist and sends once per key', async () => {
    hook.status = 200;
    hook.requests.length = 0;
    const injected = await createTalk(t.app, token, 'pedido', {
      titulo: 'a"} , "admin": true, "x":"\r\nX-Evil: 1&b=2',
      status: '${contato}',
    });
    const c = ctx({ trigger: trigger({ talkId: injected }) });
    await runStep(registry(), c, request({}));
    await runStep(registry(), c, request({}));
    expect(hook.requests).toHaveLength(1);
    const [r] = hook.requests;
    expect(JSON.parse(r?.body ?? '')).toEqual({
      titulo: 'a"} , "admin": true, "x":"\r\nX-Evil: 1&b=2',
      status: '${contato}',
    });
    expect(new URL(r?.url ?? '', 'http://x').searchParams.get('titulo')).toBe(
      'a"} , "admin": true, "x":"\r\nX-Evil: 1&b=2',
    );
    expect(new URL(r?.url ?? '', 'http://x').searchParams.get('b')).toBeNull();
    expect(r?.headers['x-titulo']).toBe('a"} , "admin": true, "x":" X-Evil: 1&b=2');
    expect(r?.headers['x-evil']).toBeUndefined();
    expect(r?.headers['idempotency-key']).toBe(c.idempotencyKey);
  });

  it('5xx and 429 are retried, 4xx is final', async () => {
    hook.status = 503;
    await expect(runStep(registry(), ctx(), request({}))).rejects.toBeInstanceOf(RetryableActionError);
    hook.status = 429;
    await expect(runStep(registry(), ctx(), request({}))).rejects.toBeInstanceOf(RetryableActionError);
    hook.status = 404;
    await expect(runStep(registry(), ctx(), request({}))).rejects.toBeInstanceOf(PermanentActionError);
    hook.status = 200;
  });

  it('a hanging target times out and is retried', async () => {
    hook.hang = true;
    try {
      const started = Date.now();
      await expect(runStep(registry(undefined, 300), ctx(), request({}))).rejects.toBeInstanceOf(
        RetryableActionError,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      hook.hang = false;
      hook.server.closeAllConnections();
    }
  });

  it('a forbidden address is a permanent failure and opens no socket', async () => {
    const calls: unknown[] = [];
    const spy: Connector = (o) => {
      calls.push(o);
      const sock = new net.Socket();
      process.nextTick(() => sock.destroy(new Error('spy')));
      return sock;
    };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
      `http://127.0.0.1:${hook.port + 1}/`,
      'file:///etc/passwd',
    ])
      await expect(runStep(registry(spy), ctx(), request({ url })), url).rejects.toBeInstanceOf(
        PermanentActionError,
      );
    expect(calls).toEqual([]);
  });
});

describe('reliability: SMTP down for 5 minutes during 500 e-mails', () => {
  it('delivers all 500, none twice (counted by Message-ID)', { timeout: 120_000 }, async () => {
    const server = await startSmtp();
    const port = server.port;
    let current = server;
    const received = (): Received[] => [...server.received, ...(current === server ? [] : current.received)];
    // Simulated time: the retry schedule is the handler's own (5 tries, 2 min doubling).
    let clock = 0;
    const svc = { ...services(port), now: () => clock };
    const reg = registry();
    const handler = reg.get('SendEmail');
    if (!handler?.retry) throw new Error('SendEmail handler with a retry policy');
    const policy = handler.retry;
    const s = email({ subject: 'Lote', content: 'Mensagem' });
    const jobs = Array.from({ length: 500 }, (_, i) => ({
      c: ctx({ idempotencyKey: `reliability:${i}` }, svc),
      tries: 0,
      dueAt: 0,
      done: false,
    }));
    let stoppedAt: number | null = null;
    let restarted = false;
    for (let round = 0; round < 100 && jobs.some((j) => !j.done); round++) {
      const due = jobs.filter((j) => !j.done && j.dueAt <= clock);
      for (let i = 0; i < due.length; i += 10) {
        await Promise.all(
          due.slice(i, i + 10).map(async (j) => {
            j.tries += 1;
            try {
              await handler.run(j.c, s);
              j.done = true;
            } catch (err) {
              expect(err).toBeInstanceOf(RetryableActionError);
              expect(j.tries).toBeLessThan(policy.tries);
              j.dueAt = clock + policy.baseDelayMs * 2 ** (j.tries - 1);
            }
          }),
        );
        // The SMTP server goes down once 150 messages are in.
        if (stoppedAt === null && received().length >= 150) {
          await server.close();
          stoppedAt = clock;
        }
      }
      // Time moves to the next due retry; the server is back 5 minutes after it stopped.
      const next = Math.min(...jobs.filter((j) => !j.done).map((j) => j.dueAt));
      if (Number.isFinite(next)) clock = Math.max(clock, next);
      if (stoppedAt !== null && !restarted && clock >= stoppedAt + 5 * 60_000) {
        current = await startSmtp(port);
        restarted = true;
      }
    }
    const all = received();
    await current.close();
    expect(stoppedAt).not.toBeNull();
    expect(restarted).toBe(true);
    expect(jobs.filter((j) => j.tries > 1).length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.done)).toBe(true);
    expect(all).toHaveLength(500);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(500);
    expect(new Set(all.map((m) => m.messageId))).toEqual(
      new Set(jobs.map((j) => messageIdOf(`${j.c.idempotencyKey}:mail:0`))),
    );
  });
});
