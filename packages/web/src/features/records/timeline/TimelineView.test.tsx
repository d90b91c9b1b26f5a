import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { TimelineEntry } from '@talkbase/domain/contracts/talks';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders, contextResponse } from '../../../fields/test-utils.tsx';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { TimelineView } from './TimelineView.tsx';

const TIMELINE = '/api/talk/pedido/7/timeline';

function context(attributes: ContextSubjectAttribute[]): ContextResponse {
  return contextResponse(attributes, { scenario: 'timeline' });
}

const attributes = (
  [
    contextAttribute({ subjectAttributeId: 1, identifier: 'titulo', name: 'Título', componentId: 1 }),
    contextAttribute({ subjectAttributeId: 2, identifier: 'pago', name: 'Pago', componentId: 10 }),
    contextAttribute({ subjectAttributeId: 3, identifier: 'entrega', name: 'Entrega', componentId: 11 }),
    contextAttribute({ subjectAttributeId: 4, identifier: 'valor', name: 'Valor', componentId: 5 }),
    contextAttribute({ subjectAttributeId: 5, identifier: 'cliente', name: 'Cliente', componentId: 4 }),
    contextAttribute({
      subjectAttributeId: 6,
      identifier: 'vencimento',
      name: 'Vencimento',
      componentId: 32,
    }),
    contextAttribute({ subjectAttributeId: 7, identifier: 'anexos', name: 'Anexos', componentId: 22 }),
    contextAttribute({ subjectAttributeId: 8, identifier: 'documento', name: 'Documento', componentId: 2 }),
  ] as const
).map((attribute, order) => ({ ...attribute, order }));

let nextId = 1000;
function entry(over: Partial<TimelineEntry>): TimelineEntry {
  return {
    id: nextId--,
    at: '2026-11-23T17:05:00.000Z',
    action: 'updated',
    accountId: 9,
    accountName: 'Ana Souza',
    subjectAttributeId: null,
    attributeName: null,
    oldValue: null,
    newValue: null,
    ...over,
  };
}

function renderTimeline() {
  return render(
    <TestProviders>
      <TimelineView context={context(attributes)} talkId={7} />
    </TestProviders>,
  );
}

/** What a reader gets: the text without the icons' ligature names, spaces collapsed. */
function textOf(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  return copy.textContent.replace(/\s+/g, ' ').trim();
}

function requestedUrls(): string[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
}

describe('timeline view', () => {
  beforeEach(() => {
    nextId = 1000;
    // 17:10 UTC is 14:10 in São Paulo: the entries below happened five minutes before.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T17:10:00.000Z'));
  });

  it('shows each save as one event, newest first, with values in human form and pt-BR dates', async () => {
    stubFetch(
      on('GET', TIMELINE, 200, {
        currentPage: 1,
        itens: [
          entry({ subjectAttributeId: 1, attributeName: 'Título', oldValue: 'Antes', newValue: 'Depois' }),
          entry({ subjectAttributeId: 2, oldValue: '0', newValue: '1' }),
          entry({
            subjectAttributeId: 3,
            oldValue: null,
            newValue: String(Date.parse('2026-12-01T13:30:00Z')),
          }),
          entry({ subjectAttributeId: 4, oldValue: '1234.5', newValue: '99' }),
          entry({ subjectAttributeId: 5, oldValue: 41, newValue: 42, newDisplayValue: 'Beta SA' }),
          entry({ subjectAttributeId: 6, oldValue: '2026-11-30', newValue: null }),
          entry({ subjectAttributeId: 7, oldValue: '["a.pdf"]', newValue: '["a.pdf","b.png"]' }),
          entry({ subjectAttributeId: 8, oldValue: null, newValue: '11222333000181' }),
          entry({
            at: '2026-11-20T12:00:00.000Z',
            action: 'created',
            accountName: 'Bruno Lima',
            subjectAttributeId: 1,
            newValue: 'Antes',
          }),
          entry({ at: '2026-11-20T12:00:00.000Z', action: 'created', accountName: 'Bruno Lima' }),
        ],
      }),
    );
    renderTimeline();
    const list = await screen.findByRole('list', { name: 'Linha do tempo' });
    const events = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(events).toHaveLength(2);

    const [update, creation] = events as [HTMLElement, HTMLElement];
    expect(textOf(update)).toContain('Ana Souza alterou o registro');
    expect(textOf(update)).toContain('23/11/2026 14:05 · há 5 minutos');
    const changes = within(update).getAllByRole('listitem').map(textOf);
    expect(changes).toEqual([
      'Título: Antes para Depois',
      'Pago: Não para Sim',
      'Entrega: (vazio) para 01/12/2026 10:30',
      'Valor: 1.234,50 para 99,00',
      'Cliente: #41 para Beta SA',
      'Vencimento: 30/11/2026 para (vazio)',
      'Anexos: adicionou b.png',
      'Documento: (vazio) para 11.222.333/0001-81',
    ]);

    expect(textOf(creation)).toContain('Bruno Lima criou o registro');
    expect(textOf(creation)).toContain('20/11/2026 09:00 · há 3 dias');
    expect(within(creation).getAllByRole('listitem').map(textOf)).toEqual(['Título: Antes']);
  });

  it('says so when nothing was recorded', async () => {
    stubFetch(on('GET', TIMELINE, 200, { currentPage: 1, itens: [] }));
    renderTimeline();
    expect(await screen.findByText('Nenhuma alteração registrada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('loads 50 rows a page and the next page on "Carregar mais"', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 50 }, (_, i) =>
      entry({
        at: new Date(Date.UTC(2026, 10, 23, 17, 0, 0) - i * 60_000).toISOString(),
        subjectAttributeId: 1,
        oldValue: `v${i + 1}`,
        newValue: `v${i}`,
      }),
    );
    const older = entry({
      at: '2026-01-02T12:00:00.000Z',
      action: 'deactivated',
      accountName: null,
      accountId: null,
    });
    let page = 0;
    stubFetch((call) =>
      call.path === TIMELINE
        ? { status: 200, body: { currentPage: ++page, itens: page === 1 ? first : [older] } }
        : undefined,
    );
    renderTimeline();
    const more = await screen.findByRole('button', { name: 'Carregar mais' });
    expect(requestedUrls()[0]).toContain('page=1&fetch=50');
    expect(screen.queryByText('Sistema desativou o registro')).toBeNull();

    await user.click(more);
    expect(await screen.findByText('Sistema desativou o registro')).toBeTruthy();
    expect(requestedUrls()[1]).toContain('page=2&fetch=50');
    expect(screen.getByText(/02\/01\/2026 09:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch((call) =>
      call.path !== TIMELINE
        ? undefined
        : fail
          ? { status: 500, body: { errors: [{ message: 'Falha no servidor.' }] } }
          : { status: 200, body: { currentPage: 1, itens: [entry({ action: 'activated' })] } },
    );
    renderTimeline();
    expect(textOf(await screen.findByRole('alert'))).toContain('Falha no servidor.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ana Souza ativou o registro')).toBeTruthy();
  });
});
