import { Modal } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { recordsText } from '../../../i18n/records.ts';
import { RecordForm, type RecordParent } from '../form/RecordForm.tsx';

/**
 * "Novo" of a "Relacionados" tab: the child subject's registration form (the template related to
 * its grid's, TalkModalCompanyCreate, when there is one), with the parent record already set.
 */
export function RelatedNewModal({
  context,
  parent,
  opened,
  title,
  onClose,
}: {
  context: ContextResponse;
  parent: RecordParent;
  opened: boolean;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={1080}
      title={title}
      closeButtonProps={{ 'aria-label': recordsText.modals.close }}
    >
      <RecordForm context={context} talkId={0} parent={parent} onCancel={onClose} onSaved={onClose} />
    </Modal>
  );
}
