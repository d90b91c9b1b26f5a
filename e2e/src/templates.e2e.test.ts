import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '@talkbase/domain/contracts/templates';
import { seriousViolations } from './axe.ts';
import { signInByApi } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${suite.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** Both modes checked by axe and photographed; the mode is the account's, so a page may open in either. */
async function bothModes(page: Page, name: string): Promise<void> {
  for (const [mode, shot] of [
    ['light', 'day'],
    ['dark', 'night'],
  ] as const) {
    await setMode(page, mode);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${shot}`);
  }
  await setMode(page, 'light');
}

/** The mode through its shortcut (000 §1), from outside any field (fields keep their keys). */
async function setMode(page: Page, to: 'dark' | 'light'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) === to) return;
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) active.blur();
  });
  await page.keyboard.press('Alt+g');
  await page.locator(`html[data-mantine-color-scheme="${to}"]`).waitFor({ state: 'attached' });
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
    await bothModes(page, 'templates-custom-empty');

    await page.getByRole('link', { name: 'Novo template personalizado' }).click();
    await page.getByRole('heading', { name: 'Criar novo template' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /Nome do template/ }).fill('Fila de chamados');
    await page.getByRole('combobox', { name: /Assunto/ }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await page.getByTestId('template-available').waitFor();
    await bothModes(page, 'template-editor-new');

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
    await bothModes(page, 'template-column-modal');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await setWidth(page, 'Prioridade', 180);
    await setWidth(page, 'Situação', 260);
    await setWidth(page, 'Título', 400);
    await bothModes(page, 'template-editor-filled');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Fila de chamados inserido com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Templates de Personalizados' }).waitFor();
    await page.getByRole('link', { name: 'Fila de chamados' }).waitFor();
    // The editor's tab is closed and the list keeps one tab (the refresh leaves no second one).
    const tabs = page.getByRole('navigation', { name: 'Abas abertas' });
    await expect
      .poll(() => tabs.locator('.tab-link').allTextContents())
      .toEqual(['Templates de Personalizados']);
    await bothModes(page, 'templates-custom-list');

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
    await bothModes(page, 'templates-custom-remove');
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
    await bothModes(page, 'templates-default-list');
    await subjects.getByRole('link', { name: 'Chamado', exact: true }).click();
    await page.getByRole('heading', { name: 'Editar template' }).waitFor();
    await page.getByTestId('template-selected').waitFor();
    expect(await page.getByRole('combobox', { name: /Assunto/ }).isDisabled()).toBe(true);
    await bothModes(page, 'template-editor-default');

    await page.goto(`${suite.server.url}/config/templates/users`);
    await page.getByRole('heading', { name: 'Templates de Usuários' }).waitFor();
    // The list's empty state; 'Filtro por usuário' keeps its own, with the same text, in its
    // closed (hidden) dropdown outside the page's main area.
    await page.getByRole('main').getByText('Nenhum template encontrado').waitFor();
    await page.getByRole('combobox', { name: 'Filtro por usuário' }).waitFor();
    await bothModes(page, 'templates-users-empty');

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
    await bothModes(page, 'template-editor-users');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Template Meus chamados inserido com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Templates de Usuários' }).waitFor();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();

    // 'Filtro por usuário': another person's templates only → none; 'Limpar filtro' shows it again.
    await page.getByRole('combobox', { name: 'Filtro por usuário' }).click();
    await page.getByRole('option', { name: customer }).click();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();
    await bothModes(page, 'templates-users-list');
    await page.getByRole('button', { name: 'Limpar filtro' }).click();
    await page.getByRole('link', { name: 'Meus chamados' }).waitFor();
    await context.close();
  });
});
