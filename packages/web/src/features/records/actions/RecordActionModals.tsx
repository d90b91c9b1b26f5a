import { Button, Group, Modal, Text } from '@mantine/core';
import type { RelatedTalk } from '@talkbase/domain/contracts/talks';
import { Link } from 'react-router';
import { recordsText } from '../../../i18n/records.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { contextPath } from '../context-route.ts';
import type { RecordAction } from './useRecordActions.tsx';

const text = recordsText;

export interface RecordActionModalsProps {
  confirming: { kind: RecordAction; ids: number[] } | null;
  related: { title: string; related: RelatedTalk[] } | null;
  busy: boolean;
  /** False while the modals mount closed (ui/DeferredDialog.tsx). */
  ready: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The confirmation of a delete, activate or deactivate, and the records that block a delete. */
export function RecordActionModals({
  confirming,
  related,
  busy,
  ready,
  onClose,
  onConfirm,
}: RecordActionModalsProps) {
  return (
    <>
      <ConfirmModal
        opened={ready && confirming !== null}
        title={
          confirming?.kind === 'delete'
            ? text.modals.deleteTitle
            : confirming?.kind === 'activate'
              ? text.modals.activateTitle
              : text.modals.deactivateTitle
        }
        danger={confirming?.kind === 'delete'}
        busy={busy}
        onClose={onClose}
        onConfirm={onConfirm}
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
        opened={ready && related !== null}
        onClose={onClose}
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
          <Button onClick={onClose}>{text.modals.ok}</Button>
        </Group>
      </Modal>
    </>
  );
}
