import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRunDetail, JobRunPage } from '@talkbase/domain/contracts/job-runs';
import { as, errorsOf } from '../../test/harness.ts';
import {
  automationFixture,
  createJob,
  createRecord,
  eq,
  event,
  setValue,
  type AutomationFixture,
} from './automations-setup.ts';

/**
 * The run history a person can read (issue 33 item 5), through the API on a real app and database:
 * each step's detail (what it did) and duration, the trigger, the job's name and the record's
 * subject; the company's run list filtered by status and job. An SMTP server and an HTTP target run
 * on 127.0.0.1 (the target opened by OUTBOUND_ALLOW).
 */

let f: AutomationFixture;
let smtp: SMTPServer;
const mails: { to: string[]; subject: string }[] = [];
let target: http.Server;
let targetPort: number;
let targetStatus = 200;
const hits: { url: string; authorization: string | undefined }[] = [];
/** The server's log lines (JSON), for what an operator reads there. */
const logLines: string[] = [];

beforeEach(async () => {
  mails.length = 0;
  hits.length = 0;
  logLines.length = 0;
  targetStatus = 200;
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
              to: (m.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
              subject: m.subject ?? '',
            });
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  target = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ url: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(targetStatus).end();
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  targetPort = (target.address() as AddressInfo).port;
  f = await automationFixture(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOUND_ALLOW: `127.0.0.1:${targetPort}`,
      LOG_LEVEL: 'error',
    },
    { logStream: { write: (line) => logLines.push(line) } },
  );
});

afterEach(async () => {
  await f.t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => target.close(() => r()));
});

const drain = () => f.app.services.automations.drain();

/**
 * Drains until the job has `count` runs none of which is running (events reach the engine after
 * their commit, so one drain may come before the last of them).
 */
async function settle(jobId: number, count = 1): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await drain();
    const page = await get<JobRunPage>(`/api/job/runs?jobId=${jobId}&fetch=100`);
    if (page.totalResults >= count && page.itens.every((r) => r.status !== 'running')) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function get<T>(url: string): Promise<T> {
  const res = await f.app.inject(as(f.token, { method: 'GET', url }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function createTag(name: string): Promise<number> {
  const res = await f.app.inject(
    as(f.token, {
      method: 'POST',
      url: '/api/tag',
      payload: {
        tagName: name,
        tagColor: '#E03131',
        tagFilters: [
          { filterName: 'Nunca', filter: eq('status', '---nunca---'), subjectAttributeId: f.attr.status },
        ],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ tagId: number }>().tagId;
}

/** A webhook step to the loopback target, with a credential in its header and in its address. */
const webhook = () => ({
  workStepType: 'HttpRequest',
  name: 'Webhook',
  configs: [
    {
      method: 'POST',
      url: `http://127.0.0.1:${targetPort}/pedidos/\${talkId}?token=segredo-da-url&origem=talkbase`,
      headers: [{ name: 'Authorization', value: 'Bearer segredo-do-cabecalho' }],
      body: '{}',
    },
  ],
});

describe('run history', () => {
  it('a run shows its trigger and, per step, what it did and how long it took', async () => {
    const tagId = await createTag('Urgente');
    const jobId = await createJob(f, {
      name: 'Pedido novo',
      events: [event(f, 5)],
      works: [
        {
          name: 'Ações',
          steps: [
            setValue(f, 'nota', 'Verificado'),
            { workStepType: 'SetTalkTag', name: 'Tag', configs: [{ tagId }] },
            {
              workStepType: 'SendEmail',
              name: 'E-mail',
              configs: [
                {
                  subject: 'Pedido ${titulo}',
                  content: '<p>${titulo}</p>',
                  to: 'Cliente@Exemplo.com.br; equipe@exemplo.com.br',
                },
              ],
            },
            webhook(),
          ],
        },
      ],
    });
    const talkId = await createRecord(f, { titulo: 'Caixa A', status: 'aberto' });
    await settle(jobId);
    expect(mails).toEqual([
      { to: ['cliente@exemplo.com.br', 'equipe@exemplo.com.br'], subject: 'Pedido Caixa A' },
    ]);
    expect(hits).toEqual([
      {
        url: `/pedidos/${talkId}?token=segredo-da-url&origem=talkbase`,
        authorization: 'Bearer segredo-do-cabecalho',
      },
    ]);

    const page = await get<JobRunPage>(`/api/job/${jobId}/runs`);
    const runId = page.itens[0]?.runId ?? 0;
    const res = await f.app.inject(as(f.token, { method: 'GET', url: `/api/job/run/${runId}` }));
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<JobRunDetail>();
    expect(run).toMatchObject({
      jobId,
      jobName: 'Pedido novo',
      talkId,
      subjectId: f.subjectId,
      subject: 'pedido',
      status: 'succeeded',
      trigger: { kind: 'event', eventType: 5, accountId: f.accountId },
    });
    expect(run.trigger.kind === 'event' && run.trigger.accountName).toBeTruthy();
    // The fields the change set, by their names.
    expect(run.trigger.kind === 'event' && run.trigger.changed).toEqual(
      expect.arrayContaining(['Título', 'Status']),
    );
    const [set, tag, mail, http] = run.steps;
    expect(set).toMatchObject({
      workStepType: 'SetTalkValueByEvent',
      status: 'succeeded',
      detail: { subject: 'pedido', talkId, values: [{ attribute: 'Nota', value: 'Verificado' }] },
    });
    expect(tag).toMatchObject({
      workStepType: 'SetTalkTag',
      detail: { tags: [{ tagId, name: 'Urgente', changed: true }] },
    });
    expect(mail).toMatchObject({
      workStepType: 'SendEmail',
      detail: {
        emails: [{ to: ['cliente@exemplo.com.br', 'equipe@exemplo.com.br'], subject: 'Pedido Caixa A' }],
      },
    });
    expect(http).toMatchObject({
      workStepType: 'HttpRequest',
      detail: {
        requests: [
          {
            method: 'POST',
            url: `http://127.0.0.1:${targetPort}/pedidos/${talkId}?token=***&origem=talkbase`,
            status: 200,
          },
        ],
      },
    });
    for (const step of run.steps) {
      expect(Number.isInteger(step.ms), JSON.stringify(step)).toBe(true);
      expect(step.ms).toBeGreaterThanOrEqual(0);
    }
    // No credential of the request is kept: not the header's, not the address's.
    expect(res.body).not.toContain('segredo');
    // The per-job list and the company's list answer the same run.
    expect(page.itens[0]).toEqual(run);
  });

  it('a failed step keeps what it got: the HTTP status, the error, the time', async () => {
    targetStatus = 404;
    const jobId = await createJob(f, {
      name: 'Webhook',
      events: [event(f, 5)],
      works: [{ name: 'w', steps: [webhook(), setValue(f, 'nota', 'depois')] }],
    });
    const talkId = await createRecord(f, { titulo: 'B' });
    await settle(jobId);
    const run = (await get<JobRunPage>(`/api/job/${jobId}/runs`)).itens[0];
    expect(run).toMatchObject({ status: 'failed', talkId });
    expect(run?.steps[0]).toMatchObject({
      status: 'failed',
      error: 'O destino respondeu 404.',
      detail: { requests: [{ method: 'POST', status: 404 }] },
    });
    expect(run?.steps[0]?.ms).toBeGreaterThanOrEqual(0);
    expect(run?.steps[1]).toMatchObject({ status: 'cancelled', detail: null, ms: null });
  });

  it("a step failed by the database's own error says so in Portuguese; the error itself goes to the log", async () => {
    const tagId = await createTag('Urgente');
    const jobId = await createJob(f, {
      name: 'Marcar',
      events: [event(f, 5)],
      works: [{ name: 'w', steps: [{ workStepType: 'SetTalkTag', name: 'Tag', configs: [{ tagId }] }] }],
    });
    await createRecord(f, { titulo: 'C' });
    // The step's table out of the way: the database refuses the step's statement with its own words.
    await sql`alter table talk_tags rename to talk_tags_away`.execute(f.t.db.kysely);
    try {
      await settle(jobId);
    } finally {
      await sql`alter table talk_tags_away rename to talk_tags`.execute(f.t.db.kysely);
    }
    const run = (await get<JobRunPage>(`/api/job/${jobId}/runs`)).itens[0];
    expect(run?.status).toBe('failed');
    expect(run?.steps[0]).toMatchObject({
      status: 'failed',
      error: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
    });
    const logged = logLines.filter((l) =>
      l.includes(`"msg":"automations: run ${String(run?.runId)}, step 1"`),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('talk_tags');
  });

  it("the company's run list answers by status and by job, newest first, with each job's name", async () => {
    const good = await createJob(f, {
      name: 'Marca nota',
      events: [event(f, 5)],
      works: [{ name: 'w', steps: [setValue(f, 'nota', 'ok')] }],
    });
    targetStatus = 500;
    const bad = await createJob(f, {
      name: 'Avisa sistema',
      events: [event(f, 5, eq('status', 'urgente'))],
      works: [
        {
          name: 'w',
          steps: [
            { ...webhook(), configs: [{ ...webhook().configs[0], url: `http://127.0.0.1:${targetPort}/x` }] },
          ],
        },
      ],
    });
    await createRecord(f, { titulo: 'A', status: 'normal' });
    await createRecord(f, { titulo: 'B', status: 'urgente' });
    await settle(good, 2);
    await settle(bad);

    const all = await get<JobRunPage>('/api/job/runs');
    expect(all.totalResults).toBe(3);
    expect(all.itens.map((r) => r.runId)).toEqual([...all.itens.map((r) => r.runId)].sort((a, b) => b - a));
    expect(all.itens.map((r) => [r.jobName, r.status])).toEqual(
      expect.arrayContaining([
        ['Marca nota', 'succeeded'],
        ['Marca nota', 'succeeded'],
      ]),
    );
    // The webhook's 500 is retried later: its run waits, pending.
    const pending = await get<JobRunPage>('/api/job/runs?status=pending');
    expect(pending.itens.map((r) => [r.jobId, r.jobName])).toEqual([[bad, 'Avisa sistema']]);
    expect(pending.itens[0]?.steps[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'O destino respondeu 500; nova tentativa agendada.',
      detail: { requests: [{ status: 500 }] },
    });
    const ofGood = await get<JobRunPage>(`/api/job/runs?jobId=${good}&fetch=25`);
    expect(ofGood.totalResults).toBe(2);
    expect(ofGood.itens.every((r) => r.jobId === good && r.status === 'succeeded')).toBe(true);
    const succeeded = await get<JobRunPage>('/api/job/runs?status=succeeded');
    expect(succeeded.itens.map((r) => r.jobId)).toEqual([good, good]);
    expect((await get<JobRunPage>(`/api/job/runs?jobId=${bad}&status=succeeded`)).itens).toEqual([]);
    const page2 = await get<JobRunPage>('/api/job/runs?page=2&fetch=10');
    expect(page2).toMatchObject({ itens: [], totalResults: 3, currentPage: 2 });

    // Filters are checked: an unknown status or page size is a 400 naming it.
    const bogus = await f.app.inject(as(f.token, { method: 'GET', url: '/api/job/runs?status=quase' }));
    expect(bogus.statusCode).toBe(400);
    expect(errorsOf(bogus)[0]?.field).toBe('status');
    const size = await f.app.inject(as(f.token, { method: 'GET', url: '/api/job/runs?fetch=7' }));
    expect(size.statusCode).toBe(400);
    // Without a session there is no list.
    expect((await f.app.inject({ method: 'GET', url: '/api/job/runs' })).statusCode).toBe(401);
  });

  it('a run over existing records says who asked and how far it went', async () => {
    await createRecord(f, { titulo: 'A', status: 'aberto' });
    await createRecord(f, { titulo: 'B', status: 'aberto' });
    await createRecord(f, { titulo: 'C', status: 'fechado' });
    const jobId = await createJob(f, {
      name: 'Abertos',
      events: [event(f, 6, eq('status', 'aberto'))],
      works: [{ name: 'w', steps: [setValue(f, 'nota', 'revisado')] }],
    });
    await drain();
    const started = await f.app.inject(as(f.token, { method: 'POST', url: `/api/job/${jobId}/run` }));
    expect(started.statusCode, started.body).toBe(202);
    const { runId } = started.json<{ runId: number }>();
    await settle(jobId);
    const run = await get<JobRunDetail>(`/api/job/run/${runId}`);
    expect(run).toMatchObject({
      status: 'succeeded',
      talkId: null,
      jobName: 'Abertos',
      trigger: { kind: 'existing', accountId: f.accountId },
      progress: { done: 2, total: 2 },
    });
    const listed = await get<JobRunPage>(`/api/job/runs?jobId=${jobId}`);
    expect(listed.itens.map((r) => r.runId)).toEqual([runId]);
  });
});
