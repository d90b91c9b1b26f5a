import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { seriousViolations } from './axe.ts';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { createEquipamento, EQUIPAMENTO } from './fixtures/equipamento.ts';
import { pathname, signedIn } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

const { ok: api } = suiteApi(suite);

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Opens a Mantine select by its label and picks the option. */
async function choose(scope: Locator, page: Page, label: string, option: string, search?: string) {
  // A required select's name ends in its asterisk.
  const input = scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).first();
  await input.click();
  if (search) {
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(search, { delay: 15 });
  }
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds one attribute through the attribute modal of a new subject (kept in the draft). */
async function addAttribute(
  page: Page,
  a: { name: string; type?: [option: string, search: string]; related?: string; checks?: string[] },
) {
  await page.getByRole('button', { name: 'Adicionar atributo' }).click();
  const modal = dialog(page, 'Novo atributo');
  await modal.waitFor();
  await modal.getByRole('textbox', { name: 'Nome', exact: true }).fill(a.name);
  if (a.type) await choose(modal, page, 'Tipo', a.type[0], a.type[1]);
  if (a.related) await choose(modal, page, 'Assunto relacionado', a.related, a.related.slice(0, 4));
  for (const label of a.checks ?? []) await modal.getByRole('checkbox', { name: label }).check();
  await modal.getByRole('button', { name: 'Aplicar' }).click();
  await modal.waitFor({ state: 'hidden' });
}

const frame = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** Drags an attribute by its handle `rows` rows up (negative) or down, with the pointer. */
async function dragAttribute(page: Page, name: string, rows: number): Promise<void> {
  const handle = page.getByRole('button', { name: `Mover ${name}`, exact: true });
  const box = await handle.boundingBox();
  const row = await page.locator('.sd-attribute').first().boundingBox();
  if (!box || !row) throw new Error('alça não encontrada');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + (rows < 0 ? -6 : 6));
    await frame(page);
    await page.mouse.move(x, y + (rows < 0 ? -8 : 8));
    const started = await page
      .locator('.sd-attribute-dragging')
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (started) break;
    await page.mouse.up();
    if (attempt === 3) throw new Error('o arraste não começou');
  }
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x, y + (rows * row.height * i) / steps);
    await frame(page);
  }
  await frame(page);
  await page.mouse.up();
  await page.locator('.sd-attribute-dragging').waitFor({ state: 'detached' });
}

describe('subject designer (issue 17)', () => {
  it('creates Equipamento with a preview, lists it in Registros, refuses a breaking change, removes an attribute only when typed', async () => {
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/subjects',
    );
    const list = page.getByRole('table', { name: 'Assuntos' });
    await list.getByRole('link', { name: 'Chamado', exact: true }).waitFor();
    // Record counts arrive per row.
    await expect
      .poll(() => list.locator('tr[data-subject="cliente"] td').nth(4).innerText())
      .toMatch(/^\d+$/);
    await screenshot(page, 'subject-designer-list');
    expect(await seriousViolations(page)).toEqual([]);

    // The settings menu links the screen.
    expect(await page.getByRole('link', { name: 'Assuntos', exact: true }).count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Novo assunto' }).click();
    await page.getByRole('heading', { name: 'Novo assunto' }).waitFor();
    expect(pathname(page)).toBe('/config/subjects/new');
    const name = page.getByRole('textbox', { name: 'Nome', exact: true });
    await name.fill('Equipamento');
    // The identifier follows the name until it is typed.
    expect(await page.getByRole('textbox', { name: 'Identificador', exact: true }).inputValue()).toBe(
      'equipamento',
    );

    // The menu builder's icon picker.
    await page.getByRole('button', { name: 'Escolher ícone' }).click();
    const icons = dialog(page, 'Escolher ícone');
    await icons.getByRole('textbox', { name: 'Buscar ícone' }).fill('precision_manufacturing');
    await icons.getByRole('button', { name: 'Ícone precision_manufacturing', exact: true }).click();
    await icons.waitFor({ state: 'hidden' });

    await addAttribute(page, { name: 'Descrição', checks: ['Obrigatório'] });
    await addAttribute(page, { name: 'Documento', type: ['CNPJ/CPF', 'CNPJ'] });
    await addAttribute(page, {
      name: 'Data de instalação',
      type: ['Data', 'Data'],
      checks: ['Somente dias úteis'],
    });
    await addAttribute(page, {
      name: 'Cliente',
      type: ['Seleção (assunto relacionado)', 'Seleção ('],
      related: 'Cliente',
    });
    await addAttribute(page, { name: 'Manual', type: ['Arquivo', 'Arquivo'] });
    const rows = page.locator('.sd-attribute');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-attribute')))).toEqual([
      'descricao',
      'documento',
      'data_de_instalacao',
      'cliente',
      'manual',
    ]);

    // A type's own configuration: the date's business-day rules.
    await page.getByRole('button', { name: 'Editar Data de instalação' }).click();
    const dateModal = dialog(page, 'Editar atributo Data de instalação');
    expect(await dateModal.getByRole('checkbox', { name: 'Não pode ser final de semana' }).isChecked()).toBe(
      true,
    );
    expect(await dateModal.getByRole('checkbox', { name: 'Não pode ser feriado nacional' }).isChecked()).toBe(
      true,
    );
    await settled(page);
    await screenshot(page, 'subject-designer-attribute-config');
    expect(await seriousViolations(page)).toEqual([]);
    await dateModal.getByRole('button', { name: 'Cancelar' }).click();
    await dateModal.waitFor({ state: 'hidden' });

    // The live preview: the real editors with the domain's rules.
    const preview = page.locator('section[aria-labelledby="sd-preview"]');
    const documento = preview.locator('[data-preview-field="documento"]').getByRole('textbox').first();
    await documento.pressSequentially('11111111111', { delay: 10 });
    await documento.blur();
    await preview
      .getByText('O número do CNPJ/CPF/identificação informado é inválido', { exact: true })
      .waitFor();
    const data = preview.locator('[data-preview-field="data_de_instalacao"]').getByRole('textbox').first();
    await data.pressSequentially('07032026', { delay: 10 }); // a Saturday
    await data.blur();
    await preview.getByText('A data digitada não pode ser final de semana', { exact: true }).waitFor();
    expect(await preview.locator('[data-preview-field="manual"]').count()).toBe(1);
    expect(await preview.locator('[data-preview-field="cliente"]').count()).toBe(1);
    await screenshot(page, 'subject-designer-preview');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Criar assunto' }).click();
    await page.waitForURL((url) => url.pathname === '/config/subjects/equipamento');
    await page.getByRole('heading', { name: 'Assunto Equipamento' }).waitFor();
    await page.getByRole('heading', { name: 'Assunto Equipamento' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'subject-designer-editor');

    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const saved = await api<Subject>(token, 'GET', '/api/subject/equipamento');
    expect(
      saved.subjectAttributes.map((a) => [
        a.identifier,
        a.componentId,
        a.relatedSubject?.subjectIdentifier ?? null,
      ]),
    ).toEqual([
      ['descricao', 1, null],
      ['documento', 2, null],
      ['data_de_instalacao', 32, null],
      ['cliente', 4, 'cliente'],
      ['manual', 22, null],
    ]);
    expect(saved.icon).toBe('precision_manufacturing');
    expect(saved.subjectAttributes[0]?.isRequired).toBe(true);
    expect(saved.subjectAttributes[2]?.componentConfigs).toEqual({ weekends: true, nationalHolidays: true });
    // The fixture other e2e files build through the API is this same definition.
    const shape = (list: { identifier: string; componentId: unknown; componentConfigs?: unknown }[]) =>
      list.map((a) => [a.identifier, Number(a.componentId), a.componentConfigs ?? {}]);
    expect(shape(saved.subjectAttributes)).toEqual(shape(EQUIPAMENTO.attributes ?? []));
    expect(EQUIPAMENTO.attributes?.find((a) => a.identifier === 'cliente')?.relatedSubject).toBe('cliente');

    // It is in the Registros menu at once; its grid and its form open.
    const menuLink = page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Equipamento', exact: true });
    await menuLink.click();
    const grid = new GridPage(page, 'Equipamento');
    await grid.waitForRows();
    expect(pathname(page)).toBe('/context/grid/equipamento');
    await page.goto(`${suite.server.url}/context/form/equipamento/add`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    expect(await form.field('Documento').count()).toBe(1);
    expect(await form.field('Data de instalação').count()).toBe(1);

    // A change the records cannot take is refused with the records that block it.
    const first = await api<{ resourceId: number }>(token, 'POST', '/api/talk/equipamento', {
      talkValues: [{ subjectAttributeIdentifier: 'descricao', value: 'Torno' }],
    });
    const second = await api<{ resourceId: number }>(token, 'POST', '/api/talk/equipamento', {
      talkValues: [{ subjectAttributeIdentifier: 'descricao', value: 'Torno' }],
    });
    await page.goto(`${suite.server.url}/config/subjects/equipamento`);
    await page.getByRole('button', { name: 'Editar Descrição' }).click();
    const edit = dialog(page, 'Editar atributo Descrição');
    await edit.getByRole('checkbox', { name: 'Único (chave natural)' }).check();
    await edit.getByRole('button', { name: 'Salvar atributo' }).click();
    await edit
      .getByRole('alert')
      .getByText(
        `Não é possível tornar Descrição único: há valores repetidos nos registros nº ${first.resourceId} e ${second.resourceId}.`,
        { exact: true },
      )
      .waitFor();
    await settled(page);
    await screenshot(page, 'subject-designer-refused');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'hidden' });

    // Reordering by dragging is saved at once.
    await dragAttribute(page, 'Manual', -4);
    await expect
      .poll(
        async () =>
          (await api<Subject>(token, 'GET', '/api/subject/equipamento')).subjectAttributes[0]?.identifier,
      )
      .toBe('manual');
    expect(await rows.first().getAttribute('data-attribute')).toBe('manual');

    // Removing an attribute: what is lost, and a typed confirmation.
    await page.getByRole('button', { name: 'Excluir Manual' }).click();
    const confirm = dialog(page, 'Excluir o atributo Manual');
    await confirm.getByText(/Os valores deste atributo em 0 registros serão apagados/).waitFor();
    const button = confirm.getByRole('button', { name: 'Excluir definitivamente' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByRole('textbox', { name: 'Digite manual para confirmar' }).fill('manua');
    expect(await button.isDisabled()).toBe(true);
    await settled(page);
    await screenshot(page, 'subject-designer-delete-warning');
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('textbox', { name: 'Digite manual para confirmar' }).fill('manual');
    await button.click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.sd-attribute[data-attribute="manual"]').count()).toBe(0);
    const after = await api<Subject>(token, 'GET', '/api/subject/equipamento');
    expect(after.subjectAttributes.map((a) => a.identifier)).not.toContain('manual');

    // Schema export and import from the list.
    await page.getByRole('link', { name: 'Voltar para a lista' }).click();
    await page
      .getByRole('table', { name: 'Assuntos' })
      .getByRole('link', { name: 'Equipamento', exact: true })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar esquema' }).click(),
    ]);
    const exportedPath = await download.path();
    const exported = JSON.parse(fs.readFileSync(exportedPath, 'utf8')) as {
      format: string;
      subjects: { identifier: string; attributes: { identifier: string }[] }[];
    };
    expect(exported.format).toBe('talkbase-schema');
    expect(
      exported.subjects.find((x) => x.identifier === 'equipamento')?.attributes.map((a) => a.identifier),
    ).toEqual(['descricao', 'documento', 'data_de_instalacao', 'cliente']);

    await page.getByRole('button', { name: 'Importar esquema' }).click();
    const importing = dialog(page, 'Importar esquema');
    await importing.locator('input[type="file"]').setInputFiles({
      name: 'esquema.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          format: 'talkbase-schema',
          version: 1,
          subjects: [
            ...exported.subjects.filter((x) => x.identifier === 'equipamento'),
            {
              identifier: 'peca',
              name: 'Peça',
              attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
            },
          ],
          templates: [],
        }),
      ),
    });
    await importing.getByRole('button', { name: 'Importar', exact: true }).click();
    await importing
      .getByText('Importação concluída: 1 assunto criado, 1 atributo criado, 0 templates criados.', {
        exact: true,
      })
      .waitFor();
    await settled(page);
    await screenshot(page, 'subject-designer-import');
    await importing.getByRole('button', { name: 'Fechar' }).first().click();
    await page
      .getByRole('table', { name: 'Assuntos' })
      .getByRole('link', { name: 'Peça', exact: true })
      .waitFor();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Peça', exact: true })
      .waitFor();

    // Removing the subject shows its records count.
    await page
      .getByRole('table', { name: 'Assuntos' })
      .getByRole('link', { name: 'Equipamento', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Assunto Equipamento' }).waitFor();
    await page.getByRole('button', { name: 'Excluir assunto' }).click();
    const removeSubject = dialog(page, 'Excluir o assunto Equipamento');
    await removeSubject.getByText(/Todos os 2 registros e 0 arquivos deste assunto serão apagados/).waitFor();
    await settled(page);
    await screenshot(page, 'subject-designer-delete-subject');
    await removeSubject.getByRole('button', { name: 'Cancelar' }).click();
    await removeSubject.waitFor({ state: 'hidden' });

    // The fixture builds the same subject through the API (the CSV e2e's way).
    await api(token, 'DELETE', '/api/subject/equipamento');
    await createEquipamento(suite.server, token);
    const rebuilt = await api<Subject>(token, 'GET', '/api/subject/equipamento');
    expect(shape(rebuilt.subjectAttributes)).toEqual(shape(EQUIPAMENTO.attributes ?? []));
  });
});
