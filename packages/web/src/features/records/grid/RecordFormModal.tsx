import { Modal } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { recordsText } from '../../../i18n/records.ts';
import { RecordForm, type RecordPreset } from '../form/RecordForm.tsx';
// A saved filter's own form: its subject is a choice, not a field (this modal loads lazily already).
import { SavedFilterEditor } from '../../filters/SavedFilterEditor.tsx';

const text = recordsText;

/** The grid's 'Editar' and new-record modal: the record's form (002 §2 "Modals"). */
export function RecordFormModal({
  context,
  modal,
  ready,
  onClose,
  preset,
}: {
  context: ContextResponse;
  /** The record edited (0: a new one); null while closed. */
  modal: { talkId: number } | null;
  /** False while the modal mounts closed (ui/DeferredDialog.tsx). */
  ready: boolean;
  onClose: () => void;
  /** A new record's preset value (a board column's "+"). */
  preset?: RecordPreset | undefined;
}) {
  return (
    <Modal
      opened={ready && modal !== null}
      onClose={onClose}
      size={1080}
      title={
        modal && modal.talkId > 0
          ? text.modals.editTitle(modal.talkId)
          : text.modals.newTitle(context.subject.subjectName)
      }
    >
      {modal && context.subject.subjectIdentifier.toLowerCase() === 'filtro' && (
        <SavedFilterEditor talkId={modal.talkId} onCancel={onClose} onSaved={onClose} />
      )}
      {modal && context.subject.subjectIdentifier.toLowerCase() !== 'filtro' && (
        <RecordForm
          context={context}
          talkId={modal.talkId}
          onCancel={onClose}
          onSaved={onClose}
          onDeleted={onClose}
          preset={preset}
        />
      )}
    </Modal>
  );
}
