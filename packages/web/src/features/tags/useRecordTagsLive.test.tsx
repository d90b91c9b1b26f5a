import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { dispatchRealtime } from '../realtime/realtime-events.ts';
import { useRecordTagsLive } from './useRecordTagsLive.ts';

const urgente = { id: 1, name: 'Urgente', color: '#E03131' };
const page = (tags: (typeof urgente)[]): PagedTalks =>
  ({ itens: [{ talkId: 7, tags }], totalResults: 1, currentPage: 1 }) as unknown as PagedTalks;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: ((p: PagedTalks) => void)[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useRecordTagsLive('chamado');
      return useQuery({
        queryKey: ['talks', 'chamado', 1],
        queryFn: () => new Promise<PagedTalks>((resolve) => answers.push(resolve)),
      });
    },
    { wrapper },
  );
  const push = () =>
    act(() =>
      dispatchRealtime({
        event: realtimeEvents.talkTag,
        data: { talkId: 7, subject: 'chamado', tags: [urgente], added: [1], removed: [] },
      }),
    );
  return { client, view, answers, push };
}

describe("tags kept current by the server's pushes", () => {
  it('a push that arrives while the page is being fetched is applied to the page that arrives', async () => {
    const { view, answers, push } = setup();
    await waitFor(() => expect(answers).toHaveLength(1));
    // The record is not on any page yet, and the page being fetched was read before the tag.
    push();
    act(() => answers[0]?.(page([])));
    await waitFor(() => expect(view.result.current.data?.itens[0]?.tags).toEqual([urgente]));
  });

  it('a push after the page arrived changes it in place, without fetching again', async () => {
    const { view, answers, push } = setup();
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]?.(page([])));
    await waitFor(() => expect(view.result.current.data?.itens[0]?.tags).toEqual([]));
    push();
    await waitFor(() => expect(view.result.current.data?.itens[0]?.tags).toEqual([urgente]));
    expect(answers).toHaveLength(1);
  });
});
