import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { getNotices } from '../notices/notices-store.ts';
import { refusalNotice, useListRemoval, type RemovalFailure } from './useListRemoval.ts';

interface Item {
  id: number;
  name: string;
}
const item: Item = { id: 7, name: 'Urgente' };

function setup(options: {
  remove: (i: Item) => Promise<unknown>;
  failure?: RemovalFailure;
  rowsOnPage?: number;
  closesWhileBusy?: boolean;
}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  let page = 2;
  const setPage = (next: number | ((p: number) => number)) => {
    page = typeof next === 'function' ? next(page) : next;
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () =>
      useListRemoval<Item>({
        remove: options.remove,
        removedTitle: (i) => `${i.name} removida`,
        reload: [['things'], ['other-things']],
        paging: { setPage },
        list: { data: { itens: Array.from({ length: options.rowsOnPage ?? 1 }) } },
        failure: options.failure ?? refusalNotice('Falhou'),
        closesWhileBusy: options.closesWhileBusy ?? false,
      }),
    { wrapper },
  );
  return { view, invalidate, page: () => page };
}

describe('useListRemoval', () => {
  it('asks, removes the item, says so, reloads and steps back from the page it emptied', async () => {
    const remove = vi.fn((_: Item) => Promise.resolve());
    const { view, invalidate, page } = setup({ remove });
    expect(view.result.current.confirmProps.opened).toBe(false);
    act(() => view.result.current.ask(item));
    expect(view.result.current.confirmProps.opened).toBe(true);
    act(() => view.result.current.confirmProps.onConfirm());
    await waitFor(() => expect(view.result.current.confirmProps.opened).toBe(false));
    expect(remove.mock.calls[0]?.[0]).toBe(item);
    expect(getNotices().map((n) => [n.kind, n.title])).toEqual([['success', 'Urgente removida']]);
    expect(page()).toBe(1);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['things'],
      ['other-things'],
    ]);
  });

  it('stays on the page while other rows are left', async () => {
    const { view, page } = setup({ remove: () => Promise.resolve(), rowsOnPage: 3 });
    act(() => view.result.current.ask(item));
    act(() => view.result.current.confirmProps.onConfirm());
    await waitFor(() => expect(view.result.current.confirmProps.opened).toBe(false));
    expect(page()).toBe(2);
  });

  it('cannot be closed while the removal runs, unless closesWhileBusy', async () => {
    for (const closesWhileBusy of [false, true]) {
      let finish: () => void = () => undefined;
      const remove = () => new Promise<void>((resolve) => (finish = resolve));
      const { view } = setup({ remove, closesWhileBusy });
      act(() => view.result.current.ask(item));
      act(() => view.result.current.confirmProps.onConfirm());
      await waitFor(() => expect(view.result.current.confirmProps.busy).toBe(true));
      act(() => view.result.current.confirmProps.onClose());
      expect(view.result.current.confirmProps.opened).toBe(!closesWhileBusy);
      act(() => finish());
      await waitFor(() => expect(view.result.current.confirmProps.busy).toBe(false));
      view.unmount();
    }
  });

  it("closes and shows the server's refusal as an error notice kept 10 s", async () => {
    const refused = new ApiError(422, [{ message: 'Em uso por uma automação.' }]);
    const { view } = setup({ remove: () => Promise.reject(refused) });
    act(() => view.result.current.ask(item));
    act(() => view.result.current.confirmProps.onConfirm());
    await waitFor(() => expect(view.result.current.confirmProps.opened).toBe(false));
    expect(getNotices().map((n) => [n.kind, n.title, n.durationMs])).toEqual([
      ['error', 'Em uso por uma automação.', 10_000],
    ]);
    expect(view.result.current.error).toBeNull();
  });

  it('falls back to its own text when the server failed', async () => {
    const { view } = setup({ remove: () => Promise.reject(new ApiError(500, [{ message: 'x' }])) });
    act(() => view.result.current.ask(item));
    act(() => view.result.current.confirmProps.onConfirm());
    await waitFor(() => expect(getNotices().map((n) => n.title)).toEqual(['Falhou']));
  });

  it('keeps the confirmation open with the failure in it, cleared when asked again', async () => {
    const { view } = setup({
      remove: () => Promise.reject(new Error('boom')),
      failure: { inDialog: (err) => `Não removido: ${err.message}` },
    });
    act(() => view.result.current.ask(item));
    act(() => view.result.current.confirmProps.onConfirm());
    await waitFor(() => expect(view.result.current.error).toBe('Não removido: boom'));
    expect(view.result.current.confirmProps.opened).toBe(true);
    expect(getNotices()).toEqual([]);
    act(() => view.result.current.ask(item));
    expect(view.result.current.error).toBeNull();
  });
});
