import { describe, expect, it } from 'vitest';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// Issue 39 item 6: records know when they were opened.
const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);

/** Today in the company's time zone (the demo's: São Paulo), as the grid shows it and as the API. */
function today(): { shown: string; iso: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = parts.split('-');
  return { iso: parts, shown: `${d ?? ''}/${m ?? ''}/${y ?? ''}` };
}

describe('records know when they were opened (issue 39 item 6)', () => {
  it('an administrator sets "now" as a date’s default; a new record gets today, and the grid shows who created it and when', async () => {
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api(token, 'POST', '/api/subject', {
      identifier: 'visita',
      name: 'Visita',
      attributes: [
        { identifier: 'cliente', name: 'Cliente', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'data', name: 'Data da visita', componentId: 32, isOrderable: true },
      ],
    });

    // The designer: 'Valor padrão: agora' on the date attribute.
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/subjects/visita',
    );
    await page.getByRole('button', { name: 'Editar Data da visita' }).click();
    const modal = page.getByRole('dialog', { name: 'Editar atributo Data da visita' });
    const now = modal.getByRole('switch', { name: /Valor padrão: agora/ });
    await now.check({ force: true });
    expect(await now.isChecked()).toBe(true);
    await modal
      .getByText('Um registro novo recebe a data do dia em que é criado, se não vier preenchido.')
      .waitFor();
    await now.scrollIntoViewIfNeeded();
    await bothModes(page, 'record-dates-designer');
    await modal.getByRole('button', { name: 'Salvar atributo' }).click();
    await modal.waitFor({ state: 'hidden' });
    const subject = await api<{ subjectAttributes: { identifier: string; defaultValue: string | null }[] }>(
      token,
      'GET',
      '/api/subject/visita',
    );
    expect(subject.subjectAttributes.find((a) => a.identifier === 'data')?.defaultValue).toBe('now');

    // A new record through the form, the date left as it is: it gets the company's today.
    await page.goto(`${suite.server.url}/context/form/visita/add`);
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    await form.type('Cliente', 'Padaria Central');
    await form.save();
    await form.waitForNotice();
    const list = await api<{ itens: ApiTalk[] }>(token, 'POST', '/api/talk/filter/visita', {
      page: 1,
      fetch: 10,
    });
    const created = list.itens[0];
    const date = created?.talkValues.find((v) => v.subjectAttributeIdentifier === 'data')?.value;
    expect(date).toBe(today().iso);
    expect(created?.createdByName).toBe('Administrador');

    // The grid: 'Colunas do sistema' adds 'Criado em' and 'Criado por'.
    const grid = new GridPage(page, 'Visita');
    await grid.open(suite.server.url, '/context/grid/visita');
    expect(await grid.column('Data da visita')).toEqual([today().shown]);
    await page.getByRole('button', { name: 'Colunas do sistema' }).click();
    const chooser = page.getByRole('group', { name: 'Colunas do sistema' });
    await chooser.getByRole('checkbox', { name: 'Criado em' }).check();
    await chooser.getByRole('checkbox', { name: 'Criado por' }).check();
    await grid.grid.getByRole('columnheader', { name: /Criado por/ }).waitFor();
    await bothModes(page, 'record-dates-chooser');
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });
    await grid.waitForRows();
    expect(await grid.column('Criado por')).toEqual(['Administrador']);
    const createdAt = await grid.column('Criado em');
    expect(createdAt[0]).toContain(today().shown);
    await bothModes(page, 'record-dates-grid');

    // Sorted by 'Criado em' on the server, and kept for the next visit.
    const createdHeader = grid.grid.getByRole('columnheader', { name: /Criado em/ });
    await createdHeader.getByRole('button').click();
    await expect.poll(() => createdHeader.getAttribute('aria-sort')).toBe('ascending');
    await grid.waitForRows();
    await page.reload();
    await grid.waitForRows();
    expect(await grid.column('Criado por')).toEqual(['Administrador']);

    // The demo's tickets: a new one is opened ('Abertura') when it is created.
    const ticket = await api<{ resourceId: number }>(token, 'POST', '/api/talk/chamado', {
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Impressora não imprime' }],
    });
    const read = await api<ApiTalk>(token, 'GET', `/api/talk/chamado/${ticket.resourceId}`);
    const abertura = read.talkValues.find((v) => v.subjectAttributeIdentifier === 'abertura')?.value;
    expect(typeof abertura).toBe('string');
    expect(Math.abs(Date.parse(String(abertura)) - Date.parse(read.createdAt))).toBeLessThan(5_000);
  });
});
