import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@talkbase/domain/contracts/search';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { SearchPage } from './SearchPage.tsx';

const ticket = (talkId: number, title: string, description?: string): SearchResult => ({
  talkId,
  subject: 'chamado',
  subjectName: 'Chamado',
  talkValues: [
    { value: title, subjectAttributeId: 1, attributeName: 'Título' },
    ...(description ? [{ value: description, subjectAttributeId: 2, attributeName: 'Descrição' }] : []),
  ],
});

/** A search server with 12 tickets and one client; answers pages by `page` and `fetch`. */
function fakeServer(fail = false) {
  const all: SearchResult[] = [
    ticket(1, 'Impressora parada', 'Desde a última atualização <b>não</b> imprime.'),
    ...Array.from({ length: 11 }, (_, i) => ticket(i + 2, `Atualização do módulo ${i + 2}`)),
    {
      talkId: 1,
      subject: 'cliente',
      subjectName: 'Cliente',
      talkValues: [{ value: 'Atualizações Ltda', subjectAttributeId: 9, attributeName: 'Nome' }],
    },
  ];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      if (fail) return Promise.resolve(new Response('{"errors":[{"message":"x"}]}', { status: 500 }));
      if (url.pathname !== '/api/search')
        return Promise.resolve(new Response('{"errors":[{"message":"x"}]}', { status: 404 }));
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('fetch'));
      const found = url.searchParams.get('q') === 'nada' ? [] : all;
      const body = {
        itens: found.slice((page - 1) * size, page * size),
        totalResults: found.length,
        currentPage: page,
      };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return asked;
}

function renderAt(path: string) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <SearchPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search results screen', () => {
  it('groups results under the subject name, labels values and marks the matched words as text', async () => {
    const asked = fakeServer();
    const { container } = renderAt('/search/?q=ultima%20atualizacao&subj=chamado');
    const group = await screen.findByRole('region', { name: 'Chamado' });
    expect(asked[0]).toBe('/api/search?q=ultima+atualizacao&page=1&fetch=10&subj=chamado');
    const first = within(group).getByRole('button', { name: /^#1 / });
    expect(first.textContent).toContain('Descrição: Desde a última atualização <b>não</b> imprime.');
    // The accented words match the unaccented term; the value's markup stays text.
    const marks = [...first.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['última', 'atualização']);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('13 resultados')).toBeTruthy();
    // 10 per page by default: the client is on page 2.
    expect(screen.queryByRole('region', { name: 'Cliente' })).toBeNull();
  });

  it('pages with 10, 25, 50, 100, 200 and 500 per page', { timeout: 15_000 }, async () => {
    const asked = fakeServer();
    const user = userEvent.setup();
    renderAt('/search/?q=atualizacao');
    await screen.findByRole('region', { name: 'Chamado' });
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    const client = await screen.findByRole('region', { name: 'Cliente' });
    expect(within(client).getByRole('button', { name: /^#1 / })).toBeTruthy();
    expect(asked.at(-1)).toBe('/api/search?q=atualizacao&page=2&fetch=10');

    await user.click(screen.getByRole('combobox', { name: 'Resultados por página' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '25', '50', '100', '200', '500']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => {
      expect(asked.at(-1)).toBe('/api/search?q=atualizacao&page=1&fetch=25');
    });
    expect(await screen.findAllByRole('button', { name: /^#\d+ / })).toHaveLength(13);
  });

  it('opens a result in the Resultado da Busca modal', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderAt('/search/?q=impressora');
    await user.click(await screen.findByRole('button', { name: /^#1 / }));
    expect(await screen.findByRole('dialog', { name: 'Resultado da Busca' })).toBeTruthy();
  });

  it('shows the empty, no-term and error states', async () => {
    fakeServer();
    const empty = renderAt('/search/?q=nada');
    expect(await screen.findByText('Nenhum resultado encontrado para "nada".')).toBeTruthy();
    empty.unmount();
    const none = renderAt('/search/');
    expect(screen.getByText('Digite um termo para buscar em todos os registros.')).toBeTruthy();
    none.unmount();
    vi.unstubAllGlobals();
    fakeServer(true);
    renderAt('/search/?q=rede');
    expect(await screen.findByText('Ocorreu um erro ao buscar. Por favor, tente novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
