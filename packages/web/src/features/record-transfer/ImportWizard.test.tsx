import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportWizard } from './ImportWizard.tsx';

/**
 * The import wizard's steps against a stubbed network (the server's answers as
 * record-transfer.test.ts checks them): file → mapping → preview with each row's errors → mode →
 * progress → result with the error report.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Sent {
  method: string;
  path: string;
  form: Record<string, string>;
}

const attributes = [
  { identifier: 'titulo', name: 'Título', isRequired: true },
  { identifier: 'quantidade', name: 'Quantidade', isRequired: false },
];

function network(opts: { previewError?: string; withId?: boolean } = {}) {
  const sent: Sent[] = [];
  let polls = 0;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const form: Record<string, string> = {};
    if (init?.body instanceof FormData)
      for (const [k, v] of init.body.entries()) form[k] = typeof v === 'string' ? v : `file:${v.name}`;
    sent.push({ method: init?.method ?? 'GET', path: url.pathname, form });
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    if (url.pathname === '/api/talk/import/pedido') {
      if (opts.previewError) return json(400, { errors: [{ message: opts.previewError }] });
      if (form.dryRun === 'true' && opts.withId)
        // An export with the id column, one row edited: it changes that record, the other stays.
        return json(200, {
          columns: [
            { header: 'ID', attribute: '@id', attributeName: 'ID do registro' },
            { header: 'Nome', attribute: 'titulo', attributeName: 'Título' },
            { header: 'Versão do registro', attribute: '@version', attributeName: 'Versão do registro' },
          ],
          attributes,
          rows: [
            { row: 2, values: ['12', 'Primeiro alterado', '1'] },
            { row: 3, values: ['13', 'Segundo', '4'] },
          ],
          errors: [],
          total: 2,
          errorRows: 0,
          creates: 0,
          updates: 1,
          unchanged: 1,
        });
      if (form.dryRun === 'true') {
        const mapping = form.mapping
          ? (JSON.parse(form.mapping) as Record<string, string | null>)
          : undefined;
        const mapped = mapping?.Qtd === 'quantidade';
        return json(200, {
          columns: [
            { header: 'Nome', attribute: 'titulo', attributeName: 'Título' },
            mapped
              ? { header: 'Qtd', attribute: 'quantidade', attributeName: 'Quantidade' }
              : { header: 'Qtd', attribute: null, attributeName: null },
          ],
          attributes,
          rows: [
            { row: 2, values: ['Primeiro', '3'] },
            { row: 3, values: ['Segundo', 'três'] },
          ],
          errors: mapped
            ? [
                {
                  row: 3,
                  column: 'Qtd',
                  value: 'três',
                  message: 'O campo Quantidade deve ser um número inteiro.',
                },
              ]
            : [],
          total: 2,
          errorRows: mapped ? 1 : 0,
          creates: mapped ? 1 : 2,
          updates: 0,
          unchanged: 0,
        });
      }
      return json(202, { importId: 7 });
    }
    if (url.pathname === '/api/talk/import/7') {
      polls += 1;
      const running = polls === 1;
      return json(200, {
        importId: 7,
        status: running ? 'running' : 'done',
        total: 2,
        done: running ? 1 : 2,
        imported: 1,
        skipped: running ? 0 : 1,
        failed: 1,
        errorCount: 1,
        message: null,
      });
    }
    return json(404, { errors: [{ message: 'Recurso não encontrado.' }] });
  });
  return sent;
}

function renderWizard() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ImportWizard subject="pedido" opened onClose={onClose} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

const csvFile = () => new File(['Nome;Qtd\nPrimeiro;3\nSegundo;três\n'], 'pedidos.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]');

describe('import wizard', { timeout: 30_000 }, () => {
  it('walks file → mapping → preview with the bad row named → skip → progress → result and report', async () => {
    const user = userEvent.setup();
    const sent = network();
    renderWizard();
    const dialog = await screen.findByRole('dialog', { name: 'Importar registros de CSV' });
    const input = fileInput();
    expect(input).not.toBeNull();
    await user.upload(input as HTMLInputElement, csvFile());
    // The file is read by a dry run with no mapping: the server maps by name.
    await waitFor(() => expect(sent.filter((s) => s.form.dryRun === 'true')).toHaveLength(1));
    expect(sent[0]?.form).toMatchObject({ dryRun: 'true', file: 'file:pedidos.csv' });
    expect(sent[0]?.form.mapping).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    // Mapping: 'Nome' came mapped to Título; 'Qtd' is chosen by hand, with the keyboard.
    const qtd = (await within(dialog).findAllByLabelText('Campo: Qtd')).find((el) => el.tagName === 'INPUT');
    expect(
      within(dialog)
        .getAllByLabelText('Campo: Nome')
        .find((el) => el.tagName === 'INPUT'),
    ).toHaveProperty('value', 'Título *');
    await user.click(qtd as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Quantidade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    // Preview: the second dry run carries the mapping; the bad row is named with its error.
    await within(dialog).findByText('2 linhas no arquivo; 1 com erro.');
    expect(JSON.parse(sent.at(-1)?.form.mapping ?? '{}')).toEqual({ Nome: 'titulo', Qtd: 'quantidade' });
    const errors = within(dialog).getByRole('list', { name: 'Linhas com erro' });
    expect(errors.textContent).toBe('Linha 3: Qtd: O campo Quantidade deve ser um número inteiro.');
    expect(within(dialog).getAllByText('OK')).toHaveLength(1);

    await user.click(within(dialog).getByRole('radio', { name: /Importar tudo ou nada/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Ignorar linhas com erro/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(sent.some((s) => s.form.mode === 'skip')).toBe(true));
    expect(sent.find((s) => s.form.mode)?.form.dryRun).toBeUndefined();

    // Progress, then the result with the report.
    await within(dialog).findByText('Importação concluída');
    expect(within(dialog).getByText('1 registro importado')).toBeTruthy();
    expect(within(dialog).getByText('1 linha ignorada por erro')).toBeTruthy();
    expect(within(dialog).getByText('2 de 2 linhas processadas')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Baixar o relatório de erros' })).toBeTruthy();
    expect(sent.filter((s) => s.path === '/api/talk/import/7').length).toBeGreaterThanOrEqual(2);
  });

  it('a file with the ID column: mapped to the record, the preview counts changed and unchanged rows', async () => {
    const user = userEvent.setup();
    const sent = network({ withId: true });
    renderWizard();
    const dialog = await screen.findByRole('dialog', { name: 'Importar registros de CSV' });
    await user.upload(
      fileInput() as HTMLInputElement,
      new File(['ID;Nome;Versão do registro\n12;Primeiro alterado;1\n13;Segundo;4\n'], 'pedidos.csv'),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const input = (label: string) =>
      within(dialog)
        .getAllByLabelText(label)
        .find((el) => el.tagName === 'INPUT');
    expect(await waitFor(() => input('Campo: ID'))).toHaveProperty(
      'value',
      'ID do registro (altera o registro)',
    );
    expect(input('Campo: Versão do registro')).toHaveProperty('value', 'Versão do registro');
    // Rows change records: no warning about required fields without a column.
    expect(within(dialog).queryByText(/Campos obrigatórios sem coluna/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await within(dialog).findByText('2 linhas no arquivo; 0 com erro.');
    expect(
      within(dialog).getByText('0 registros novos, 1 registro alterado pelo ID, 1 sem alteração.'),
    ).toBeTruthy();
    expect(JSON.parse(sent.at(-1)?.form.mapping ?? '{}')).toEqual({
      ID: '@id',
      Nome: 'titulo',
      'Versão do registro': '@version',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    await within(dialog).findByText('Importação concluída');
    expect(within(dialog).getByText('1 registro incluído ou alterado')).toBeTruthy();
  });

  it('shows the server’s message when the file is refused, and stays on the file step', async () => {
    const user = userEvent.setup();
    network({ previewError: 'O arquivo não é um CSV válido.' });
    renderWizard();
    const dialog = await screen.findByRole('dialog', { name: 'Importar registros de CSV' });
    await user.upload(fileInput() as HTMLInputElement, csvFile());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('O arquivo não é um CSV válido.');
    expect(within(dialog).getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', true);
  });
});
