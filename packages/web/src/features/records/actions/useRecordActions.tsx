import type { RelatedTalk } from '@talkbase/domain/contracts/talks';
import { lazy, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client.ts';
import { DeferredDialog } from '../../../ui/DeferredDialog.tsx';
import { notifyError, notifySuccess } from '../feedback.tsx';
import { deleteTalks, relatedTalksOf, setTalksActive } from '../records-api.ts';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;

// The modals load the first time one opens, not with the grid or the record (issue 18).
const RecordActionModals = lazy(() =>
  import('./RecordActionModals.tsx').then((m) => ({ default: m.RecordActionModals })),
);

export type RecordAction = 'delete' | 'deactivate' | 'activate';

type Pending =
  { kind: RecordAction; ids: number[] } | { kind: 'related'; title: string; related: RelatedTalk[] } | null;

export interface RecordActions {
  /** Opens the confirmation of an action on these records. */
  ask: (kind: RecordAction, ids: number[]) => void;
  busy: boolean;
  /** The confirmation and related-records modals (render them once). */
  modals: ReactNode;
}

/**
 * Delete, activate and deactivate of records with their confirmations (002 §2 "Modals", §8), for
 * the grid's selection and for one record's own views alike: the batch calls, the success notice,
 * and on a refused delete (422/403) the modal listing the records that point to them. `onDone`
 * runs after a success (the screen updates its lists).
 */
export function useRecordActions(
  subject: string,
  onDone: (kind: RecordAction, ids: number[]) => void | Promise<void>,
): RecordActions {
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending || pending.kind === 'related') return;
    setBusy(true);
    const { kind, ids } = pending;
    try {
      if (kind === 'delete') {
        await deleteTalks(subject, ids);
        notifySuccess(text.messages.deleted);
      } else {
        await setTalksActive(subject, ids, kind === 'activate');
        notifySuccess(kind === 'activate' ? text.messages.activated : text.messages.deactivated);
      }
      setPending(null);
      await onDone(kind, ids);
    } catch (err) {
      if (kind === 'delete' && err instanceof ApiError && (err.status === 422 || err.status === 403)) {
        const first = err.errors[0]?.message;
        setPending({
          kind: 'related',
          title: err.status === 403 ? text.modals.cannotDeleteTitle : text.modals.relatedTitle,
          related: relatedTalksOf(err.extra),
        });
        notifyError(err.status === 422 ? text.messages.deleteRelated : (first ?? text.messages.deleteError));
      } else {
        setPending(null);
        notifyError(kind === 'delete' ? text.messages.deleteError : text.messages.activeError);
      }
    } finally {
      setBusy(false);
    }
  };

  const confirming = pending !== null && pending.kind !== 'related' ? pending : null;
  const related = pending?.kind === 'related' ? pending : null;
  const modals = (
    <DeferredDialog open={pending !== null}>
      {(ready) => (
        <RecordActionModals
          confirming={confirming}
          related={related}
          busy={busy}
          ready={ready}
          onClose={() => setPending(null)}
          onConfirm={() => void run()}
        />
      )}
    </DeferredDialog>
  );

  return { ask: (kind, ids) => setPending({ kind, ids }), busy, modals };
}
