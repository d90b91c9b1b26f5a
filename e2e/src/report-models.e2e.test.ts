import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage, UPDATED } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();
const { ok: api } = suiteApi(suite);

const created = async (token: string, subject: string, values: Record<string, unknown>) =>
  (
    await api<{ resourceId: number }>(token, 'POST', `/api/talk/${subject}`, {
      talkValues: Object.entries(values).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
    })
  ).resourceId;

/** Types `${`, searches the attribute picker and picks the attribute. */
async function pickAttribute(
  page: Page,
  valueBox: ReturnType<Page['getByRole']>,
  search: string,
  name: RegExp,
) {
  await valueBox.click();
  await valueBox.pressSequentially('${', { delay: 20 });
  const box = page.getByRole('textbox', { name: 'Buscar por atributo, assunto ou identificador' });
  await box.waitFor();
  await box.pressSequentially(search, { delay: 10 });
  await page.getByRole('group', { name: 'Escolha um atributo' }).getByRole('button', { name }).click();
}

describe('report models', { timeout: 240_000 }, () => {
  it('an administrator builds a model on the screen, sets it on a record and reads the generated .xlsx', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const subject of [
      {
        identifier: 'cliente',
        name: 'Cliente',
        attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true }],
      },
      {
        identifier: 'chamado',
        name: 'Chamado',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
          { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        ],
      },
      {
        identifier: 'painel',
        name: 'Painel',
        attributes: [
          { identifier: 'nome', name: 'Nome', componentId: 1 },
          { identifier: 'modelo', name: 'Modelo', componentId: 20 },
          { identifier: 'filtro', name: 'Filtro', componentId: 16 },
          { identifier: 'relatorio', name: 'Relatório', componentId: 34 },
        ],
      },
    ])
      await api(admin, 'POST', '/api/subject', subject);
    const acme = await created(admin, 'cliente', { nome: 'ACME' });
    const beta = await created(admin, 'cliente', { nome: 'Beta' });
    await created(admin, 'chamado', { titulo: 'Pedido: rede lenta', cliente: acme });
    await created(admin, 'chamado', { titulo: 'Dúvida sobre fatura', cliente: acme });
    await created(admin, 'chamado', { titulo: 'Pedido: impressora', cliente: beta });
    await created(admin, 'filtro', {
      nome: 'Pedidos',
      assunto: 'chamado',
      filtro: { attribute: 'titulo', operator: 'contains', value: 'Pedido' },
    });
    const painel = await created(admin, 'painel', { nome: 'Painel semanal' });

    // ---- the list, empty; the editor's rules; a model built with the column designer ----------
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/report-models',
    );
    await page.getByRole('heading', { name: 'Modelos de relatório' }).waitFor();
    await page.getByText('Nenhum modelo de relatório encontrado.').waitFor();
    // The settings menu links to it.
    await page.getByRole('link', { name: 'Modelos de relatório' }).first().waitFor();
    await bothModes(page, 'report-models-empty');

    await page.getByRole('link', { name: 'Criar modelo de relatório' }).click();
    await page.getByRole('heading', { name: 'Criar modelo de relatório' }).waitFor();
    await page.getByText('Selecione o assunto para montar as colunas.').waitFor();
    // The editor's tab has its own name, beside the list's.
    const tabs = page.getByRole('navigation', { name: 'Abas abertas' });
    await tabs.getByRole('link', { name: 'Criar modelo de relatório' }).waitFor();
    await tabs.getByRole('link', { name: 'Modelos de relatório' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Digite um nome').waitFor();
    await page.getByText('Selecione um assunto').waitFor();

    await page.getByRole('textbox', { name: /^Nome( \*)?$/ }).fill('Chamados por cliente');
    await page.getByRole('combobox', { name: /^Assunto( \*)?$/ }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await page.getByLabel('Assuntos relacionados').first().click({ force: true });
    await page.getByRole('option', { name: 'Cliente (campo Cliente)' }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Adicionar coluna' }).click();
    await page.getByRole('textbox', { name: 'Nome da coluna' }).first().fill('Título');
    await pickAttribute(
      page,
      page.getByRole('textbox', { name: 'Valor 1' }).first(),
      'chamado.titulo',
      /Título/,
    );
    const background = page.getByRole('textbox', { name: 'Cor de fundo' }).first();
    await background.fill('#ffeeaa');
    // Not Enter: it would submit the form.
    await background.press('Tab');
    await page.getByRole('button', { name: 'Adicionar coluna' }).click();
    await page.getByRole('textbox', { name: 'Nome da coluna' }).nth(1).fill('Cliente');
    await pickAttribute(page, page.getByRole('textbox', { name: 'Valor 1' }).nth(1), 'cliente.nome', /Nome/);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Valor 1' }).nth(1).inputValue())
      .toBe('${cliente.nome}');
    await bothModes(page, 'report-models-editor-columns');
    await page.getByRole('heading', { name: 'Criar modelo de relatório' }).scrollIntoViewIfNeeded();
    await bothModes(page, 'report-models-editor');

    await page.getByRole('button', { name: 'Pré-visualização' }).click();
    const preview = page.getByRole('dialog', { name: 'Pré-visualização' });
    await preview.waitFor();
    await bothModes(page, 'report-models-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => pathname(page)).toBe('/config/report-models');
    const link = page.getByRole('link', { name: 'Chamados por cliente', exact: true });
    await link.waitFor();
    await page.getByText('Assunto: Chamado').waitFor();
    await bothModes(page, 'report-models-list');

    // The search keeps the names that match.
    await page.getByRole('button', { name: 'Abrir a busca' }).click();
    await page.getByRole('textbox', { name: 'Buscar modelo' }).fill('inexistente');
    await page.getByText('Nenhum modelo de relatório encontrado.').waitFor();
    await page.getByRole('textbox', { name: 'Buscar modelo' }).fill('cliente');
    await link.waitFor();

    // ---- the model on a record, and the report it makes ----------------------------------------
    await page.goto(`${suite.server.url}/context/form/painel/${painel}`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    await form.choose('Modelo', 'Chamados por cliente');
    await form.choose('Filtro', 'Pedidos');
    await form.ok.click();
    await form.notices.getByText(UPDATED).waitFor();
    await screenshot(page, 'report-models-record');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Gerar arquivo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Chamados por cliente.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow((row) => rows.push([row.getCell(1).text, row.getCell(2).text]));
    expect(rows).toEqual([
      ['Título', 'Cliente'],
      ['Pedido: rede lenta', 'ACME'],
      ['Pedido: impressora', 'Beta'],
    ]);
    expect(sheet?.getCell('A2').fill).toMatchObject({ fgColor: { argb: 'FFFFEEAA' } });

    // ---- edit, then delete with its confirmation -----------------------------------------------
    await page.goto(`${suite.server.url}/config/report-models`);
    await page.getByRole('link', { name: 'Editar Chamados por cliente' }).click();
    await page.getByRole('heading', { name: 'Editar modelo de relatório' }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Valor 1' }).first().inputValue())
      .toBe('${chamado.titulo}');
    await page.getByRole('textbox', { name: /^Nome( \*)?$/ }).fill('Pedidos por cliente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('link', { name: 'Pedidos por cliente', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Excluir Pedidos por cliente' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir modelo de relatório' });
    await confirm.getByText('Deseja realmente excluir esse item?').waitFor();
    await bothModes(page, 'report-models-delete');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Modelo Pedidos por cliente excluído com sucesso!').waitFor();
    await page.getByText('Nenhum modelo de relatório encontrado.').waitFor();
    expect((await api<{ totalResults: number }>(admin, 'GET', '/api/report/model/list')).totalResults).toBe(
      0,
    );
    await context.close();
  });
});
