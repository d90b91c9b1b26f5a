import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders } from '../../../fields/test-utils.tsx';
import { GridBody, SELECT_WIDTH, type GridLayout, type GridRow, type RowApi } from './GridBody.tsx';
import type { GridColumn } from './grid-columns.ts';
import { columnWindow } from './useColumnWindow.ts';

const ID_WIDTH = 90;
const WIDTH = 150;

/** `count` text columns of 150 px, the first `fixed` of them fixed, laid out as RecordsGrid does. */
function layoutOf(count: number, fixed = 0): GridLayout {
  const columns: GridColumn[] = Array.from({ length: count }, (_, i) => ({
    key: `c${i}`,
    attribute: contextAttribute({ subjectAttributeId: i + 1, identifier: `f${i}`, name: `Campo ${i}` }),
    label: `Campo ${i}`,
    width: WIDTH,
    fixed: i < fixed,
    orderable: false,
  }));
  const lead = SELECT_WIDTH + ID_WIDTH;
  const starts = columns.map((_, i) => lead + i * WIDTH);
  const fixedOffsets = new Map(columns.slice(0, fixed).map((c, i) => [c.key, starts[i] ?? 0]));
  return {
    columns,
    template: [SELECT_WIDTH, ID_WIDTH, ...columns.map(() => WIDTH), 180, 96].map((w) => `${w}px`).join(' '),
    totalWidth: lead + count * WIDTH + 180 + 96,
    fixedOffsets,
    starts,
    fixedCount: fixed,
    leadWidth: lead + fixed * WIDTH,
    showId: true,
    sla: null,
    subject: 'chamado',
  };
}

function rowOf(talkId: number, count: number): GridRow {
  const talkValues = Array.from({ length: count }, (_, i) => ({
    subjectAttributeId: i + 1,
    subjectAttributeIdentifier: `f${i}`,
    value: `valor ${talkId}.${i}`,
  }));
  const talk: ApiTalk = {
    talkId,
    subject: 'chamado',
    subjectId: 3,
    isActive: true,
    displayName: `Chamado ${talkId}`,
    isReadOnly: false,
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    updatedBy: null,
    templateId: null,
    tags: [],
    talkValues,
    talkAttachments: [],
  };
  return {
    key: `t${talkId}`,
    talkId,
    isNew: false,
    talk,
    values: new Map(talkValues.map((v) => [v.subjectAttributeId, v.value])),
  };
}

const api: RowApi = {
  canEdit: () => true,
  required: () => false,
  startEdit: vi.fn(),
  queueCommit: () => false,
  cancelEdit: vi.fn(),
  commitSoon: vi.fn(),
  setEditValue: vi.fn(),
  setEditError: vi.fn(),
  setNewValue: vi.fn(),
  setNewError: vi.fn(),
  toggle: vi.fn(),
  saveNewRow: vi.fn(),
  discardRow: vi.fn(),
  edit: vi.fn(),
  linkTo: (talkId) => `/context/talk/chamado/${talkId}`,
};

function Grid({ layout, rows }: { layout: GridLayout; rows: GridRow[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={scrollRef} role="grid" aria-label="Registros" data-testid="scroll">
      <GridBody
        rows={rows}
        scrollRef={scrollRef}
        initialOffset={0}
        viewportHeight={480}
        layout={layout}
        rowStates={new Map()}
        selected={new Set()}
        editing={null}
        newRows={[]}
        api={api}
      />
    </div>
  );
}

function renderGrid(layout: GridLayout, rows: GridRow[]) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={['/context/grid/chamado']}>
        <Routes>
          <Route path="/context/grid/chamado" element={<Grid layout={layout} rows={rows} />} />
          <Route path="/context/talk/chamado/:talkId" element={<p>registro aberto</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

const cellsOf = (talkId: number) =>
  within(
    document.querySelector<HTMLElement>(`[role="row"][data-talk-id="${talkId}"]`) as HTMLElement,
  ).getAllByRole('gridcell');
const colIndexes = (cells: HTMLElement[]) => cells.map((c) => Number(c.getAttribute('aria-colindex')));

describe('columnWindow', () => {
  const layout = layoutOf(20);

  it('keeps the columns in view and two more on each side', () => {
    // 1,000 px from the left edge: select and id take 134, columns 0–5 show (0–7 with the margin).
    expect(columnWindow(layout, 0, 1000)).toEqual({ first: 0, last: 7 });
    // Scrolled 1,500 px: columns 10–15 show under the fixed select and id.
    expect(columnWindow(layout, 1500, 1000)).toEqual({ first: 8, last: 17 });
    // At the right end: the last columns.
    expect(columnWindow(layout, layout.totalWidth - 1000, 1000)).toEqual({ first: 14, last: 19 });
  });

  it('counts the fixed columns in what stays at the left edge, and draws them apart', () => {
    const fixed = layoutOf(20, 2);
    expect(columnWindow(fixed, 1500, 1000)).toEqual({ first: 10, last: 17 });
    expect(columnWindow(fixed, 0, 1000)).toEqual({ first: 2, last: 7 });
  });

  it('is empty when every column is fixed', () => {
    expect(columnWindow(layoutOf(3, 3), 0, 1000)).toEqual({ first: 3, last: 2 });
  });
});

describe('GridBody', () => {
  // jsdom lays nothing out: the grid is 1,024 × 480 px (the window's width, as the first render assumes).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(window.innerWidth);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws the columns in view, each cell with its column index', () => {
    const layout = layoutOf(20);
    renderGrid(layout, [rowOf(7, 20), rowOf(8, 20)]);
    const cells = cellsOf(7);
    // Select, id, columns 0–7 (1,024 px wide), tags, actions.
    expect(colIndexes(cells)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 23, 24]);
    // Tags come after skipped columns: placed on their own grid line.
    expect(cells[10]?.style.gridColumnStart).toBe('23');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('puts the SLA column after the id, fixed at the left edge, and moves the data columns one on', () => {
    const layout = { ...layoutOf(3), sla: SELECT_WIDTH + ID_WIDTH };
    renderGrid(layout, [rowOf(7, 3)]);
    const cells = cellsOf(7);
    expect(colIndexes(cells)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cells[2]?.classList.contains('grid-sla')).toBe(true);
    expect(cells[2]?.classList.contains('grid-fixed')).toBe(true);
    expect(cells[2]?.style.left).toBe(`${SELECT_WIDTH + ID_WIDTH}px`);
    expect(cells[3]?.textContent).toBe('valor 7.0');
  });

  it('follows the horizontal scroll', () => {
    const layout = layoutOf(20);
    renderGrid(layout, [rowOf(7, 20)]);
    const scroll = screen.getByTestId('scroll');
    Object.defineProperty(scroll, 'scrollLeft', { value: 1500, configurable: true });
    fireEvent.scroll(scroll);
    const cells = cellsOf(7);
    expect(colIndexes(cells)).toEqual([1, 2, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 23, 24]);
    expect(cells[2]?.style.gridColumnStart).toBe('11');
    expect(cells[2]?.textContent).toBe('valor 7.8');
  });

  it('draws every column of the row holding the focus, so Tab walks all its cells', () => {
    const layout = layoutOf(20);
    renderGrid(layout, [rowOf(7, 20), rowOf(8, 20)]);
    const first = cellsOf(7)[2] as HTMLElement;
    act(() => first.focus());
    expect(colIndexes(cellsOf(7))).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(cellsOf(8)).toHaveLength(12);
    expect(document.activeElement).toBe(first);
  });

  it('opens a record inside the app from its link', () => {
    renderGrid(layoutOf(4), [rowOf(7, 4)]);
    const link = screen.getByRole('link', { name: 'Abrir o registro 7' });
    expect(link.getAttribute('href')).toBe('/context/talk/chamado/7');
    fireEvent.click(link);
    expect(screen.getByText('registro aberto')).toBeTruthy();
  });
});
