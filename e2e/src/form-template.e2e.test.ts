import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import type { Template } from '@talkbase/domain/contracts/templates';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { signedIn, signedInOnGrid } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage, UPDATED } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
/** The grid columns the administrator takes out of the default template of chamado. */
const CUT = ['Diagnóstico', 'Detalhes do diagnóstico', 'Ofensor'];

const suite = useSuite({ SEED: 'demo' });
const { ok } = suiteApi(suite);

const talkValues = (values: Record<string, unknown>) =>
  Object.entries(values).map(([subjectAttributeIdentifier, value]) => ({
    subjectAttributeIdentifier,
    value,
  }));

/** An open ticket of the demo, classified as an attendant must keep it, made through the API. */
async function openTicket(admin: string): Promise<{ id: number; closed: number }> {
  const list = async (subject: string) =>
    (await ok<PagedTalks>(admin, 'POST', `/api/talk/filter/${subject}/`, { fetch: 100 })).itens;
  const statuses = new Map((await list('situacao')).map((s) => [talkValue(s, 'nome'), s.talkId]));
  const sub = (await list('subcategoria'))[0];
  const category = Number(sub ? talkValue(sub, 'categoria') : 0);
  const cat = (await list('categoria')).find((c) => c.talkId === category);
  const created = await ok<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
    talkValues: talkValues({
      titulo: 'Erro ao emitir nota fiscal',
      cliente: (await list('cliente'))[0]?.talkId,
      solicitante: 'Carlos Cliente',
      telefone: '(21) 98888-7777',
      situacao: statuses.get('Aberto'),
      prioridade: (await list('prioridade'))[0]?.talkId,
      tipo: (await list('tipochamado'))[0]?.talkId,
      software: Number(cat ? talkValue(cat, 'software') : 0),
      categoria: category,
      subcategoria: sub?.talkId,
    }),
  });
  return { id: created.resourceId, closed: statuses.get('Concluído') ?? 0 };
}

const formFields = (form: RecordFormPage) =>
  form.form.locator('.record-field').evaluateAll((fields) => fields.map((f) => f.getAttribute('data-field')));

describe('the grid template does not decide the record form (issue 39)', { timeout: 240_000 }, () => {
  it('the administrator cuts grid columns; the attendant still sees them in the form and concludes the ticket', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ticket = await openTicket(admin);

    // 'Templates padrão' → Chamado: the administrator takes three columns out of the grid.
    const { context: adminContext, page: adminPage } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/templates/default',
    );
    await adminPage
      .getByRole('list', { name: 'Templates padrão' })
      .getByRole('link', { name: 'Chamado', exact: true })
      .click();
    await adminPage.getByRole('heading', { name: 'Editar template' }).waitFor();
    const selected = adminPage.getByTestId('template-selected');
    for (const [index, column] of CUT.entries()) {
      await selected.getByRole('button', { name: `Remover a coluna ${column}`, exact: true }).click();
      // Asked once, for the first column: the field stays in the subject (issue 39 item 10).
      if (index === 0) {
        const confirm = adminPage.getByRole('dialog').filter({ hasText: 'O campo continua no assunto' });
        await confirm.getByRole('button', { name: 'Remover coluna' }).click();
      }
      await selected.locator(`li[data-column="${column}"]`).waitFor({ state: 'detached' });
    }
    await adminPage.getByRole('button', { name: 'Salvar' }).click();
    await adminPage.getByText('Template Chamado atualizado com sucesso!').waitFor();
    await adminContext.close();
    const defaults = await ok<{ itens: { templateId: number; subjectIdentifier: string }[] }>(
      admin,
      'GET',
      '/api/template?templatetype=3&fetch=500',
    );
    const defaultId = defaults.itens.find((t) => t.subjectIdentifier === 'chamado')?.templateId;
    const saved = await ok<Template>(admin, 'GET', `/api/template/${defaultId}`);
    const columns = saved.templateAreas.map((a) => a.subjectAttributeIdentifier);
    expect(columns).toContain('titulo');
    for (const gone of ['diagnostico', 'detalhesdiagnostico', 'ofensor']) expect(columns).not.toContain(gone);

    // The grid follows its template: the cut columns are gone from it.
    const { context, page, grid } = await signedInOnGrid(
      suite,
      AGENT.email,
      AGENT.password,
      'chamado',
      'Chamado',
    );
    const headers = await grid.grid
      .locator('[role="columnheader"] .grid-header-label')
      .evaluateAll((cells) => cells.map((c) => c.textContent.trim()));
    expect(headers).toContain('Título');
    for (const column of CUT) expect(headers).not.toContain(column);

    // The form does not: every field is there, and the ticket is concluded with its diagnosis.
    await page.goto(`${suite.server.url}/context/form/chamado/${ticket.id}`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    expect(await formFields(form)).toEqual(
      expect.arrayContaining(['titulo', 'situacao', 'diagnostico', 'detalhesdiagnostico', 'ofensor']),
    );
    await form.choose('Situação', 'Concluído');
    for (const label of ['Diagnóstico', 'Ofensor'])
      await expect.poll(() => form.errorOf(label)).toBe(`O campo ${label} é obrigatório`);
    await form.type('Diagnóstico', 'Defeito no sistema');
    await form.type('Detalhes do diagnóstico', 'Rotina de cálculo arredondava o imposto antes de somar');
    await form.type('Ofensor', 'Desenvolvimento');
    for (const label of ['Diagnóstico', 'Detalhes do diagnóstico', 'Ofensor'])
      await expect.poll(() => form.errorOf(label)).toBe('');
    await form.field('Diagnóstico').scrollIntoViewIfNeeded();
    await bothModes(page, 'form-template-ticket-closing');
    await form.save();
    await form.waitForNotice(UPDATED);
    const after = await ok<ApiTalk>(admin, 'GET', `/api/talk/chamado/${ticket.id}`);
    expect(talkValue(after, 'situacao')).toBe(ticket.closed);
    expect(talkValue(after, 'diagnostico')).toBe('Defeito no sistema');
    expect(talkValue(after, 'ofensor')).toBe('Desenvolvimento');
    await context.close();
  });
});
