import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { createEquipamento } from './fixtures/equipamento.ts';
import { signedInOnGrid } from './helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

const { ok: api } = suiteApi(suite);

/** A valid CPF (check digits by the modulo-11 rule) from a 9-digit base, masked. */
function cpf(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  const digit = (list: number[]) => {
    const sum = list.reduce((s, v, i) => s + v * (list.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(digit(d));
  d.push(digit(d));
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** Weekdays of March 2025 without a national holiday: the business-day rule accepts them. */
const BUSINESS_DAYS = [10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 24, 25, 26, 27, 28].map(
  (d) => `${String(d).padStart(2, '0')}/03/2025`,
);
const BAD_DATE_LINE = 101; // a Saturday: refused by the date's business-day rule
const BAD_CPF_LINE = 702; // wrong check digits

const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));

describe('CSV import and export', { timeout: 300_000 }, () => {
  it('imports 1,000 Equipamentos with two bad rows (skip), reports them, and exports the same values', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await createEquipamento(suite.server, admin);
    const clientes = (
      await api<PagedTalks>(admin, 'POST', '/api/talk/filter/cliente', { fetch: 5 })
    ).itens.map((c) => c.displayName);
    expect(clientes.length).toBeGreaterThan(1);

    // 1,000 data rows (lines 2 to 1001); the two bad ones are named by the preview.
    const rows: string[][] = [];
    for (let i = 0; i < 1000; i++) {
      const line = i + 2;
      const descricao = `Equipamento ${String(i + 1).padStart(4, '0')}; série "A"`;
      let documento = cpf(100_000_000 + i * 7919);
      let data = BUSINESS_DAYS[i % BUSINESS_DAYS.length] ?? '10/03/2025';
      if (line === BAD_DATE_LINE) data = '15/03/2025';
      if (line === BAD_CPF_LINE) documento = '123.456.789-00';
      rows.push([descricao, documento, data, clientes[i % clientes.length] ?? '']);
    }
    const quote = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const csv =
      '\uFEFF' +
      ['Descrição;Documento;Data de instalação;Cliente', ...rows.map((r) => r.map(quote).join(';'))].join(
        '\r\n',
      ) +
      '\r\n';

    const { page, context } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'equipamento',
      'Equipamento',
    );

    await page.getByRole('button', { name: 'Importar' }).click();
    const wizard = page.getByRole('dialog', { name: 'Importar registros de CSV' });
    await wizard.waitFor();
    await wizard
      .locator('input[type="file"]')
      .setInputFiles({ name: 'equipamentos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const next = wizard.getByRole('button', { name: 'Continuar' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await screenshot(page, 'csv-1-file');
    await next.click();

    // Mapping: every column came mapped by its header.
    for (const [column, attribute] of [
      ['Descrição', 'Descrição *'],
      ['Documento', 'Documento'],
      ['Data de instalação', 'Data de instalação'],
      ['Cliente', 'Cliente'],
    ] as const)
      expect(await wizard.locator(`input[aria-label="Campo: ${column}"]`).inputValue()).toBe(attribute);
    await screenshot(page, 'csv-2-mapping');
    await wizard.getByRole('button', { name: 'Continuar' }).click();

    // Preview: the two bad rows are named.
    await wizard.getByText('1.000 linhas no arquivo; 2 com erro.').waitFor();
    const errors = wizard.getByRole('list', { name: 'Linhas com erro' }).getByRole('listitem');
    expect(await errors.count()).toBe(2);
    expect(await errors.nth(0).textContent()).toMatch(
      new RegExp(`^Linha ${BAD_DATE_LINE}: Data de instalação: `),
    );
    expect(await errors.nth(1).textContent()).toMatch(new RegExp(`^Linha ${BAD_CPF_LINE}: Documento: `));
    await wizard.getByRole('radio', { name: /Ignorar linhas com erro/ }).check();
    await screenshot(page, 'csv-3-preview');
    await wizard.getByRole('button', { name: 'Importar', exact: true }).click();

    await wizard.getByText('Importação concluída').waitFor({ timeout: 120_000 });
    await wizard.getByText('998 registros importados').waitFor();
    await wizard.getByText('2 linhas ignoradas por erro').waitFor();
    await screenshot(page, 'csv-4-result');

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      wizard.getByRole('button', { name: 'Baixar o relatório de erros' }).click(),
    ]);
    const reportRows = parseCsv(fs.readFileSync(await report.path(), 'utf8'));
    expect(reportRows[0]).toEqual(['Linha', 'Coluna', 'Valor', 'Mensagem']);
    expect(reportRows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      [String(BAD_DATE_LINE), 'Data de instalação', '15/03/2025'],
      [String(BAD_CPF_LINE), 'Documento', '123.456.789-00'],
    ]);
    await wizard.getByRole('button', { name: 'Fechar' }).last().click();
    await wizard.waitFor({ state: 'hidden' });

    const stored = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/equipamento', { fetch: 1000 });
    expect(stored.totalResults).toBe(998);

    // Export everything back: the file holds the same values as the imported rows.
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar todos os campos (CSV)' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^equipamento-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await exported.path());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    const header = parseCsv(text)[0];
    // Every field: the record's id first and its version last (csv-roundtrip.e2e.test.ts imports
    // such a file back as changes).
    expect(header).toEqual([
      'ID',
      'Descrição',
      'Documento',
      'Data de instalação',
      'Cliente',
      'Manual',
      'Versão do registro',
    ]);
    const good = rows.filter((_, i) => ![BAD_DATE_LINE, BAD_CPF_LINE].includes(i + 2));
    const expected = [
      'Descrição;Documento;Data de instalação;Cliente;Manual',
      ...good.map((r) => [...r.map(quote), ''].join(';')),
    ];
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.replace(/^(ID|\d+);/, '').replace(/;(Versão do registro|1)$/, ''));
    expect(lines[0]).toBe(expected[0]);
    expect([...lines.slice(1)].sort()).toEqual([...expected.slice(1)].sort());
    expect(stored.itens).toHaveLength(998);
    await context.close();
  });
});
