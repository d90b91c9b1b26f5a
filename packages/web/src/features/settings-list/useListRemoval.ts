import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notify, type NoticeInput } from '../notices/notices-store.ts';
import type { ListPaging } from './useListPaging.ts';
import { pageAfterRemoval } from './page-after-removal.ts';

/**
 * Where a failed removal is told: in a notice once the confirmation closes (an error kept 10 s
 * unless `notice` says otherwise), or in the confirmation, which stays open (`inDialog`).
 */
export type RemovalFailure = { notice: (err: Error) => NoticeInput } | { inDialog: (err: Error) => string };

export interface ListRemoval<T> {
  /** The item waiting for confirmation. */
  removing: T | null;
  /** Asks to confirm the removal of `item`. */
  ask: (item: T) => void;
  /** The failure shown in the confirmation (`inDialog`). */
  error: string | null;
  /** For the confirmation dialog: it cannot be closed while the removal runs, unless `closesWhileBusy`. */
  confirmProps: { opened: boolean; busy: boolean; onConfirm: () => void; onClose: () => void };
}

/**
 * The delete flow of a settings list: confirm, remove, say so, reload the list (`reload`: the
 * query keys to invalidate), and go back one page when the removal empties a later page (001 §4).
 */
export function useListRemoval<T>(options: {
  remove: (item: T) => Promise<unknown>;
  removedTitle: (item: T) => string;
  reload: readonly QueryKey[];
  paging: Pick<ListPaging, 'setPage'>;
  /** The list's page as shown before the removal. */
  list: { data?: { itens: readonly unknown[] } | undefined };
  failure: RemovalFailure;
  /** Escape and the close button close the confirmation even while the removal runs (the access profiles). */
  closesWhileBusy?: boolean;
}): ListRemoval<T> {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { failure, paging } = options;
  const rowsOnPage = options.list.data?.itens.length ?? 0;
  const mutation = useMutation({
    mutationFn: options.remove,
    onSuccess: async (_, item) => {
      setRemoving(null);
      notify({ kind: 'success', title: options.removedTitle(item) });
      paging.setPage((page) => pageAfterRemoval(page, rowsOnPage));
      await Promise.all(options.reload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (err) => {
      if ('inDialog' in failure) {
        setError(failure.inDialog(err));
        return;
      }
      setRemoving(null);
      notify({ kind: 'error', durationMs: 10_000, ...failure.notice(err) });
    },
  });
  return {
    removing,
    ask: (item) => {
      setError(null);
      setRemoving(item);
    },
    error,
    confirmProps: {
      opened: removing !== null,
      busy: mutation.isPending,
      onConfirm: () => {
        if (removing !== null) mutation.mutate(removing);
      },
      onClose: () => {
        if (options.closesWhileBusy || !mutation.isPending) setRemoving(null);
      },
    },
  };
}

/** The server's reason for refusing a removal (a 4xx), or nothing when it failed otherwise. */
export function refusalMessage(err: Error): string | undefined {
  return err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
}

/** A failure told in a notice: the server's reason for refusing, or `fallback`. */
export function refusalNotice(fallback: string): RemovalFailure {
  return { notice: (err) => ({ title: refusalMessage(err) ?? fallback }) };
}
