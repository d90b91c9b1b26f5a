import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { loadFormRules } from '../slots.ts';
import { fetchContext, fetchFormTemplate, fetchTalk } from '../records-api.ts';

/** How long a record fetched ahead of a click stays fresh: the click usually follows within a second. */
const AHEAD_MS = 10_000;

let viewsLoading: Promise<unknown> | undefined;

/**
 * The code a record's view needs (its form, editors, rules, the views switch, related records),
 * fetched once the browser is idle after a grid is shown: opening a record then waits for its data
 * only, not for one chunk after another (issue 36 item 5).
 */
export function preloadRecordViewCode(): Promise<unknown> {
  viewsLoading ??= Promise.all([
    import('../view/RecordView.tsx'),
    import('../form/RecordForm.tsx'),
    import('../RecordViews.tsx'),
    import('../related/RelatedRecords.tsx'),
    loadFormRules(),
  ]).catch(() => {
    viewsLoading = undefined;
  });
  return viewsLoading;
}

const idle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
};

/**
 * While a subject's grid is shown: once idle, its record views' code and the record context
 * (with its edition form's template) are fetched ahead; a row pointed at or focused has its record
 * fetched ahead, so the click that opens it finds everything in the cache.
 */
export function useRecordPreload(
  scrollRef: RefObject<HTMLElement | null>,
  subject: string,
  ready: boolean,
): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!ready) return;
    return idle(() => {
      void preloadRecordViewCode();
      // The key the record route asks for when opened from the grid (no template in its URL).
      void queryClient
        .query({
          queryKey: ['context', 'talk', subject, undefined],
          queryFn: ({ signal }) => fetchContext('talk', subject, undefined, signal),
          staleTime: 30_000,
        })
        .then((context) =>
          queryClient.query({
            queryKey: ['form-template', context.contextId, false],
            queryFn: ({ signal }) => fetchFormTemplate(context.contextId, false, signal),
            staleTime: 60_000,
          }),
        )
        .catch(() => undefined);
    });
  }, [queryClient, subject, ready]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready) return;
    const ahead = (event: Event) => {
      const row = (event.target as Element | null)?.closest('[data-talk-id]');
      const talkId = Number(row?.getAttribute('data-talk-id'));
      if (!Number.isInteger(talkId) || talkId <= 0) return;
      queryClient
        .query({
          queryKey: ['talk', subject, talkId],
          queryFn: ({ signal }) => fetchTalk(subject, talkId, signal),
          staleTime: AHEAD_MS,
        })
        .catch(() => undefined);
    };
    // A record is opened from its row's link: pointed at first with a mouse, focused with a keyboard.
    const onPointer = (event: Event) => {
      if ((event.target as Element | null)?.closest('a[href]')) ahead(event);
    };
    element.addEventListener('pointerover', onPointer);
    element.addEventListener('focusin', ahead);
    return () => {
      element.removeEventListener('pointerover', onPointer);
      element.removeEventListener('focusin', ahead);
    };
  }, [queryClient, scrollRef, subject, ready]);
}
