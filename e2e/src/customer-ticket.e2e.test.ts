import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { seriousViolations } from './axe.ts';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { signedInOnGrid } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };
const AWAITING = 'Concluído, aguardando confirmação do cliente';

const suite = useSuite({ SEED: 'demo' });
const { answer: api } = suiteApi(suite);

describe("the customer's ticket (issue 39 item 8)", () => {
  it('opens a ticket for its own company, confirms a concluded one and cannot reopen it', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customer = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const list = async (token: string, subject: string) =>
      (await api<PagedTalks>(token, 'POST', `/api/talk/filter/${subject}/`, { fetch: 100 })).body.itens;
    const statuses = new Map(
      (await list(admin, 'situacao')).map((s) => [talkValue(s, 'nome') as string, s.talkId]),
    );
    const own = (await list(customer, 'cliente'))[0];
    const ownName = own ? (talkValue(own, 'nome') as string) : '';
    expect(ownName).not.toBe('');

    // The grid: the customer opens tickets with 'Novo registro' only.
    const { context, page } = await signedInOnGrid(
      suite,
      CUSTOMER.email,
      CUSTOMER.password,
      'chamado',
      'Chamado',
    );
    const toolbar = page.locator('.grid-toolbar');
    await toolbar.getByRole('button', { name: 'Novo registro' }).waitFor();
    for (const name of ['Importar', 'Adicionar linha'])
      expect([name, await toolbar.getByRole('button', { name }).count()]).toEqual([name, 0]);
    expect(await toolbar.getByRole('link', { name: 'Ver desativados' }).count()).toBe(0);
    await bothModes(page, 'customer-ticket-grid');

    // A new ticket: its company is filled in, the status is not its to give.
    await page.goto(`${suite.server.url}/context/form/chamado/add`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    await expect.poll(() => form.shownValue('Cliente')).toBe(ownName);
    expect(await form.input('Situação').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => form.shownValue('Situação')).toBe('Aberto');
    await bothModes(page, 'customer-ticket-new');

    // A concluded ticket: only its own status and 'Finalizado' are offered.
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: Object.entries({
        titulo: 'Nota fiscal rejeitada',
        cliente: own?.talkId,
        solicitante: 'Carlos Cliente',
        situacao: statuses.get(AWAITING),
        diagnostico: 'Defeito no sistema',
        detalhesdiagnostico: 'Rotina de cálculo arredondava o imposto antes de somar os itens.',
        ofensor: 'Desenvolvimento',
      }).map(([subjectAttributeIdentifier, value]) => ({ subjectAttributeIdentifier, value })),
    });
    expect(created.status).toBe(201);
    const id = created.body.resourceId;
    await page.goto(`${suite.server.url}/context/form/chamado/${id}`);
    await form.waitUntilReady();
    const offered = async () => (await form.options('Situação')).map((o) => o.replace(/^check/, ''));
    await expect.poll(offered).toEqual([AWAITING, 'Finalizado']);
    await settled(page);
    // (axe runs with the list closed: the open list's own name is the select editor's matter.)
    await screenshot(page, 'customer-ticket-confirm-day');
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Modo noturno (Alt+G)' }).click();
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    await expect.poll(offered).toEqual([AWAITING, 'Finalizado']);
    await settled(page);
    await screenshot(page, 'customer-ticket-confirm-night');
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Modo noturno (Alt+G)' }).click();

    // Reopening through the API is refused, naming the status.
    const { version } = (await api<ApiTalk>(customer, 'GET', `/api/talk/chamado/${id}`)).body;
    const refused = await api<{ errors: { field: string; message: string }[] }>(
      customer,
      'PUT',
      `/api/talk/chamado/${id}`,
      {
        version,
        talkValues: [{ subjectAttributeIdentifier: 'situacao', value: statuses.get('Aberto') }],
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toEqual({
      field: 'situacao',
      message: `O status "Aberto" não pode ser escolhido por clientes: escolha "${AWAITING}" ou "Finalizado". Para discordar da conclusão, escreva na conversa do chamado.`,
    });
    const stored = (await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${id}`)).body;
    expect(talkValue(stored, 'situacao')).toBe(statuses.get(AWAITING));
    await context.close();
  });
});
