import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { seriousViolations } from './axe.ts';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { INSERTED, RecordFormPage, UPDATED } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };
const AWAITING = 'Concluído, aguardando confirmação do cliente';
const HINT = 'Para concluir o chamado, altere o status para "Finalizado".';

const suite = useSuite({ SEED: 'demo' });

const { answer: api } = suiteApi(suite);

const talkValues = (values: Record<string, unknown>) =>
  Object.entries(values).map(([subjectAttributeIdentifier, value]) => ({
    subjectAttributeIdentifier,
    value,
  }));

/**
 * dd/MM/yyyy of a day counted from today in the company's time zone (the demo company's,
 * America/Sao_Paulo, where the ticket rules judge dates), and its keys as the date editors take
 * them. The machine's own zone would be a day ahead between 00:00 and 03:00 UTC.
 */
function day(offset: number): { shown: string; keys: string; iso: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + offset * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const [dd, mm, yyyy] = [part('day'), part('month'), part('year')];
  return { shown: `${dd}/${mm}/${yyyy}`, keys: `${dd}${mm}${yyyy}`, iso: `${yyyy}-${mm}-${dd}` };
}

/** The demo's ids the tests need. */
async function world() {
  const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const customer = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
  const list = async (token: string, subject: string) =>
    (await api<PagedTalks>(token, 'POST', `/api/talk/filter/${subject}/`, { fetch: 100 })).body.itens;
  const statuses = new Map(
    (await list(admin, 'situacao')).map((s) => [talkValue(s, 'nome') as string, s.talkId]),
  );
  const status = (name: string) => statuses.get(name) ?? 0;
  const ownClient = (await list(customer, 'cliente'))[0];
  const own = ownClient?.talkId ?? 0;
  const ownName = ownClient ? (talkValue(ownClient, 'nome') as string) : '';
  const sub = (await list(admin, 'subcategoria'))[0];
  const category = Number(sub ? talkValue(sub, 'categoria') : 0);
  const cat = (await list(admin, 'categoria')).find((c) => c.talkId === category);
  const priority = (await list(admin, 'prioridade'))[0]?.talkId ?? 0;
  const ticketType = (await list(admin, 'tipochamado'))[0]?.talkId ?? 0;
  const create = async (extra: Record<string, unknown>) => {
    const res = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: talkValues({
        titulo: 'Erro ao emitir nota fiscal',
        cliente: own,
        solicitante: 'Carlos Cliente',
        telefone: '(21) 98888-7777',
        prioridade: priority,
        tipo: ticketType,
        software: Number(cat ? talkValue(cat, 'software') : 0),
        categoria: category,
        subcategoria: sub?.talkId ?? 0,
        ...extra,
      }),
    });
    if (res.status !== 201) throw new Error(`ticket: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.resourceId;
  };
  const get = async (id: number) => (await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${id}`)).body;
  return { admin, status, create, get, ownName };
}

async function openForm(page: Page, id: number): Promise<RecordFormPage> {
  await page.goto(`${suite.server.url}/context/form/chamado/${id}`);
  const form = new RecordFormPage(page);
  await form.waitUntilReady();
  return form;
}

const isReadOnly = async (form: RecordFormPage, label: string) =>
  (await form.input(label).getAttribute('readonly')) !== null;

describe('tickets (issue 13: ticket rules, actions on one record)', () => {
  it('shows the customer its read-only fields, and the hint when its confirmation is asked', async () => {
    const w = await world();
    const open = await w.create({ situacao: w.status('Aberto') });
    const awaiting = await w.create({
      situacao: w.status(AWAITING),
      diagnostico: 'Defeito no sistema',
      detalhesdiagnostico: 'Rotina de cálculo arredondava o imposto antes de somar os itens.',
      ofensor: 'Desenvolvimento',
    });
    const { context, page } = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);

    let form = await openForm(page, open);
    for (const label of ['Cliente', 'Solicitante', 'Telefone', 'Situação'])
      expect([label, await isReadOnly(form, label)]).toEqual([label, true]);
    expect(await form.field('Situação').locator('.record-field-hint').count()).toBe(0);
    // The customer's own fields stay editable.
    expect(await isReadOnly(form, 'Descrição')).toBe(false);
    await bothModes(page, 'tickets-customer-open');

    form = await openForm(page, awaiting);
    for (const label of ['Cliente', 'Solicitante', 'Telefone'])
      expect([label, await isReadOnly(form, label)]).toEqual([label, true]);
    expect(await isReadOnly(form, 'Situação')).toBe(false);
    await expect.poll(() => form.field('Situação').locator('.record-field-hint').textContent()).toBe(HINT);
    await bothModes(page, 'tickets-customer-confirm');

    // The same refusal from the API: the customer may not change who the ticket is for.
    const token = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const { version } = (await api<ApiTalk>(token, 'GET', `/api/talk/chamado/${open}`)).body;
    const refused = await api<{ errors: { field: string; message: string }[] }>(
      token,
      'PUT',
      `/api/talk/chamado/${open}`,
      {
        version,
        talkValues: talkValues({ solicitante: 'Outra pessoa' }),
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { field: 'solicitante', message: 'O campo Solicitante não pode ser alterado.' },
    ]);

    // The customer confirms the conclusion.
    await form.choose('Situação', 'Finalizado');
    await form.save();
    await form.waitForNotice(UPDATED);
    expect(talkValue(await w.get(awaiting), 'situacao')).toBe(w.status('Finalizado'));

    // A new ticket: the customer says what and for whom; phone and status are not its to give.
    await page.goto(`${suite.server.url}/context/form/chamado/add`);
    form = new RecordFormPage(page);
    await form.waitUntilReady();
    expect(await isReadOnly(form, 'Telefone')).toBe(true);
    expect(await isReadOnly(form, 'Situação')).toBe(true);
    await expect.poll(() => form.shownValue('Situação')).toBe('Aberto');
    await form.type('Título', 'Nota fiscal rejeitada pela Sefaz');
    await form.choose('Cliente', w.ownName);
    await form.type('Solicitante', 'Carlos Cliente');
    await form.save();
    await form.waitForNotice(INSERTED);
    await expect.poll(() => pathname(page)).toMatch(/^\/context\/talk\/chamado\/\d+$/);
    const created = await w.get(Number(pathname(page).split('/').pop()));
    expect(talkValue(created, 'situacao')).toBe(w.status('Aberto'));
    expect(talkValue(created, 'cliente')).toBe(talkValue(await w.get(open), 'cliente'));
    await context.close();
  });

  it("takes an attendant's ticket through its statuses, with each rule in the form and in the API", async () => {
    const w = await world();
    const id = await w.create({ situacao: w.status('Aberto') });
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const put = async (values: Record<string, unknown>) => {
      const { version } = (await api<ApiTalk>(agentToken, 'GET', `/api/talk/chamado/${id}`)).body;
      return api<{ errors: { field: string; message: string }[] }>(
        agentToken,
        'PUT',
        `/api/talk/chamado/${id}`,
        {
          version,
          talkValues: talkValues(values),
        },
      );
    };
    const { context, page } = await signedIn(suite.browser, suite.server, AGENT.email, AGENT.password);
    let form = await openForm(page, id);

    // 'Em análise' asks for the step forecast.
    await form.choose('Situação', 'Em análise');
    await expect
      .poll(() => form.errorOf('Previsão da etapa'))
      .toBe('O campo Previsão da etapa é obrigatório');
    expect(await form.ok.isDisabled()).toBe(true);
    expect((await put({ situacao: w.status('Em análise') })).body.errors).toEqual([
      { field: 'previsaoetapa', message: 'O campo Previsão da etapa é obrigatório' },
    ]);
    await form.type('Previsão da etapa', `${day(2).keys}1000`);
    await expect.poll(() => form.errorOf('Previsão da etapa')).toBe('');
    await form.save();
    await form.waitForNotice(UPDATED);

    // Moving the step forecast asks for the reason.
    form = await openForm(page, id);
    await form.type('Previsão da etapa', `${day(3).keys}1000`);
    await expect
      .poll(() => form.errorOf('Motivo da alteração'))
      .toBe('Informe o motivo da alteração da previsão.');
    expect(
      (await put({ previsaoetapa: new Date(Date.now() + 4 * 86_400_000).toISOString() })).body.errors,
    ).toEqual([{ field: 'motivoalteracao', message: 'Informe o motivo da alteração da previsão.' }]);
    await form.type('Motivo da alteração', 'Cliente pediu mais prazo');
    await form.save();
    await form.waitForNotice(UPDATED);

    // 'Aguardando desenvolvimento': the step forecast goes; the ticket forecast is asked, from today on.
    form = await openForm(page, id);
    await form.choose('Situação', 'Aguardando desenvolvimento');
    await expect.poll(() => form.shownValue('Previsão da etapa')).toBe('');
    await expect
      .poll(() => form.errorOf('Previsão do chamado'))
      .toBe('O campo Previsão do chamado é obrigatório');
    await form.type('Previsão do chamado', day(-1).keys);
    await expect
      .poll(() => form.errorOf('Previsão do chamado'))
      .toBe(`A data/hora digitada não pode ser menor que data/hora atual: ${day(0).shown}`);
    const pastForecast = await put({
      situacao: w.status('Aguardando desenvolvimento'),
      previsaochamado: day(-1).iso,
    });
    expect(pastForecast.status).toBe(422);
    expect(pastForecast.body.errors[0]?.field).toBe('previsaochamado');
    await form.type('Previsão do chamado', day(5).keys);
    await expect.poll(() => form.errorOf('Previsão do chamado')).toBe('');
    await screenshot(page, 'tickets-agent-waiting-development');
    await form.save();
    await form.waitForNotice(UPDATED);

    // Closing asks for the diagnosis, with details of 2 words and 20 characters.
    form = await openForm(page, id);
    await form.choose('Situação', AWAITING);
    for (const label of ['Diagnóstico', 'Ofensor'])
      await expect.poll(() => form.errorOf(label)).toBe(`O campo ${label} é obrigatório`);
    expect((await put({ situacao: w.status(AWAITING) })).body.errors.map((e) => e.field)).toEqual([
      'diagnostico',
      'detalhesdiagnostico',
      'ofensor',
    ]);
    await form.type('Diagnóstico', 'Defeito no sistema');
    await form.type('Ofensor', 'Desenvolvimento');
    await form.type('Detalhes do diagnóstico', 'Erro de rede');
    await expect
      .poll(() => form.errorOf('Detalhes do diagnóstico'))
      .toBe('Detalhes do diagnóstico deve conter pelo menos 20 caracteres');
    await bothModes(page, 'tickets-agent-closing');
    await form.type('Detalhes do diagnóstico', 'Rotina de cálculo arredondava antes de somar');
    await expect.poll(() => form.errorOf('Detalhes do diagnóstico')).toBe('');

    // Rework: its ticket only with rework, and then required.
    expect(await isReadOnly(form, 'Chamado de retrabalho')).toBe(true);
    await form.field('Retrabalho').getByText('Sim', { exact: true }).click();
    await expect.poll(() => isReadOnly(form, 'Chamado de retrabalho')).toBe(false);
    await expect
      .poll(() => form.errorOf('Chamado de retrabalho'))
      .toBe('O campo Chamado de retrabalho é obrigatório');
    await form.type('Chamado de retrabalho', '12');
    await form.save();
    await form.waitForNotice(UPDATED);
    const saved = await w.get(id);
    expect(talkValue(saved, 'situacao')).toBe(w.status(AWAITING));
    expect(talkValue(saved, 'chamadoretrabalho')).toBe(12);
    expect(talkValue(saved, 'previsaoetapa')).toBeNull();

    // Without a customer, what depends on it goes and waits for one.
    form = await openForm(page, id);
    await form.field('Cliente').getByRole('button', { name: 'Limpar seleção' }).click();
    for (const label of ['Software', 'Solicitante']) {
      await expect.poll(() => form.shownValue(label)).toBe('');
      expect([label, await isReadOnly(form, label)]).toEqual([label, true]);
      expect(await form.field(label).locator('.record-field-hint').textContent()).toBe(
        'Preencha primeiro o campo Cliente.',
      );
    }
    await expect.poll(() => form.shownValue('Subcategoria')).toBe('');
    expect(await form.ok.isDisabled()).toBe(true);
    const orphan = await put({ cliente: null });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.map((e) => e.field)).toEqual(['software', 'categoria', 'subcategoria']);
    await context.close();
  });

  it('deactivates, activates and deletes one record from its own views', async () => {
    const w = await world();
    const id = await w.create({ situacao: w.status('Aberto'), titulo: 'Chamado para remover' });
    const { context, page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const form = await openForm(page, id);

    await form.form.getByRole('button', { name: 'Desativar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Desativar registros' });
    await confirm.getByText('Deseja realmente desativar o registro selecionado?').waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tickets-record-deactivate');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page
      .getByRole('region', { name: 'Notificações' })
      .getByText('O(s) registro(s) foi/foram desativado(s) com sucesso!')
      .waitFor();
    await form.form.getByRole('button', { name: 'Ativar', exact: true }).waitFor();
    expect((await w.get(id)).isActive).toBe(false);
    await form.form.getByRole('button', { name: 'Ativar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Ativar registros' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await form.form.getByRole('button', { name: 'Desativar', exact: true }).waitFor();
    expect((await w.get(id)).isActive).toBe(true);

    // A ticket a task points to cannot go: the related records are listed, as in the grid.
    const tasks = await api<PagedTalks>(w.admin, 'POST', '/api/talk/filter/tarefa/', { fetch: 1 });
    const referenced = Number(tasks.body.itens[0] ? talkValue(tasks.body.itens[0], 'chamado') : 0);
    await page.goto(`${suite.server.url}/context/talk/chamado/${referenced}`);
    await form.waitUntilReady();
    await form.form.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Excluir registros' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    const related = page.getByRole('dialog', { name: 'Aviso de registros relacionados' });
    await related
      .getByRole('link', { name: new RegExp(`aponta para o registro #${referenced}`) })
      .first()
      .waitFor();
    await page.getByRole('dialog', { name: 'Excluir registros' }).waitFor({ state: 'detached' });
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tickets-record-related');
    await related.getByRole('button', { name: 'OK' }).click();

    // The free one goes; its tab gives way to the grid.
    await openForm(page, id);
    await form.form.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Excluir registros' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await page
      .getByRole('region', { name: 'Notificações' })
      .getByText('O(s) registro(s) foi/foram excluído(s) com sucesso!')
      .waitFor();
    await expect.poll(() => pathname(page)).toBe('/context/grid/chamado');
    expect((await api(w.admin, 'GET', `/api/talk/chamado/${id}`)).status).toBe(404);
    await context.close();
  });
});
