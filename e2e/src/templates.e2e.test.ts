import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { Template, TemplateArea, TemplateSummary } from '@talkbase/domain/contracts/templates';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok } = suiteApi(suite);

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${suite.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** Takes the focus out of a text field, where Alt+G is the field's own key and switches no mode. */
const blurField = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) active.blur();
  });

/**
 * `bothModes` with the focus out of any field before each switch (the day shot keeps it); the mode
 * is the account's, so a page may open in either.
 */
async function bothModesBlurred(page: Page, name: string): Promise<void> {
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== 'light')
    await blurField(page);
  await bothModes(page, name, { after: () => blurField(page) });
}

const selectedOrder = (page: Page) =>
  page
    .getByTestId('template-selected')
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-column')));

/**
 * Opens 'Edição de coluna' for a column. Right after a mouse drag the browser may still swallow
 * the next click (dnd-kit stops the click that ends a drag), so the click is repeated once.
 */
async function openColumn(page: Page, column: string): Promise<Locator> {
  const modal = page.getByRole('dialog', { name: 'Edição de coluna' });
  const edit = page.getByRole('button', { name: `Editar a coluna ${column}`, exact: true });
  await edit.click();
  try {
    await modal.getByText(column, { exact: true }).waitFor({ timeout: 2000 });
  } catch {
    await edit.click();
    await modal.getByText(column, { exact: true }).waitFor();
  }
  return modal;
}

async function setWidth(page: Page, column: string, width: number): Promise<void> {
  const modal = await openColumn(page, column);
  const input = modal.getByRole('textbox', { name: 'Largura' });
  await input.fill(String(width));
  await modal.getByRole('button', { name: 'Aplicar' }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** A mouse drag of one handle onto another row, in small steps as a person moves it. */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
}

describe('templates', { timeout: 240_000 }, () => {
  it('the administrator makes a chamado grid template with three ordered, sized columns; the grid shows it', async () => {
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/templates/custom',
    );
    await page.getByRole('heading', { name: 'Templates de Personalizados' }).waitFor();
    await page.getByText('Nenhum template encontrado').waitFor();
    await bothModesBlurred(page, 'templates-custom-empty');

    await page.getByRole('link', { name: 'Novo template personalizado' }).click();
    await page.getByRole('heading', { name: 'Criar novo template' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /Nome do template/ }).fill('Fila de chamados');
    await page.getByRole('combobox', { name: /Assunto/ }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await page.getByTestId('template-available').waitFor();
    await bothModesBlurred(page, 'template-editor-new');

    // The search keeps the fields with every word; three are added in the order Título, Situação, Prioridade.
    const search = page.getByRole('textbox', { name: 'Buscar campo' });
    await search.fill('previsão chamado');
    await expect.poll(() => page.getByTestId('template-available').locator('li').count()).toBe(1);
    await search.fill('');
    for (const name of ['Título', 'Situação', 'Prioridade'])
      await page.getByRole('button', { name: `Adicionar ${name}`, exact: true }).click();
    expect(await selectedOrder(page)).toEqual(['Título', 'Situação', 'Prioridade']);

    // Keyboard drag: Prioridade goes up two places.
    await page.getByRole('button', { name: 'Arrastar Prioridade' }).focus();
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => selectedOrder(page)).toEqual(['Prioridade', 'Título', 'Situação']);
    // Mouse drag: Título below Situação.
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Arrastar Título' }),
      page.getByTestId('template-selected').locator('li[data-column="Situação"]'),
    );
    await expect.poll(() => selectedOrder(page)).toEqual(['Prioridade', 'Situação', 'Título']);

    // 'Edição de coluna': an out-of-range width is refused; then the three widths.
    const modal = await openColumn(page, 'Título');
    await modal.getByRole('textbox', { name: 'Largura' }).fill('1500');
    await modal.getByText('A largura deve ser um número entre 100 e 1000.').waitFor();
    expect(await modal.getByRole('button', { name: 'Aplicar' }).isDisabled()).toBe(true);
    await bothModesBlurred(page, 'template-column-modal');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await setWidth(page, 'Prioridade', 180);
    await setWidth(page, 'Situação', 260);
    await setWidth(page, 'Título', 400);
    await bothModesBlurred(page, 'template-editor-filled');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Fila de chamados inserido com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Templates de Personalizados' }).waitFor();
    await page.getByRole('link', { name: 'Fila de chamados' }).waitFor();
    // The editor's tab is closed and the list keeps one tab (the refresh leaves no second one).
    const tabs = page.getByRole('navigation', { name: 'Abas abertas' });
    await expect
      .poll(() => tabs.locator('.tab-link').allTextContents())
      .toEqual(['Templates de Personalizados']);
    await bothModesBlurred(page, 'templates-custom-list');

    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const custom = await api<{ itens: TemplateSummary[] }>(admin, '/api/template?templatetype=7&fetch=10');
    const templateId = custom.itens.find((t) => t.templateName === 'Fila de chamados')?.templateId;
    expect(templateId).toBeGreaterThan(0);

    // The grid opened with the template: those columns, in that order, with those widths.
    const grid = new GridPage(page, 'Chamado');
    await grid.open(suite.server.url, `/context/grid/chamado?template=${templateId}`);
    const headers = grid.grid.locator('[role="columnheader"]');
    const labels = await headers.evaluateAll((cells) =>
      cells.map((c) => c.querySelector('.grid-header-label')?.textContent.trim() ?? ''),
    );
    expect(labels.filter((l) => ['Prioridade', 'Situação', 'Título'].includes(l))).toEqual([
      'Prioridade',
      'Situação',
      'Título',
    ]);
    const widthOf = async (label: string) => {
      const index = labels.indexOf(label);
      return Math.round((await headers.nth(index).boundingBox())?.width ?? 0);
    };
    expect(await widthOf('Prioridade')).toBe(180);
    expect(await widthOf('Situação')).toBe(260);
    expect(await widthOf('Título')).toBe(400);
    // Only those three attribute columns (selection, tags and actions are the grid's own).
    expect(labels.filter((l) => l !== '')).toEqual(['Prioridade', 'Situação', 'Título', 'Tags']);
    await screenshot(page, 'template-grid-chamado');

    // Removing it asks first, then says so.
    await page.goto(`${suite.server.url}/config/templates/custom`);
    await page.getByRole('button', { name: 'Remover Fila de chamados' }).click();
    await page.getByText('Deseja realmente excluir esse item?').waitFor();
    await bothModesBlurred(page, 'templates-custom-remove');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Template removido com sucesso!').waitFor();
    await page.getByText('Nenhum template encontrado').waitFor();
    await context.close();
  });

  it('default templates list subjects; users templates need a base and a user and filter by user', async () => {
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/templates/default',
    );
    await page.getByRole('heading', { name: 'Templates padrão' }).waitFor();
    const subjects = page.getByRole('list', { name: 'Templates padrão' });
    await subjects.getByRole('link', { name: 'Chamado', exact: true }).waitFor();
    await bothModesBlurred(page, 'templates-default-list');
    await subjects.getByRole('link', { name: 'Chamado', exact: true }).click();
    await page.getByRole('heading', { name: 'Editar template' }).waitFor();
    await page.getByTestId('template-selected').waitFor();
    expect(await page.getByRole('combobox', { name: /Assunto/ }).isDisabled()).toBe(true);
    await bothModesBlurred(page, 'template-editor-default');

    await page.goto(`${suite.server.url}/config/templates/users`);
    await page.getByRole('heading', { name: 'Templates de Usuários' }).waitFor();
    // The list's empty state; 'Filtro por usuário' keeps its own, with the same text, in its
    // closed (hidden) dropdown outside the page's main area.
    await page.getByRole('main').getByText('Nenhum template encontrado').waitFor();
    await page.getByRole('combobox', { name: 'Filtro por usuário' }).waitFor();
    await bothModesBlurred(page, 'templates-users-empty');

    await page.getByRole('link', { name: 'Novo template de usuário' }).click();
    await page.getByRole('heading', { name: 'Criar novo template' }).waitFor();
    await page.getByRole('textbox', { name: /Nome do template/ }).fill('Meus chamados');
    await page.getByRole('combobox', { name: /Assunto/ }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await page.getByRole('combobox', { name: /Template base/ }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await page.getByRole('combobox', { name: /Usuário/ }).click();
    const customer = suite.customer.name.split(' ')[0] ?? '';
    await page.getByRole('option', { name: customer }).click();
    await page.getByRole('button', { name: 'Adicionar Título', exact: true }).click();
    await bothModesBlurred(page, 'template-editor-users');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Meus chamados inserido com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Templates de Usuários' }).waitFor();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();

    // 'Filtro por usuário': another person's templates only → none; 'Limpar filtro' shows it again.
    await page.getByRole('combobox', { name: 'Filtro por usuário' }).click();
    await page.getByRole('option', { name: customer }).click();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();
    await bothModesBlurred(page, 'templates-users-list');
    await page.getByRole('button', { name: 'Limpar filtro' }).click();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();
    await context.close();
  });
});

/** What an area holds, without the ids the server gives each save. */
const held = (areas: TemplateArea[]): unknown =>
  areas.map((a) => ({
    subjectAttributeId: a.subjectAttributeId,
    templateAreaName: a.templateAreaName,
    order: a.order,
    widgetId: a.widgetId,
    configs: a.templateAreaConfigs.map((c) => [c.configIdentifier, c.value]),
    extras: a.templateAreaSubjectAttributes.map((x) => [
      x.subjectAttributeId,
      x.templateAreaSubjectAttributeLabel,
    ]),
    nested: held(a.templateAreasMap),
  }));

async function subjectByApi(admin: string, identifier: string) {
  const subjects = await ok<{ itens: Subject[] }>(admin, 'GET', '/api/subject?page=1&fetch=1000');
  const subject = subjects.itens.find((s) => s.subjectIdentifier === identifier);
  if (!subject) throw new Error(`assunto ${identifier} não encontrado`);
  const attr = (id: string) => {
    const found = subject.subjectAttributes.find((a) => a.identifier === id);
    if (!found) throw new Error(`campo ${id} não encontrado`);
    return found.subjectAttributeId;
  };
  return { subject, attr };
}

/** The rows of the form template's structure at one level, by name. */
const structure = (page: Page) =>
  page
    .getByRole('list', { name: 'Estrutura do formulário' })
    .locator(':scope > li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-area')));

describe('templates keep what they hold (issue 34 item 2)', { timeout: 240_000 }, () => {
  it('a group area made through the API is intact after the administrator edits and saves the template', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { subject, attr } = await subjectByApi(admin, 'chamado');
    const made = await ok<Template>(admin, 'POST', '/api/template', {
      templateName: 'Chamados com grupo',
      subjectId: subject.subjectId,
      templateType: 'CustomTemplate',
      templateAreas: [
        {
          subjectAttributeId: attr('titulo'),
          order: 10,
          templateAreaConfigs: [{ configIdentifier: 'Width', value: 300 }],
          templateAreaSubjectAttributes: [
            { subjectAttributeId: attr('solicitante'), templateAreaSubjectAttributeLabel: 'Quem pediu' },
          ],
        },
        {
          templateAreaName: 'Classificação',
          order: 20,
          templateAreasMap: [
            { subjectAttributeId: attr('prioridade'), order: 1 },
            {
              templateAreaName: 'Detalhe',
              order: 2,
              templateAreaConfigs: [{ configIdentifier: 'ishidden', value: true }],
              templateAreasMap: [{ subjectAttributeId: attr('tipo'), order: 1 }],
            },
          ],
        },
        { subjectAttributeId: attr('situacao'), order: 30 },
      ],
    });

    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/config/templates/editor/custom/${made.templateId}`,
    );
    await page.getByRole('heading', { name: 'Editar template' }).waitFor();
    await page.getByTestId('template-selected').waitFor();
    expect(await selectedOrder(page)).toEqual(['Título', 'Situação']);
    await page.getByText('Este template tem 1 grupo que não é coluna da grade').waitFor();

    // The column modal's settings: Título wider and fixed.
    const modal = await openColumn(page, 'Título');
    await modal.getByRole('textbox', { name: 'Largura' }).fill('350');
    await modal.getByRole('switch', { name: 'Coluna fixa' }).check({ force: true });
    await bothModesBlurred(page, 'template-column-modal-settings');
    await modal.getByRole('button', { name: 'Aplicar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await bothModesBlurred(page, 'template-editor-kept-group');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Chamados com grupo atualizado com sucesso!').waitFor();

    // The group, its legend, what it nests and the extra attribute are as the API made them; the
    // Título column has what the modal set, and nothing else changed.
    const saved = await ok<Template>(admin, 'GET', `/api/template/${made.templateId}`);
    const expected = structuredClone(made.templateAreas);
    const titulo = expected[0];
    if (!titulo) throw new Error('sem a coluna Título');
    titulo.templateAreaConfigs = [
      { templateAreaConfigId: 0, configIdentifier: 'Width', value: 350 },
      { templateAreaConfigId: 0, configIdentifier: 'IsFixed', value: true },
    ];
    expect(held(saved.templateAreas)).toEqual(held(expected));
    expect(saved.templateAreas[1]?.templateAreaName).toBe('Classificação');
    expect(saved.templateAreas[1]?.templateAreasMap[1]?.templateAreasMap).toHaveLength(1);
    await ok(admin, 'DELETE', '/api/template', { templateIds: [made.templateId] });
    await context.close();
  });

  it('the administrator builds a registration form with a group, a required and a hidden field; the preview and the record form show it', async () => {
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/templates/forms',
    );
    await page.getByRole('heading', { name: 'Templates de formulário' }).waitFor();
    await page.getByRole('main').getByText('Nenhum template encontrado').waitFor();
    await bothModesBlurred(page, 'templates-forms-empty');

    await page.getByRole('link', { name: 'Novo template de cadastro' }).click();
    await page.getByRole('heading', { name: 'Criar novo template' }).waitFor();
    await page.getByText('Nenhum campo ou grupo no formulário.').waitFor();
    await page.getByRole('textbox', { name: /Nome do template/ }).fill('Cadastro de cliente');
    await page.getByRole('combobox', { name: /Assunto/ }).click();
    await page.getByRole('option', { name: 'Cliente', exact: true }).click();
    for (const name of ['Razão social', 'Cidade', 'UF', 'Telefone', 'E-mail'])
      await page.getByRole('button', { name: `Adicionar ${name}`, exact: true }).click();
    await page.getByRole('textbox', { name: 'Legenda do novo grupo' }).fill('Contato');
    await page.getByRole('button', { name: 'Adicionar grupo' }).click();
    expect(await structure(page)).toEqual(['Razão social', 'Cidade', 'UF', 'Telefone', 'E-mail', 'Contato']);

    // The group dragged above Telefone, then Telefone and E-mail put inside it.
    const list = page.getByRole('list', { name: 'Estrutura do formulário' });
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Arrastar Contato' }),
      list.locator(':scope > li[data-area="Telefone"]'),
    );
    await expect
      .poll(() => structure(page))
      .toEqual(['Razão social', 'Cidade', 'UF', 'Contato', 'Telefone', 'E-mail']);
    // Right after a mouse drag the browser may swallow the next click (dnd-kit stops the click
    // that ends a drag): the first move is clicked again if nothing moved.
    const intoContact = page.getByRole('button', { name: 'Mover Telefone para dentro de Contato' });
    await intoContact.click();
    const moved = page.getByRole('list', { name: 'Dentro de Contato' });
    try {
      await moved.waitFor({ timeout: 2000 });
    } catch {
      await intoContact.click();
      await moved.waitFor();
    }
    await page.getByRole('button', { name: 'Mover E-mail para dentro de Contato' }).click();
    await expect.poll(() => structure(page)).toEqual(['Razão social', 'Cidade', 'UF', 'Contato']);
    const inside = page.getByRole('list', { name: 'Dentro de Contato' });
    expect(
      await inside.locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-area'))),
    ).toEqual(['Telefone', 'E-mail']);

    // 'Edição de campo': Cidade required; UF hidden, saved as SP.
    const fieldModal = page.getByRole('dialog', { name: 'Edição de campo' });
    await page.getByRole('button', { name: 'Editar o campo Cidade' }).click();
    await fieldModal.getByRole('switch', { name: 'Obrigatório' }).check({ force: true });
    await fieldModal.getByRole('button', { name: 'Aplicar' }).click();
    await fieldModal.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Editar o campo UF' }).click();
    await fieldModal.getByRole('switch', { name: 'Oculto' }).check({ force: true });
    await fieldModal.getByRole('textbox', { name: 'Valor padrão do campo oculto' }).fill('SP');
    await bothModesBlurred(page, 'template-field-modal');
    await fieldModal.getByRole('button', { name: 'Aplicar' }).click();
    await fieldModal.waitFor({ state: 'hidden' });

    // The live preview: the legend over its fields, Cidade required, UF not shown.
    const preview = page.getByTestId('form-template-preview');
    const group = preview.locator('fieldset', { has: page.locator('legend', { hasText: 'Contato' }) });
    await group.getByRole('textbox', { name: 'Telefone' }).waitFor();
    await group.getByRole('textbox', { name: 'E-mail' }).waitFor();
    expect(await preview.getByRole('textbox', { name: /^Cidade/ }).getAttribute('required')).not.toBeNull();
    expect(await preview.getByRole('textbox', { name: /^UF/ }).count()).toBe(0);
    await page.getByTestId('form-template-preview').scrollIntoViewIfNeeded();
    await bothModesBlurred(page, 'template-form-editor');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Cadastro de cliente inserido com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Templates de formulário' }).waitFor();
    await page.getByRole('link', { name: 'Cadastro de cliente' }).waitFor();
    await bothModesBlurred(page, 'templates-forms-list');

    // The record form of a new cliente follows it.
    await page.goto(`${suite.server.url}/context/form/cliente/add`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    const fields = await form.form
      .locator('.record-field')
      .evaluateAll((els) => els.map((f) => f.getAttribute('data-field')));
    expect(fields).toEqual(['nome', 'cidade', 'telefone', 'email']);
    const contact = form.form.locator('fieldset', { has: page.locator('legend', { hasText: 'Contato' }) });
    expect(
      await contact
        .locator('.record-field')
        .evaluateAll((els) => els.map((f) => f.getAttribute('data-field'))),
    ).toEqual(['telefone', 'email']);
    await form.type('Razão social', 'Padaria Estrela');
    // Cidade is required by the template (not by the subject): marked so, and OK waits for it.
    expect(await form.field('Cidade').locator('.mantine-InputWrapper-required').count()).toBe(1);
    expect(await form.ok.isDisabled()).toBe(true);
    await bothModesBlurred(page, 'template-form-record');
    await form.type('Cidade', 'Campinas');
    await form.save();
    await form.waitForNotice();
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const found = await ok<{
      itens: { talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }[];
    }>(admin, 'POST', '/api/talk/filter/cliente/', { fetch: 100 });
    const made = found.itens.find((c) =>
      c.talkValues.some((v) => v.subjectAttributeIdentifier === 'nome' && v.value === 'Padaria Estrela'),
    );
    // The hidden field saved its default value.
    expect(made?.talkValues.find((v) => v.subjectAttributeIdentifier === 'uf')?.value).toBe('SP');
    await context.close();
  });
});
