import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunPage } from '@talkbase/domain/contracts/job-runs';
import { seriousViolations } from './axe.ts';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

/**
 * The run history a person can read (issue 33 item 5): an administrator makes an automation, a
 * record change runs it, and the history shows the trigger, each step with what it did (values set,
 * tag, e-mail recipients and subject, HTTP call and status) and how long it took; "Ver registro"
 * opens the record; the list of every job's runs filters by status and by job. A real SMTP server
 * and an HTTP target on 127.0.0.1 (opened to the automations by OUTBOUND_ALLOW).
 */

const mails: { to: string[]; subject: string }[] = [];
const hits: string[] = [];
let smtp: SMTPServer | undefined;
let target: http.Server | undefined;
let targetPort = 0;
const env: Record<string, string> = { SEED: 'demo' };
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (mail) => {
            mails.push({
              to: (mail.to ?? []).map((a) => ('address' in a && a.address ? a.address.toLowerCase() : '')),
              subject: mail.subject ?? '',
            });
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp?.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  // The ERP: it knows /chamados/{id}; anything else is 404.
  target = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url ?? '');
      res.writeHead((req.url ?? '').startsWith('/chamados/') ? 200 : 404).end();
    });
  });
  await new Promise<void>((resolve) => target?.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
  env.OUTBOUND_ALLOW = `127.0.0.1:${targetPort}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
});
const suite = useSuite(env);
const { ok: api } = suiteApi(suite);
/** What the first test made, for the second. */
const state = { reviewJobId: 0, tagId: 0 };

describe('run history (issue 33)', { timeout: 300_000 }, () => {
  it('an automation run by a record change shows its trigger, each step with its detail and time, and opens the record', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const chamado = await api<{
      subjectId: number;
      subjectAttributes: { subjectAttributeId: number; subjectAttributeIdentifier: string }[];
    }>(admin, 'GET', '/api/subject/chamado');
    const attr = (identifier: string) =>
      chamado.subjectAttributes.find((a) => a.subjectAttributeIdentifier === identifier)
        ?.subjectAttributeId ?? 0;
    const tag = await api<{ tagId: number }>(admin, 'POST', '/api/tag', {
      tagName: 'Impressora',
      tagColor: '#1971c2',
      tagFilters: [
        {
          filterName: 'Nunca',
          subject: 'chamado',
          filter: {
            condition: 'E',
            rules: [{ attribute: 'titulo', operator: 'equal', value: 'nunca-zz-98' }],
          },
        },
      ],
    });
    const printers = {
      eventStepType: 6,
      subjectId: chamado.subjectId,
      filterName: 'Chamados de impressora',
      filter: { condition: 'E', rules: [{ attribute: 'titulo', operator: 'contains', value: 'impressora' }] },
    };
    const review = await api<{ jobId: number }>(admin, 'POST', '/api/job', {
      name: 'Revisar chamados de impressora',
      events: [{ name: 'Editado', steps: [printers] }],
      works: [
        {
          name: 'Revisão',
          steps: [
            {
              workStepType: 'SetTalkValueByEvent',
              name: 'Diagnóstico',
              configs: [
                {
                  subjectId: chamado.subjectId,
                  subjectAttributeId: attr('diagnostico'),
                  value: 'Triagem automática',
                  setAttributeValueType: 1,
                },
              ],
            },
            { workStepType: 'SetTalkTag', name: 'Etiqueta', configs: [{ tagId: tag.tagId }] },
            {
              workStepType: 'SendEmail',
              name: 'Aviso',
              configs: [
                {
                  subject: 'Chamado revisado: ${titulo}',
                  content: '<p>${titulo}</p>',
                  to: 'suporte@talkbase.test',
                },
              ],
            },
            {
              workStepType: 'HttpRequest',
              name: 'ERP',
              configs: [
                {
                  method: 'POST',
                  url: `http://127.0.0.1:${targetPort}/chamados/\${talkId}?token=segredo-e2e`,
                  headers: [{ name: 'Content-Type', value: 'application/json' }],
                  body: '{"titulo":"${titulo}"}',
                },
              ],
            },
          ],
        },
      ],
    });
    // A second job on the same changes, whose call the ERP does not know: it fails, for the
    // person's edit and for the first job's own (an automation's change wakes the other jobs).
    const erp = await api<{ jobId: number }>(admin, 'POST', '/api/job', {
      name: 'Avisar o ERP',
      events: [{ name: 'Editado', steps: [printers] }],
      works: [
        {
          name: 'ERP',
          steps: [
            {
              workStepType: 'HttpRequest',
              configs: [
                { method: 'PUT', url: `http://127.0.0.1:${targetPort}/desconhecido`, headers: [], body: '' },
              ],
            },
          ],
        },
      ],
    });

    // ---- a record change runs them ---------------------------------------------------------------
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Impressora do financeiro' }],
    });
    const talkId = created.resourceId;
    await api(admin, 'PUT', `/api/talk/chamado/${talkId}`, {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Impressora do financeiro sem toner' }],
    });
    const runsOf = async (jobId: number) =>
      (await api<JobRunPage>(admin, 'GET', `/api/job/runs?jobId=${jobId}`)).itens.map((r) => r.status);
    await expect.poll(() => runsOf(review.jobId), { timeout: 30_000 }).toEqual(['succeeded']);
    await expect.poll(() => runsOf(erp.jobId), { timeout: 30_000 }).toEqual(['failed', 'failed']);
    expect(mails).toEqual([
      { to: ['suporte@talkbase.test'], subject: 'Chamado revisado: Impressora do financeiro sem toner' },
    ]);
    expect(hits).toContain(`/chamados/${talkId}?token=segredo-e2e`);

    // ---- every job's runs, from the automations list ---------------------------------------------
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/automation/list',
    );
    await page.getByRole('heading', { name: 'Automações', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Execuções', exact: true }).click();
    await page.getByRole('heading', { name: 'Execuções', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/automation/history');
    const list = page.getByRole('list', { name: 'Execuções' });
    const cards = list.getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'run-history-all-day');

    // By status: only the failed one.
    const status = page.getByRole('combobox', { name: 'Situação' });
    await status.click();
    await page.getByRole('option', { name: 'Falhou', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(2);
    const failedCard = cards.first();
    await failedCard.getByRole('link', { name: 'Avisar o ERP' }).waitFor();
    await failedCard.getByText('O destino respondeu 404.').waitFor();
    await failedCard.getByText(`PUT http://127.0.0.1:${targetPort}/desconhecido`).waitFor();
    await failedCard.getByText('404', { exact: true }).waitFor();
    await status.click();
    await page.getByRole('option', { name: 'Todas as situações' }).click();
    await expect.poll(() => cards.count()).toBe(3);

    // By job: the review's history.
    await page.getByRole('combobox', { name: 'Automação' }).click();
    await page.getByRole('option', { name: 'Revisar chamados de impressora' }).click();
    await page
      .getByRole('heading', { name: 'Histórico de execuções: Revisar chamados de impressora' })
      .waitFor();
    expect(pathname(page)).toBe(`/automation/history/${review.jobId}`);
    await expect.poll(() => cards.count()).toBe(1);
    const run = cards.first();
    // The trigger: the event, who made the change, which field.
    await run.getByText('Evento: Edição de registro').waitFor();
    await run.getByText(/^por /).waitFor();
    await run.getByText('Título', { exact: true }).waitFor();
    await run.getByText('Concluída', { exact: true }).first().waitFor();
    // Each step: what it did, and how long it took.
    const steps = run.getByRole('list', { name: 'Etapas' }).locator(':scope > li');
    expect(await steps.count()).toBe(4);
    await steps.nth(0).getByText('Triagem automática').waitFor();
    await steps.nth(1).getByText('Impressora (adicionada)').waitFor();
    await steps.nth(2).getByText('suporte@talkbase.test').waitFor();
    await steps.nth(2).getByText('Chamado revisado: Impressora do financeiro sem toner').waitFor();
    await steps
      .nth(3)
      .getByText(`POST http://127.0.0.1:${targetPort}/chamados/${talkId}?token=***`)
      .waitFor();
    await steps.nth(3).getByText('200', { exact: true }).waitFor();
    for (let i = 0; i < 4; i++)
      expect(await steps.nth(i).textContent(), `etapa ${i + 1}`).toMatch(/\d+ ms|\d+,\d s/);
    expect(await run.textContent()).not.toContain('segredo-e2e');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'run-history-day');

    // Night mode: the same screen, still readable.
    await shell.nightMode.click();
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'run-history-night');
    await page.goto(`${suite.server.url}/automation/history`);
    await expect.poll(() => cards.count()).toBe(3);
    await screenshot(page, 'run-history-all-night');
    await page.goBack();
    await expect.poll(() => cards.count()).toBe(1);
    await shell.nightMode.click();
    await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });

    // "Ver registro" opens the record.
    await run.getByRole('link', { name: `Ver registro #${talkId}` }).click();
    await page.waitForURL((url) => url.pathname === `/context/talk/chamado/${talkId}`);
    await page.getByRole('heading', { name: `Chamado #${talkId}` }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: /Título/ })
          .first()
          .inputValue(),
      )
      .toBe('Impressora do financeiro sem toner');
    await screenshot(page, 'run-history-record');
    await context.close();
    state.reviewJobId = review.jobId;
    state.tagId = tag.tagId;
  });

  it('the editor offers the events beyond the spec; "Etiqueta adicionada" waits for a tag or any', async () => {
    expect(state.reviewJobId).toBeGreaterThan(0);
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/automation/editor/${state.reviewJobId}`,
    );
    await page.getByRole('heading', { name: 'Editar automação' }).waitFor();
    const event = page.getByRole('group', { name: /^Evento 1/ });
    await event.getByRole('button', { name: 'Editar Evento 1' }).click();
    const type = event.getByRole('combobox', { name: 'Tipo de evento', exact: true });
    await type.click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.slice(-5)).toEqual([
      'Desativação de registro',
      'Arquivo adicionado',
      'Etiqueta adicionada',
      'SLA em risco',
      'SLA violado',
    ]);
    await page.getByRole('option', { name: 'Etiqueta adicionada', exact: true }).click();
    await expect.poll(() => type.inputValue()).toBe('Etiqueta adicionada');
    const tagPicker = event.getByRole('combobox', { name: 'Etiqueta', exact: true });
    await expect.poll(() => tagPicker.inputValue()).toBe('Qualquer etiqueta');
    await tagPicker.click();
    await page.getByRole('option', { name: 'Impressora', exact: true }).click();
    await expect.poll(() => tagPicker.inputValue()).toBe('Impressora');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-editor-tag-event');
    await event.getByRole('button', { name: 'Concluir etapa' }).click();
    await event
      .getByText(/Etiqueta adicionada/)
      .first()
      .waitFor();
    await event.getByText(/· Impressora/).waitFor();
    const save = page.getByRole('button', { name: 'Salvar', exact: true });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.waitForURL((url) => url.pathname === '/automation/list');
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const saved = await api<{ events: { steps: { eventStepType: number; tagId: number | null }[] }[] }>(
      admin,
      'GET',
      `/api/job/${state.reviewJobId}`,
    );
    expect(saved.events[0]?.steps[0]).toMatchObject({ eventStepType: 10, tagId: state.tagId });
    await context.close();
  });

  it('the automations list pauses the whole engine: a change waits, nothing is lost, and runs after resume', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/automation/list',
    );
    await page.getByRole('button', { name: 'Pausar automações' }).click();
    await page.getByText('Automações pausadas', { exact: true }).waitFor();
    expect(await api<{ paused: boolean }>(admin, 'GET', '/api/job/engine')).toMatchObject({ paused: true });
    // While paused, a new ticket's automation makes a run that waits.
    const chamado = await api<{ subjectId: number }>(admin, 'GET', '/api/subject/chamado');
    const job = await api<{ jobId: number }>(admin, 'POST', '/api/job', {
      name: 'Marcar chamados novos',
      events: [
        {
          name: 'Novo chamado',
          steps: [
            {
              eventStepType: 5,
              subjectId: chamado.subjectId,
              filterName: 'Todos',
              filter: { condition: 'E', rules: [] },
            },
          ],
        },
      ],
      works: [
        { steps: [{ workStepType: 'SetTalkTag', name: 'Etiqueta', configs: [{ tagId: state.tagId }] }] },
      ],
    });
    const runsOf = () =>
      api<JobRunPage>(admin, 'GET', `/api/job/${job.jobId}/runs?fetch=100`).then((r) => r.itens);
    await api(admin, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Chamado aberto com as automações pausadas' },
      ],
    });
    await expect.poll(async () => (await runsOf()).length, { timeout: 10_000 }).toBe(1);
    expect((await runsOf())[0]?.status).toBe('pending');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-paused-day');
    await shell.nightMode.click();
    await screenshot(page, 'automations-paused-night');
    await shell.nightMode.click();
    await page.getByRole('button', { name: 'Retomar automações' }).click();
    await page.getByText('Automações pausadas', { exact: true }).waitFor({ state: 'detached' });
    await expect
      .poll(
        async () => (await runsOf()).filter((r) => r.status === 'pending' || r.status === 'running').length,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);
    await context.close();
  });
});
