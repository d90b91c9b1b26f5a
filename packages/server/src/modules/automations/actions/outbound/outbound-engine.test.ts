import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  automationFixture,
  createJob,
  createRecord,
  event,
  runsOf,
  updateRecord,
  type AutomationFixture,
} from '../../automations-setup.ts';
import { messageIdOf } from './index.ts';

/**
 * The outbound actions as the engine runs them (app wiring, outbox, runs, retries with the engine's
 * clock): an SMTP server and an HTTP target on 127.0.0.1, the target opened by OUTBOUND_ALLOW.
 */

interface Got {
  messageId: string;
  to: string[];
  subject: string;
}

let f: AutomationFixture;
let smtp: SMTPServer;
let smtpPort: number;
const mails: Got[] = [];
let target: http.Server;
let targetPort: number;
const hits: { url: string; body: string }[] = [];
let targetStatus = 200;
/** How long the target holds each call before answering, and the most calls it held at once. */
let targetHoldMs = 0;
const peak = { all: 0, byUrl: new Map<string, number>() };

let afterAccepted: (() => void) | null = null;

async function startSmtp(port: number): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (m) => {
            mails.push({
              messageId: m.messageId ?? '',
              to: (m.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
              subject: m.subject ?? '',
            });
            callback();
            afterAccepted?.();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
}

beforeEach(async () => {
  mails.length = 0;
  hits.length = 0;
  targetStatus = 200;
  targetHoldMs = 0;
  peak.all = 0;
  peak.byUrl.clear();
  await startSmtp(0);
  const held = { all: 0, byUrl: new Map<string, number>() };
  target = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      hits.push({ url, body: Buffer.concat(chunks).toString() });
      if (targetHoldMs === 0) return void res.writeHead(targetStatus).end();
      held.all += 1;
      held.byUrl.set(url, (held.byUrl.get(url) ?? 0) + 1);
      peak.all = Math.max(peak.all, held.all);
      peak.byUrl.set(url, Math.max(peak.byUrl.get(url) ?? 0, held.byUrl.get(url) ?? 0));
      setTimeout(() => {
        held.all -= 1;
        held.byUrl.set(url, (held.byUrl.get(url) ?? 1) - 1);
        res.writeHead(targetStatus).end();
      }, targetHoldMs);
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  targetPort = (target.address() as AddressInfo).port;
  f = await automationFixture({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOUND_ALLOW: `127.0.0.1:${targetPort}`,
  });
});

afterEach(async () => {
  await f.t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => target.close(() => r()));
});

const drain = () => f.app.services.automations.drain();
const MINUTE = 60_000;

/**
 * The engine-level outage run: 500 e-mails as the issue asks with RELIABILITY_FULL=1 (about 90 s);
 * 150 in CI, the handler-level test (outbound-actions.test.ts) sending its 500 either way.
 */
const MAILS = process.env.RELIABILITY_FULL === '1' ? 500 : 150;
const STOP_AFTER = Math.round(MAILS * 0.3);

describe('outbound actions run by the engine', () => {
  it('on create: e-mails and calls the webhook once; a retry after the SMTP server was down delivers once', async () => {
    const jobId = await createJob(f, {
      name: 'Avisos',
      events: [event(f, 5)],
      works: [
        {
          name: 'Avisar',
          steps: [
            {
              workStepType: 'SendEmail',
              name: 'E-mail',
              configs: [
                { subject: 'Novo pedido ${titulo}', content: '<p>${titulo}</p>', to: 'equipe@example.com' },
              ],
            },
            {
              workStepType: 'HttpRequest',
              name: 'Webhook',
              configs: [
                {
                  method: 'POST',
                  url: `http://127.0.0.1:${targetPort}/pedido/\${talkId}`,
                  headers: [{ name: 'Content-Type', value: 'application/json' }],
                  body: '{"titulo":"${titulo}"}',
                },
              ],
            },
          ],
        },
      ],
    });
    const id = await createRecord(f, { titulo: 'Caixa "A"' });
    await drain();
    await drain();
    expect(mails.map((m) => m.subject)).toEqual(['Novo pedido Caixa "A"']);
    expect(hits).toEqual([{ url: `/pedido/${id}`, body: '{"titulo":"Caixa \\"A\\""}' }]);
    expect((await runsOf(f, jobId)).itens[0]).toMatchObject({ status: 'succeeded' });

    // The SMTP server goes away; the next record's e-mail waits for it, then goes once.
    await new Promise<void>((r) => smtp.close(() => r()));
    const second = await createRecord(f, { titulo: 'B' });
    await drain();
    expect(mails).toHaveLength(1);
    const engine = f.app.services.automations;
    const realNow = engine.now;
    let offset = 0;
    engine.now = () => realNow() + offset;
    try {
      offset = 3 * MINUTE;
      await drain();
      expect(mails).toHaveLength(1);
      await startSmtp(smtpPort);
      offset = 5 * MINUTE + 3 * MINUTE;
      await drain();
      offset = 40 * MINUTE;
      await drain();
    } finally {
      engine.now = realNow;
    }
    expect(mails.map((m) => m.subject)).toEqual(['Novo pedido Caixa "A"', 'Novo pedido B']);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
    expect(hits.map((h) => h.url)).toEqual([`/pedido/${id}`, `/pedido/${second}`]);
    const runs = (await runsOf(f, jobId)).itens;
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(messageIdOf('x')).toMatch(/^<[0-9a-f]{40}@talkbase\.automation>$/);
  });

  it(
    `${MAILS} e-mails, the SMTP server stopped after ${STOP_AFTER} and back 5 minutes later: all delivered, none twice`,
    { timeout: 300_000 },
    async () => {
      const jobId = await createJob(f, {
        name: 'Lote',
        events: [event(f, 5)],
        works: [
          {
            name: 'Avisar',
            steps: [
              {
                workStepType: 'SendEmail',
                name: 'E-mail',
                configs: [
                  { subject: 'Pedido ${titulo}', content: '<p>${titulo}</p>', to: 'equipe@example.com' },
                ],
              },
            ],
          },
        ],
      });
      for (let i = 0; i < MAILS; i++) await createRecord(f, { titulo: `N${i}` });
      const stop: { done: Promise<void> | null } = { done: null };
      afterAccepted = () => {
        if (mails.length === STOP_AFTER && !stop.done)
          stop.done = new Promise<void>((r) => smtp.close(() => r()));
      };
      await drain();
      afterAccepted = null;
      expect(stop.done).not.toBeNull();
      await stop.done;
      expect(mails.length).toBeGreaterThanOrEqual(STOP_AFTER);
      expect(mails.length).toBeLessThan(MAILS);
      const engine = f.app.services.automations;
      const realNow = engine.now;
      let offset = 0;
      engine.now = () => realNow() + offset;
      try {
        for (const minutes of [1, 3, 4]) {
          offset = minutes * MINUTE;
          await drain();
        }
        await startSmtp(smtpPort); // 5 minutes after it stopped
        for (const minutes of [8, 16, 32, 64]) {
          offset = minutes * MINUTE;
          await drain();
        }
      } finally {
        engine.now = realNow;
      }
      expect(mails).toHaveLength(MAILS);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(MAILS);
      expect(new Set(mails.map((m) => m.subject))).toEqual(
        new Set(Array.from({ length: MAILS }, (_, i) => `Pedido N${i}`)),
      );
      const runs = await runsOf(f, jobId);
      expect(runs.totalResults).toBe(MAILS);
      expect(runs.itens.every((r) => r.status === 'succeeded')).toBe(true);
    },
  );

  it('a webhook to a forbidden address fails the run at once, with no retry', async () => {
    const jobId = await createJob(f, {
      name: 'Metadados',
      events: [event(f, 5)],
      works: [
        {
          name: 'Chamar',
          steps: [
            {
              workStepType: 'HttpRequest',
              name: 'Webhook',
              configs: [{ method: 'GET', url: 'http://169.254.169.254/latest/meta-data/' }],
            },
          ],
        },
      ],
    });
    await createRecord(f, { titulo: 'C' });
    await drain();
    const [run] = (await runsOf(f, jobId)).itens;
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]?.error).toContain('Requisição recusada');
  });

  it("runs on different records call out at once; one record's runs go one after another", async () => {
    targetHoldMs = 80;
    const jobId = await createJob(f, {
      name: 'Espelho',
      events: [event(f, 1)],
      works: [
        {
          name: 'Chamar',
          steps: [
            {
              workStepType: 'HttpRequest',
              name: 'Webhook',
              configs: [
                { method: 'POST', url: `http://127.0.0.1:${targetPort}/pedido/\${talkId}`, body: '{}' },
              ],
            },
          ],
        },
      ],
    });
    const a = await createRecord(f, { titulo: 'A' });
    await updateRecord(f, a, { titulo: 'A2' });
    await updateRecord(f, a, { titulo: 'A3' });
    const others = [
      await createRecord(f, { titulo: 'B' }),
      await createRecord(f, { titulo: 'C' }),
      await createRecord(f, { titulo: 'D' }),
    ];
    await drain();
    expect(hits.filter((h) => h.url === `/pedido/${a}`)).toHaveLength(3);
    for (const id of others) expect(hits.filter((h) => h.url === `/pedido/${id}`)).toHaveLength(1);
    expect(peak.byUrl.get(`/pedido/${a}`)).toBe(1);
    expect(peak.all).toBeGreaterThan(1);
    const runs = await runsOf(f, jobId);
    expect(runs.totalResults).toBe(6);
    expect(runs.itens.every((r) => r.status === 'succeeded')).toBe(true);
  });
});
