import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot } from './browser.ts';
import { signedInOnGrid } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

/**
 * Export, edit in a spreadsheet, import (issue 39, item 12): the grid's export carries the id
 * column (the grid shows it), a cell of the file is changed as a spreadsheet would, and the file
 * imported back changes that record — the grid shows the new value, and no record is duplicated.
 */

const suite = useSuite({ SEED: 'none' });
const { ok: api } = suiteApi(suite);

const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));

describe('CSV round trip', { timeout: 180_000 }, () => {
  it('exports with the id column, a cell edited in the file imports back as a change of that record', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api(admin, 'POST', '/api/subject', {
      identifier: 'contrato',
      name: 'Contrato',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
        { identifier: 'valor', name: 'Valor', componentId: 5 },
        { identifier: 'codigo', name: 'Código', componentId: 1, isNaturalKey: true },
      ],
    });
    const ids: number[] = [];
    for (const [titulo, valor, codigo] of [
      ['Contrato de manutenção', 100, 'K-1'],
      ['Contrato de suporte', 250.5, 'K-2'],
      ['Contrato de licença', 80, 'K-3'],
    ] as const) {
      const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/contrato', {
        talkValues: [
          { subjectAttributeIdentifier: 'titulo', value: titulo },
          { subjectAttributeIdentifier: 'valor', value: valor },
          { subjectAttributeIdentifier: 'codigo', value: codigo },
        ],
      });
      ids.push(created.resourceId);
    }
    const suporte = ids[1] ?? 0;

    const { page, context, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'contrato',
      'Contrato',
    );
    expect((await grid.ids()).sort()).toEqual([...ids].sort());

    // The grid's view, exported: the id first, the version last, named by the company's date.
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar a visão da grade (CSV)' }).click(),
    ]);
    const today = civilDateIn(new Date(), 'America/Sao_Paulo');
    expect(download.suggestedFilename()).toBe(`contrato-${today ? toIsoDate(today) : ''}.csv`);
    const rows = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    expect(rows[0]).toEqual(['ID', 'Título', 'Valor', 'Código', 'Versão do registro']);
    const row = rows.find((r) => r[0] === String(suporte));
    expect(row).toEqual([String(suporte), 'Contrato de suporte', '250,50', 'K-2', '1']);

    // In the spreadsheet: the support contract's value changes; the file is saved as it was read.
    if (row) row[2] = '275,00';
    const edited = `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;

    await page.getByRole('button', { name: 'Importar' }).click();
    const wizard = page.getByRole('dialog', { name: 'Importar registros de CSV' });
    await wizard.waitFor();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contratos.csv', mimeType: 'text/csv', buffer: Buffer.from(edited, 'utf8') });
    const next = wizard.getByRole('button', { name: 'Continuar' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    // The ID column came mapped to the record.
    expect(await wizard.locator('input[aria-label="Campo: ID"]').inputValue()).toBe(
      'ID do registro (altera o registro)',
    );
    await wizard.getByRole('button', { name: 'Continuar' }).click();
    await wizard.getByText('3 linhas no arquivo; 0 com erro.').waitFor();
    await wizard.getByText('0 registros novos, 1 registro alterado pelo ID, 2 sem alteração.').waitFor();
    // The step by day and at night (Alt+G, the night mode's shortcut), then back.
    await bothModes(page, 'csv-roundtrip-preview', { axe: false });
    await wizard.getByRole('button', { name: 'Importar', exact: true }).click();
    await wizard.getByText('Importação concluída').waitFor({ timeout: 60_000 });
    await wizard.getByText('1 registro incluído ou alterado').waitFor();
    await screenshot(page, 'csv-roundtrip-result');
    await wizard.getByRole('button', { name: 'Fechar' }).last().click();
    await wizard.waitFor({ state: 'hidden' });

    // The grid shows the change on the same record; nothing was duplicated.
    await expect.poll(() => grid.cell(suporte, 'Valor').textContent()).toContain('275,00');
    expect((await grid.ids()).sort()).toEqual([...ids].sort());
    await screenshot(page, 'csv-roundtrip-grid');
    const stored = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/contrato', { fetch: 10 });
    expect(stored.totalResults).toBe(3);
    const changed = await api<ApiTalk>(admin, 'GET', `/api/talk/contrato/${suporte}`);
    expect(talkValue(changed, 'valor')).toBe(275);
    expect(changed.version).toBe(2);
    await context.close();
  });
});
