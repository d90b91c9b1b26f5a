import { lazy, useCallback, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { notify } from '../notices/notices-store.ts';
import { DeferredDialog } from '../../ui/DeferredDialog.tsx';

// The dialog loads the first time a save fails, not with the grid or the form (issue 18).
const SyncErrorDialog = lazy(() =>
  import('./SyncErrorDialog.tsx').then((m) => ({ default: m.SyncErrorDialog })),
);

/** The messages of a failed save, as the red dialog lists them (002 §8 "Server error lists"). */
export function failureMessages(err: unknown): string[] {
  if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
    return [...new Set(err.errors.map((e) => e.message).filter(Boolean))];
  }
  return [];
}

export function notifySuccess(message: string): void {
  notify({ kind: 'success', title: message });
}

export function notifyError(message: string): void {
  notify({ kind: 'error', title: message, durationMs: 10_000 });
}

/**
 * The red dialog of 002 §8: 'As seguintes falhas aconteceram durante a sincronização dos dados:'
 * with the server's list, or 'Ocorreu um erro na sincronização dos dados…' when there is none.
 * Returns the dialog to render and the function that opens it with an error.
 */
export function useSyncErrorDialog(): [ReactNode, (err: unknown) => void] {
  const [messages, setMessages] = useState<string[] | null>(null);
  const show = useCallback((err: unknown) => setMessages(failureMessages(err)), []);
  const close = () => setMessages(null);
  const dialog = (
    <DeferredDialog open={messages !== null}>
      {(ready) => <SyncErrorDialog messages={messages} ready={ready} onClose={close} />}
    </DeferredDialog>
  );
  return [dialog, show];
}
