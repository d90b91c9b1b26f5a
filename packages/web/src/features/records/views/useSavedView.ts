// Types only: the contract's zod schemas would weigh on the grid's first load (ViewSwitch uses this).
import type {
  SavedSubjectView,
  SavedViewEntry,
  SavedViews,
  SaveSubjectViewBody,
} from '@talkbase/domain/contracts/saved-views';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../api/client.ts';

export type { SavedSubjectView };

/** The contract's `savedViewsPath`. */
const savedViewsPath = '/api/account/preferences/views';

export const savedViewsKey = ['account', 'preferences', 'views'] as const;

export function fetchSavedViews(signal?: AbortSignal): Promise<SavedViews> {
  return apiRequest<SavedViews>(savedViewsPath, signal ? { signal } : {});
}

export function saveSubjectView(subject: string, body: SaveSubjectViewBody): Promise<SavedSubjectView> {
  return apiRequest<SavedSubjectView>(`${savedViewsPath}/${encodeURIComponent(subject)}`, {
    method: 'PUT',
    body,
  });
}

const EMPTY: SavedSubjectView = { view: 'grid', boardBy: null, calendarBy: null };

/**
 * The account's saved view of a subject (issue 38 item 5): the last of list, board or calendar, and the
 * board's and calendar's attributes. `view` is undefined until loaded (or when it could not be read);
 * `save` changes the cache at once and keeps the change on the server (a failure only loses the memory).
 */
export function useSavedView(subject: string): {
  view: SavedSubjectView | undefined;
  save: (change: Partial<SavedSubjectView>) => void;
} {
  const client = useQueryClient();
  const key = subject.toLowerCase();
  const query = useQuery({
    queryKey: savedViewsKey,
    queryFn: ({ signal }) => fetchSavedViews(signal),
    staleTime: Infinity,
    retry: false,
  });
  const entry = query.data?.views.find((v) => v.subject === key);
  // Unreadable (offline, an error): the defaults, so that no screen waits for it.
  const view: SavedSubjectView | undefined = entry
    ? { view: entry.view, boardBy: entry.boardBy, calendarBy: entry.calendarBy }
    : query.data || query.isError
      ? EMPTY
      : undefined;

  const save = useCallback(
    (change: Partial<SavedSubjectView>) => {
      const current = client.getQueryData<SavedViews>(savedViewsKey);
      const before = current?.views.find((v) => v.subject === key) ?? { ...EMPTY, subject: key };
      const next = { ...before, ...change, subject: key };
      // Nothing new (the defaults count as saved): no call.
      if (
        current &&
        next.view === before.view &&
        next.boardBy === before.boardBy &&
        next.calendarBy === before.calendarBy
      )
        return;
      if (current)
        client.setQueryData<SavedViews>(savedViewsKey, {
          views: [...current.views.filter((v) => v.subject !== key), next],
        });
      const body: SaveSubjectViewBody = {};
      if (change.view !== undefined) body.view = change.view;
      if (change.boardBy !== undefined) body.boardBy = change.boardBy;
      if (change.calendarBy !== undefined) body.calendarBy = change.calendarBy;
      if (Object.keys(body).length === 0) return;
      saveSubjectView(key, body).catch(() => {
        // The choice stays in this browser's cache; the next save tries again.
      });
    },
    [client, key],
  );
  return { view, save };
}

/** Every saved view of the account (the records menu opens each subject in its last view). */
export function useSavedViews(): readonly SavedViewEntry[] {
  const query = useQuery({
    queryKey: savedViewsKey,
    queryFn: ({ signal }) => fetchSavedViews(signal),
    staleTime: Infinity,
    retry: false,
  });
  return query.data?.views ?? [];
}
