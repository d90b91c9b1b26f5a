import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useRef } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../../ui/theme.ts';
import { DEFAULT_THEME_COLOR } from '../../preferences/theme-colors.ts';
import { contextAttribute, contextResponse } from '../../../fields/test-utils.tsx';
import { on, stubFetch, type StubbedCall } from '../../../test/fetch-stub.ts';
import { useSyncErrorDialog } from '../feedback.tsx';
import { GridBody, SELECT_WIDTH, type GridLayout } from './GridBody.tsx';
import { gridColumns } from './grid-columns.ts';
import { loadCellEditing } from './load-cell-editing.ts';
import { useGridEditing } from './useGridEditing.ts';

const { theme } = buildTheme(DEFAULT_THEME_COLOR);

const attributes: ContextSubjectAttribute[] = [
  contextAttribute({ subjectAttributeId: 1, identifier: 'titulo', name: 'Título', componentId: 1, order: 1 }),
  // Read-only: Tab goes past it.
  contextAttribute({
    subjectAttributeId: 2,
    identifier: 'codigo',
    name: 'Código',
    componentId: 1,
    order: 2,
    isEditable: false,
  }),
  contextAttribute({
    subjectAttributeId: 3,
    identifier: 'quantidade',
    name: 'Quantidade',
    componentId: 3,
    order: 3,
  }),
  contextAttribute({
    subjectAttributeId: 4,
    identifier: 'descricao',
    name: 'Descrição',
    componentId: 26,
    order: 4,
  }),
  contextAttribute({
    subjectAttributeId: 5,
    identifier: 'entrega',
    name: 'Entrega',
    componentId: 32,
    order: 5,
  }),
  contextAttribute({
    subjectAttributeId: 6,
    identifier: 'cliente',
    name: 'Cliente',
    componentId: 4,
    order: 6,
    relatedSubject: { subjectId: 4, subjectIdentifier: 'cliente', subjectName: 'Cliente', icon: null },
  }),
  contextAttribute({
    subjectAttributeId: 7,
    identifier: 'urgente',
    name: 'Urgente',
    componentId: 10,
    order: 7,
  }),
];

const values: Record<number, unknown> = {
  1: 'Pedido de papel',
  2: 'P-1',
  3: 12,
  4: 'Primeira linha',
  5: '2026-11-20',
  6: 31,
  7: false,
};

function talkOf(talkId: number, version = 1, over: Record<number, unknown> = {}): ApiTalk {
  return {
    talkId,
    subject: 'pedido',
    subjectId: 3,
    isActive: true,
    displayName: `Pedido ${talkId}`,
    isReadOnly: false,
    version,
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    updatedBy: null,
    templateId: null,
    tags: [],
    talkValues: attributes.map((a) => ({
      subjectAttributeId: a.subjectAttributeId,
      subjectAttributeIdentifier: a.identifier,
      value: over[a.subjectAttributeId] ?? values[a.subjectAttributeId] ?? null,
      ...(a.subjectAttributeId === 6 ? { displayValue: 'Papelaria Central' } : {}),
    })),
    talkAttachments: [],
  };
}

const context = contextResponse(attributes, { scenario: 'grid' });
const pageKey = ['talks', 'pedido', 'test'];
const firstPage: PagedTalks = { itens: [talkOf(7), talkOf(8)], totalResults: 2, currentPage: 1 };

/** The grid's editing as RecordsGrid wires it, on a page of two records. */
function Grid() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [syncDialog, showSyncErrors] = useSyncErrorDialog();
  const columns = useMemo(() => gridColumns(null, attributes), []);
  // The page as the query cache holds it: the hook writes saved records back into it.
  const page = useQuery({
    queryKey: pageKey,
    queryFn: () => firstPage,
    initialData: firstPage,
    staleTime: Infinity,
  });
  const editing = useGridEditing({
    context,
    columns,
    page: page.data,
    pageKey,
    scrollRef,
    showSyncErrors,
    toggle: vi.fn(),
    edit: vi.fn(),
    linkTo: (id) => `/context/talk/pedido/${id}`,
  });
  const starts = columns.map((_, i) => SELECT_WIDTH + i * 150);
  const layout: GridLayout = {
    columns,
    template: [SELECT_WIDTH, ...columns.map(() => 150), 180, 96].map((w) => `${w}px`).join(' '),
    totalWidth: SELECT_WIDTH + columns.length * 150 + 276,
    fixedOffsets: new Map(),
    starts,
    fixedCount: 0,
    leadWidth: SELECT_WIDTH,
    showId: false,
    sla: null,
    subject: 'pedido',
  };
  return (
    <div ref={scrollRef} role="grid" aria-label="Registros de Pedido">
      <GridBody
        rows={editing.rows}
        scrollRef={scrollRef}
        initialOffset={0}
        viewportHeight={480}
        layout={layout}
        rowStates={editing.rowStates}
        selected={new Set()}
        editing={editing.editing}
        newRows={editing.newRows}
        api={editing.rowApi}
      />
      {syncDialog}
    </div>
  );
}

async function renderGrid() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The editors' code is fetched ahead, as the grid does on its first focus.
  await loadCellEditing();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <Grid />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return user;
}

/** A record's cell of one attribute: its column comes after the selection's (no id column). */
const cell = (talkId: number, attributeId: number) =>
  document.querySelector<HTMLElement>(
    `[role="row"][data-talk-id="${talkId}"] [role="gridcell"][aria-colindex="${attributeId + 1}"]`,
  ) as HTMLElement;

function focusCell(talkId: number, attributeId: number) {
  act(() => cell(talkId, attributeId).focus());
}

/** The PUTs the grid sent, as the server got them. */
function puts(calls: StubbedCall[]) {
  return calls.filter((c) => c.method === 'PUT').map((c) => c.body);
}

/** A PUT answered with the record saved: version + 1, the values sent. */
function saving(talkId: number) {
  return (call: StubbedCall) => {
    if (call.method !== 'PUT' || call.path !== `/api/talk/pedido/${talkId}`) return undefined;
    const body = call.body as {
      version: number;
      talkValues: { subjectAttributeId: number; value: unknown }[];
    };
    const over = Object.fromEntries(body.talkValues.map((v) => [v.subjectAttributeId, v.value]));
    return { status: 200, body: talkOf(talkId, body.version + 1, over) };
  };
}

const CLIENTS = [
  { id: 31, name: 'Papelaria Central' },
  { id: 32, name: 'Gráfica Norte' },
];

describe('grid cell editing by keyboard (issue 39 item 4)', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the grid is 1,024 × 480 px.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(window.innerWidth);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens on Enter with the focus in the editor and the caret at the end; what is typed at once is saved by Enter', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Título' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect((input as HTMLInputElement).selectionStart).toBe('Pedido de papel'.length);
    await user.keyboard(' A4{Enter}');
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        {
          subject: 'pedido',
          talkId: 7,
          version: 1,
          talkValues: [{ subjectAttributeId: 1, value: 'Pedido de papel A4' }],
        },
      ]),
    );
    // Closed, showing the saved value, with the focus back on the cell.
    await waitFor(() => expect(cell(7, 1).textContent).toBe('Pedido de papel A4'));
    expect(document.activeElement).toBe(cell(7, 1));
  });

  it('opens by typing on the cell, the typed text replacing the value, as in a spreadsheet', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('Novo{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ talkValues: [{ subjectAttributeId: 1, value: 'Novo' }] });
  });

  it('opens on a double click with the focus in the editor', async () => {
    stubFetch();
    const user = await renderGrid();
    await user.dblClick(cell(8, 3));
    const input = await screen.findByRole('textbox', { name: 'Quantidade' });
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('cancels on Esc: nothing is sent, the value is back and the focus is on the cell', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Título' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('{Control>}a{/Control}Descartado{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Título' })).toBeNull());
    expect(cell(7, 1).textContent).toBe('Pedido de papel');
    expect(document.activeElement).toBe(cell(7, 1));
    // Nothing saved, even after the text editor's debounce.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(puts(calls)).toEqual([]);
  });

  it('saves on Tab and moves to the next editable cell (past a read-only one); Shift+Tab goes back', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('Resma{Tab}');
    await waitFor(() => expect(document.activeElement).toBe(cell(7, 3)));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ talkValues: [{ subjectAttributeId: 1, value: 'Resma' }] });
    // Typing at once on the next cell opens it, after the first save is through (its new version).
    await user.keyboard('40{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ version: 2, talkValues: [{ subjectAttributeId: 3, value: 40 }] });
    await waitFor(() => expect(document.activeElement).toBe(cell(7, 1)));
    expect(cell(7, 3).textContent).toBe('40');
  });

  it('keeps what is typed on the next cell while the row is still saving, and the Enter or Tab after it', async () => {
    const calls = stubFetch(saving(7));
    // The first save answers only when the test says so.
    const answer = globalThis.fetch;
    const held = Promise.withResolvers<undefined>();
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held.promise;
      return answer(...args);
    });
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('Resma{Tab}');
    await waitFor(() => expect(document.activeElement).toBe(cell(7, 3)));
    await user.keyboard('40{Tab}');
    expect(puts(calls)).toHaveLength(0);
    act(() => held.resolve(undefined));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ version: 2, talkValues: [{ subjectAttributeId: 3, value: 40 }] });
    // Saved, and the focus on the cell after it.
    await waitFor(() => expect(document.activeElement).toBe(cell(7, 4)));
    expect(cell(7, 3).textContent).toBe('40');
  });

  it('in a long text, Shift+Enter and Ctrl+Enter make new lines and Enter saves', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 4);
    await user.keyboard('{Enter}');
    const area = await screen.findByRole('textbox', { name: 'Descrição' });
    await waitFor(() => expect(document.activeElement).toBe(area));
    // (user-event types on from its own copy of the text: Ctrl+Enter, which the grid inserts
    // itself, comes last.)
    await user.keyboard('{Shift>}{Enter}{/Shift}segunda{Control>}{Enter}{/Control}');
    expect((area as HTMLTextAreaElement).value).toBe('Primeira linha\nsegunda\n');
    expect(puts(calls)).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      talkValues: [{ subjectAttributeId: 4, value: 'Primeira linha\nsegunda\n' }],
    });
  });

  it('opens a date focused; the typed date is saved by Enter', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 5);
    await user.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Entrega' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('{Control>}a{/Control}{Backspace}25122026{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ talkValues: [{ subjectAttributeId: 5, value: '2026-12-25' }] });
  });

  it('opens a select focused with its list; an option chosen by keyboard is saved by Enter', async () => {
    const calls = stubFetch(
      saving(7),
      on('GET', '/api/SubjectAttribute/related/6', 200, { itens: CLIENTS, totalResults: 2, currentPage: 1 }),
    );
    const user = await renderGrid();
    focusCell(7, 6);
    await user.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Cliente' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await screen.findByRole('option', { name: 'Gráfica Norte' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ talkValues: [{ subjectAttributeId: 6, value: 32 }] });
  });

  it('closes a select on Esc without saving', async () => {
    const calls = stubFetch(
      on('GET', '/api/SubjectAttribute/related/6', 200, { itens: CLIENTS, totalResults: 2, currentPage: 1 }),
    );
    const user = await renderGrid();
    focusCell(7, 6);
    await user.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Cliente' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Cliente' })).toBeNull());
    expect(cell(7, 6).textContent).toBe('Papelaria Central');
    expect(document.activeElement).toBe(cell(7, 6));
    expect(puts(calls)).toEqual([]);
  });

  it('opens yes/no on its chosen option; the arrows choose and Enter saves', async () => {
    const calls = stubFetch(saving(7));
    const user = await renderGrid();
    focusCell(7, 7);
    await user.keyboard('{Enter}');
    const group = await screen.findByRole('radiogroup', { name: 'Urgente' });
    const no = within(group).getByRole('radio', { name: 'Não' });
    await waitFor(() => expect(document.activeElement).toBe(no));
    await user.click(within(group).getByRole('radio', { name: 'Sim' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ talkValues: [{ subjectAttributeId: 7, value: true }] });
  });

  it('keeps the typed value when the server refuses it (a rule), and shows the rule', async () => {
    stubFetch(
      on('PUT', '/api/talk/pedido/7', 422, {
        errors: [{ message: 'O título não pode repetir o de outro pedido.', field: 'titulo' }],
      }),
    );
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('Repetido{Enter}');
    await screen.findByText('O título não pode repetir o de outro pedido.');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Título' }).value).toBe('Repetido');
  });

  it('keeps the typed value when someone else saved the record first (409), and says why', async () => {
    const calls = stubFetch(
      on('PUT', '/api/talk/pedido/7', 409, { errors: [{ message: 'Versão desatualizada.' }] }),
    );
    const user = await renderGrid();
    focusCell(7, 1);
    await user.keyboard('Meu valor{Enter}');
    await screen.findByText(/Outro usuário alterou este registro enquanto você editava/);
    const input = screen.getByRole('textbox', { name: 'Título' });
    expect((input as HTMLInputElement).value).toBe('Meu valor');
    expect(puts(calls)).toHaveLength(1);
  });
});
