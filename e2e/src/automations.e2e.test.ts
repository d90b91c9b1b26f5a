import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunPage } from '@talkbase/domain/contracts/job-runs';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { seriousViolations } from './axe.ts';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

/** The demo's support agent (room 'Atendimento'). */
const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on 127.0.0.1, started before the app so that SMTP_URL can point at it. */
const received: Mail[] = [];
let smtp: SMTPServer | undefined;
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
            received.push({
              to: (mail.to ?? []).map((a) => ('address' in a && a.address ? a.address.toLowerCase() : '')),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp?.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  env.SMTP_URL = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});
const suite = useSuite(env);
/** What the first test made, for the second. */
const state = { jobId: 0, alta: 0 };

const { answer: api } = suiteApi(suite);

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('automations', { timeout: 300_000 }, () => {
  it('the administrator builds "a chamado created with priority Alta: tag it Urgente, e-mail the requester, notify the support room" in the editor, with every validation message on the way', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = async (subject: string, body: Record<string, unknown> = {}) =>
      (await api<PagedTalks>(admin, 'POST', `/api/talk/filter/${subject}/`, { fetch: 500, ...body })).body;
    const alta = (await list('prioridade')).itens.find((p) => talkValue(p, 'nome') === 'Alta')?.talkId ?? 0;
    expect(alta).toBeGreaterThan(0);

    // What the automation refers to, made through the API: the saved filter the editor starts
    // from, the tag 'Urgente' (its own filter matches nothing: the automation sets it) and the
    // notification for the support room.
    const saved = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/filtro', {
      talkValues: [
        { subjectAttributeIdentifier: 'nome', value: 'Prioridade alta' },
        { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
        {
          subjectAttributeIdentifier: 'filtro',
          value: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: alta }] },
        },
      ],
    });
    expect(saved.status).toBe(201);
    const tag = await api<{ tagId: number }>(admin, 'POST', '/api/tag', {
      tagName: 'Urgente',
      tagColor: '#c92a2a',
      tagFilters: [
        {
          filterName: 'Nunca',
          subject: 'chamado',
          filter: {
            condition: 'E',
            rules: [{ attribute: 'titulo', operator: 'equal', value: 'nunca-zz-99' }],
          },
        },
      ],
    });
    expect(tag.status).toBe(201);
    const subjects = await api<{ subjectId: number; subjectIdentifier: string }[]>(
      admin,
      'GET',
      '/api/context/subjects',
    );
    const chamadoId = subjects.body.find((s) => s.subjectIdentifier === 'chamado')?.subjectId ?? 0;
    const notification = await api<{ notificationId: number }>(admin, 'POST', '/api/notification', {
      notificationName: 'Chamado urgente',
      subjectId: chamadoId,
      titleTemplate: 'Chamado urgente',
      messageTemplate: 'Novo chamado de prioridade alta: ${titulo}',
      notificationChannels: [{ channelId: 1, isRequired: true }],
    });
    expect(notification.status).toBe(201);

    // ---- the list, empty ------------------------------------------------------------------------
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/automation/list',
    );
    await page.getByRole('heading', { name: 'Automações', level: 1 }).waitFor();
    await page.getByText('Não há nenhuma automação configurada').waitFor();
    // The settings menu's entry for administrators of room 1.
    await page.getByRole('link', { name: 'Automações' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-list-empty');

    // ---- the editor: a new automation ---------------------------------------------------------
    await page.getByRole('link', { name: 'Configurar nova automação' }).click();
    await page.getByRole('heading', { name: 'Criar nova automação' }).waitFor();
    expect(pathname(page)).toBe('/automation/editor');
    await page.getByRole('heading', { name: 'Quando acontecer...' }).waitFor();
    await page.getByRole('heading', { name: 'Então faça...' }).waitFor();
    await page.getByText('FIM', { exact: true }).waitFor();
    // Actions are blocked until the events are complete (000 §4).
    await page
      .getByText('Complete as configurações dos eventos acima antes de configurar as ações')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Adicionar ação' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Salvar', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Salvar Como' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir', exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-editor-new');

    // Title required (000 §5).
    const title = page.getByRole('textbox', { name: 'Título da automação' });
    await title.focus();
    await title.blur();
    await page.getByText('Informe o título da automação.').waitFor();

    // An event with a type but no subject, filter or name cannot be closed.
    const event = page.getByRole('group', { name: /^Evento 1/ });
    await choose(page, event, 'Tipo de evento', 'Criação de registro');
    await event.getByRole('button', { name: 'Concluir etapa' }).click();
    await event.getByText('Preencha todos os dados corretamente antes de continuar!').waitFor();
    await event.getByText('Selecione o assunto.').waitFor();
    await event.getByText('Informe o nome do filtro.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByText('Adicione pelo menos uma ação.').waitFor();
    await screenshot(page, 'automations-editor-validation');
    // Night mode (the button keeps its name): the same screen, still without serious violations.
    const nightMode = page.getByRole('button', { name: 'Modo noturno (Alt+G)' });
    await nightMode.click();
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-editor-validation-night');
    await nightMode.click();
    await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });
    // A schedule needs its frequency.
    await choose(page, event, 'Tipo de evento', 'Agendamento');
    await event.getByText('Informe o agendamento.').waitFor();
    await choose(page, event, 'Tipo de evento', 'Criação de registro');

    await choose(page, event, 'Assunto', 'Chamado');
    await event.getByText('Informe o filtro.').waitFor();
    await choose(page, event, 'Filtros disponíveis', 'Prioridade alta');
    await expect
      .poll(() => event.getByRole('textbox', { name: 'Nome do filtro' }).inputValue())
      .toBe('Prioridade alta');
    await event.getByRole('combobox', { name: 'Operador da regra 1' }).waitFor();
    await event.getByRole('button', { name: 'Concluir etapa' }).click();
    await event.getByRole('button', { name: 'Editar Evento 1' }).waitFor();
    await page
      .getByText('Complete as configurações dos eventos acima antes de configurar as ações')
      .waitFor({ state: 'detached' });

    // Action 1: tag it Urgente.
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    const tagStep = page.getByRole('group', { name: /^Ação 1/ });
    // By keyboard: type to filter the kinds, arrow to the option, Enter.
    const kind = tagStep.getByRole('combobox', { name: 'Ação', exact: true });
    await kind.focus();
    await kind.pressSequentially('Adicionar t', { delay: 20 });
    await kind.press('ArrowDown');
    await kind.press('Enter');
    await expect.poll(() => kind.inputValue()).toBe('Adicionar tag');
    await tagStep.getByText('Selecione a tag.').waitFor();
    await tagStep.getByRole('button', { name: 'Concluir etapa' }).click();
    await tagStep.getByText('Preencha todos os dados corretamente antes de continuar!').waitFor();
    await choose(page, tagStep, 'Tag', 'Urgente');
    await tagStep.getByRole('button', { name: 'Concluir etapa' }).focus();
    await page.keyboard.press('Enter');
    await tagStep.getByRole('button', { name: 'Editar Ação 1' }).waitFor();

    // Action 2: e-mail the requester (whoever opened the ticket).
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    const mailStep = page.getByRole('group', { name: /^Ação 2/ });
    await choose(page, mailStep, 'Ação', 'Enviar e-mail');
    await mailStep.getByText('Informe o assunto do e-mail.').waitFor();
    await mailStep.getByText('Informe os destinatários ou marque o envio para o criador.').waitFor();
    await mailStep.getByRole('textbox', { name: 'Destinatários' }).fill('nao-e-email');
    await mailStep.getByText('Endereço de e-mail inválido: nao-e-email').waitFor();
    await screenshot(page, 'automations-editor-email-step');
    await mailStep.getByRole('textbox', { name: 'Destinatários' }).fill('');
    await mailStep.getByRole('textbox', { name: 'Assunto do e-mail' }).fill('Chamado urgente aberto');
    await mailStep
      .getByRole('textbox', { name: 'Conteúdo' })
      .fill('Recebemos o seu chamado de prioridade alta.');
    await mailStep.getByRole('checkbox', { name: 'Enviar para o criador do registro' }).check();
    await mailStep.getByRole('button', { name: 'Concluir etapa' }).click();
    await mailStep.getByRole('button', { name: 'Editar Ação 2' }).waitFor();

    // Action 3: notify the support room.
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    const notifyStep = page.getByRole('group', { name: /^Ação 3/ });
    await choose(page, notifyStep, 'Ação', 'Enviar notificação');
    await notifyStep.getByText('Selecione a notificação.').waitFor();
    await choose(page, notifyStep, 'Notificação', 'Chamado urgente');
    await notifyStep.getByRole('button', { name: 'Adicionar destinatário' }).click();
    await notifyStep.getByText('Cada destinatário precisa de um identificador e de um tipo.').waitFor();
    await choose(page, notifyStep, 'Tipo de destinatário 1', 'Perfil de acesso');
    await choose(page, notifyStep, 'Destinatário 1', 'Atendimento');
    await screenshot(page, 'automations-editor-notification-step');
    await notifyStep.getByRole('button', { name: 'Concluir etapa' }).click();
    await notifyStep.getByRole('button', { name: 'Editar Ação 3' }).waitFor();
    // The other kinds' messages (000 §5), on a step removed afterwards.
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    const extra = page.getByRole('group', { name: /^Ação 4/ });
    await choose(page, extra, 'Ação', 'Alterar valor do registro do evento');
    await extra.getByText('Selecione o atributo.').waitFor();
    await extra.getByText('Informe o valor.').waitFor();
    await choose(page, extra, 'Ação', 'Enviar mensagem no registro do evento');
    await extra.getByText('Informe a mensagem.').waitFor();
    await extra.getByText('Selecione pelo menos uma conta.').waitFor();
    await extra.getByRole('button', { name: 'Remover configuração 1' }).click();
    await extra.getByText('Adicione pelo menos uma configuração.').waitFor();
    await extra.getByRole('button', { name: 'Remover Ação 4' }).click();
    await extra.waitFor({ state: 'detached' });
    // An event without its type, once closing it was tried.
    await page.getByRole('button', { name: 'Adicionar evento' }).click();
    const second = page.getByRole('group', { name: /^Evento 2/ });
    await second.getByRole('button', { name: 'Concluir etapa' }).click();
    await second.getByText('Incompleta').waitFor();
    await second.getByRole('button', { name: 'Editar Evento 2' }).click();
    await second.getByText('Selecione o tipo do evento.').waitFor();
    await second.getByRole('button', { name: 'Remover Evento 2' }).click();
    await second.waitFor({ state: 'detached' });

    // Save stays off while the title is blank.
    const save = page.getByRole('button', { name: 'Salvar', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await title.fill('Chamados de prioridade alta');
    await expect.poll(() => save.isDisabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-editor-filled');
    await save.click();
    const ask = page.getByRole('dialog', { name: 'Registros existentes' });
    await ask.getByText('Executar esta automação para os registro existentes?').waitFor();
    await ask.getByRole('button', { name: 'Não executar' }).click();
    await page.waitForURL((url) => url.pathname === '/automation/list');
    const link = page.getByRole('link', { name: 'Chamados de prioridade alta', exact: true });
    await link.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-list');
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop());
    expect(jobId).toBeGreaterThan(0);

    state.jobId = jobId;
    state.alta = alta;

    // ---- editing: 'Salvar Como' makes a copy (not run now); the list deletes it after asking ----
    await link.click();
    await page.getByRole('heading', { name: 'Editar automação' }).waitFor();
    const saveAs = page.getByRole('button', { name: 'Salvar Como' });
    await expect.poll(() => saveAs.isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Excluir', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Histórico de execuções' }).waitFor();
    await screenshot(page, 'automations-editor-editing');
    await saveAs.click();
    const askCopy = page.getByRole('dialog', { name: 'Registros existentes' });
    await askCopy.getByText('Executar esta automação para os registro existentes?').waitFor();
    await askCopy.getByRole('button', { name: 'Não executar' }).click();
    await page.waitForURL((url) => url.pathname === '/automation/list');
    await page.getByRole('link', { name: 'Chamados de prioridade alta (Cópia)', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Excluir Chamados de prioridade alta (Cópia)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir automação' });
    await confirm.getByText('Deseja realmente excluir esse item?').waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page
      .getByRole('link', { name: 'Chamados de prioridade alta (Cópia)', exact: true })
      .waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Chamados de prioridade alta', exact: true }).waitFor();

    // ---- delete mode of the editor -----------------------------------------------------------
    await page.goto(`${suite.server.url}/automation/editor/${jobId}?delete=true`);
    await page.getByRole('button', { name: 'Excluir', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Salvar Como' }).count()).toBe(0);
    await context.close();
  });

  it('a ticket created in the grid with priority Alta gets the tag, the e-mail reaches the local SMTP server, the support room is notified live, and the run is in the history', async () => {
    const { jobId, alta } = state;
    expect(jobId).toBeGreaterThan(0);
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = async (subject: string, body: Record<string, unknown> = {}) =>
      (await api<PagedTalks>(admin, 'POST', `/api/talk/filter/${subject}/`, { fetch: 500, ...body })).body;
    // ---- the support agent creates such a ticket in the grid ---------------------------------
    const agent = await signedIn(suite.browser, suite.server, AGENT.email, AGENT.password, '/notifications');
    const inbox = agent.page;
    await inbox.getByRole('heading', { name: 'Notificações', level: 1 }).waitFor();
    // A second session of the agent (sessions live per tab) works in the grid.
    const agentGrid = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      '/context/grid/chamado',
    );
    const gridPage = agentGrid.page;
    const grid = new GridPage(gridPage, 'Chamado');
    await grid.waitForRows();
    await grid.button('Adicionar linha').click();
    const fresh = grid.grid.locator('[role="row"][data-state="new"]');
    await fresh.getByRole('textbox', { name: 'Título' }).fill('Servidor principal fora do ar');
    await fresh.getByLabel('Prioridade', { exact: true }).click();
    await gridPage.getByRole('option', { name: 'Alta', exact: true }).click();
    await fresh.getByRole('button', { name: 'Salvar linha' }).click();
    await grid.notice('Registro inserido com sucesso!').waitFor();
    const created = (await list('chamado', { term: 'Servidor principal fora do ar' })).itens[0];
    const talkId = created?.talkId ?? 0;
    expect(talkId).toBeGreaterThan(0);
    expect(talkValue(created as ApiTalk, 'prioridade')).toBe(alta);

    // The tag chip on the grid's row.
    await expect
      .poll(() => grid.row(talkId).locator('.tag-chip').allTextContents(), { timeout: 30_000 })
      .toEqual(['Urgente']);
    await screenshot(gridPage, 'automations-grid-tagged');
    // The e-mail at the local SMTP server, to the ticket's creator.
    await expect
      .poll(() => received.filter((m) => m.subject === 'Chamado urgente aberto').map((m) => m.to), {
        timeout: 30_000,
      })
      .toEqual([[AGENT.email]]);
    expect(received.find((m) => m.subject === 'Chamado urgente aberto')?.text).toContain(
      'Recebemos o seu chamado de prioridade alta.',
    );
    // The notification, live in the agent's inbox.
    const row = inbox.getByRole('button', { name: /Chamado urgente/ });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Servidor principal fora do ar');
    await screenshot(inbox, 'automations-inbox');
    await agent.context.close();
    await agentGrid.context.close();

    // ---- the run in the history ---------------------------------------------------------------
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/automation/list',
    );
    const runs = await api<JobRunPage>(admin, 'GET', `/api/job/${jobId}/runs?page=1&fetch=10`);
    expect(runs.status).toBe(200);
    expect(runs.body.itens.map((r) => [r.talkId, r.status])).toEqual([[talkId, 'succeeded']]);
    await page.getByRole('link', { name: 'Histórico de execuções de Chamados de prioridade alta' }).click();
    await page
      .getByRole('heading', { name: 'Histórico de execuções: Chamados de prioridade alta' })
      .waitFor();
    const runRow = page.locator(`[data-run="${runs.body.itens[0]?.runId ?? 0}"]`);
    await runRow.getByText('Concluída', { exact: true }).first().waitFor();
    await runRow.getByRole('link', { name: `Ver registro #${talkId}` }).waitFor();
    expect(await runRow.textContent()).toContain('Evento: Criação de registro');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-history');

    // ---- run over the existing records, with its progress -------------------------------------
    await page.getByRole('link', { name: 'Voltar ao editor' }).click();
    await page.getByRole('heading', { name: 'Editar automação' }).waitFor();
    const saveAs = page.getByRole('button', { name: 'Salvar Como' });
    await expect.poll(() => saveAs.isDisabled()).toBe(false);
    await saveAs.click();
    const askCopy = page.getByRole('dialog', { name: 'Registros existentes' });
    await askCopy.getByRole('button', { name: 'Executar agora' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/automation/history/'));
    const progress = page.getByRole('region', { name: 'Execução nos registros existentes' });
    await progress.getByRole('progressbar', { name: 'Progresso da execução' }).waitFor();
    await screenshot(page, 'automations-run-progress');
    const copyId = Number(pathname(page).split('/').pop());
    expect(copyId).not.toBe(jobId);
    const copy = await api<{ name: string }>(admin, 'GET', `/api/job/${copyId}`);
    expect(copy.body.name).toBe('Chamados de prioridade alta (Cópia)');
    await progress.getByText(/Concluída|Cancelada|Falhou/).waitFor({ timeout: 60_000 });
    await screenshot(page, 'automations-run-progress-done');
    await context.close();
  });
  it('a failed run shows its error in the history and is retried from there', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const subjects = await api<{ subjectId: number; subjectIdentifier: string }[]>(
      admin,
      'GET',
      '/api/context/subjects',
    );
    const chamadoId = subjects.body.find((s) => s.subjectIdentifier === 'chamado')?.subjectId ?? 0;
    // A webhook to a loopback address the guarded client refuses: the run fails without retrying.
    const job = await api<{ jobId: number }>(admin, 'POST', '/api/job', {
      name: 'Webhook recusado',
      events: [
        {
          steps: [
            {
              eventStepType: 5,
              subjectId: chamadoId,
              filterName: 'Título com webhook',
              filter: {
                condition: 'E',
                rules: [{ attribute: 'titulo', operator: 'contains', value: 'webhook' }],
              },
            },
          ],
        },
      ],
      works: [
        {
          steps: [
            {
              workStepType: 'HttpRequest',
              configs: [{ method: 'POST', url: 'http://127.0.0.1:9/gancho', headers: [], body: '{}' }],
            },
          ],
        },
      ],
    });
    expect(job.status).toBe(201);
    const jobId = job.body.jobId;
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Teste do webhook recusado' }],
    });
    expect(created.status).toBe(201);
    const runsOf = async () =>
      (await api<JobRunPage>(admin, 'GET', `/api/job/${jobId}/runs?page=1&fetch=10`)).body.itens;
    await expect
      .poll(async () => (await runsOf()).map((r) => r.status), { timeout: 30_000 })
      .toEqual(['failed']);
    const failed = (await runsOf())[0];
    const error = failed?.steps.find((st) => st.error)?.error ?? '';
    expect(error).not.toBe('');

    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/automation/history/${jobId}`,
    );
    await page.getByRole('heading', { name: 'Histórico de execuções: Webhook recusado' }).waitFor();
    const row = page.locator(`[data-run="${failed?.runId ?? 0}"]`);
    await row.getByText('Falhou', { exact: true }).first().waitFor();
    await row.getByText(error).waitFor();
    await row.getByRole('link', { name: `Ver registro #${created.body.resourceId}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'automations-history-failed');
    await row.getByRole('button', { name: `Tentar novamente a execução #${failed?.runId ?? 0}` }).click();
    await page.getByText('Execução enviada para nova tentativa.').waitFor();
    // The same run goes again (the engine keeps one run per event) and fails again, later.
    await expect
      .poll(
        async () => {
          const again = (await runsOf()).find((r) => r.runId === failed?.runId);
          return again?.status === 'failed' && again.finishedAt !== failed?.finishedAt;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await row.getByText('Falhou', { exact: true }).first().waitFor();
    await screenshot(page, 'automations-history-retried');
    await context.close();
  });
});
