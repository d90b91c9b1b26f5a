import { Button, Group, Modal, Text } from '@mantine/core';
import type { RelatedTalk } from '@talkbase/domain/contracts/talks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { contextPath } from '../context-route.ts';
import { notifyError, notifySuccess } from '../feedback.tsx';
import { deleteTalks, relatedTalksOf, setTalksActive } from '../records-api.ts';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;

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
    <>
      <ConfirmModal
        opened={confirming !== null}
        title={
          confirming?.kind === 'delete'
            ? text.modals.deleteTitle
            : confirming?.kind === 'activate'
              ? text.modals.activateTitle
              : text.modals.deactivateTitle
        }
        danger={confirming?.kind === 'delete'}
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={() => void run()}
      >
        {confirming
          ? confirming.kind === 'delete'
            ? text.modals.deleteText(confirming.ids.length)
            : confirming.kind === 'activate'
              ? text.modals.activateText(confirming.ids.length)
              : text.modals.deactivateText(confirming.ids.length)
          : ''}
      </ConfirmModal>
      <Modal
        opened={related !== null}
        onClose={() => setPending(null)}
        size={540}
        title={related?.title ?? ''}
        closeButtonProps={{ 'aria-label': text.modals.close }}
      >
        <Text mb="sm">{text.modals.relatedIntro}</Text>
        <ul className="related-list">
          {(related?.related ?? []).map((r) => (
            <li key={`${r.subject}-${r.talkId}-${r.relatedTalkId}`}>
              <Link to={contextPath('talk', r.subject, { talkId: r.talkId })} target="_blank" rel="noopener">
                {text.modals.relatedItem(r.subjectName, r.talkId, r.displayName, r.relatedTalkId)}
              </Link>
            </li>
          ))}
        </ul>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setPending(null)}>{text.modals.ok}</Button>
        </Group>
      </Modal>
    </>
  );

  return { ask: (kind, ids) => setPending({ kind, ids }), busy, modals };
}
