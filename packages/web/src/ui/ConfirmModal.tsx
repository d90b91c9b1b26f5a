import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/pt-BR.ts';

/** A confirmation (spec 002 §2: size 480; Escape closes it without doing anything). */
export function ConfirmModal(props: {
  opened: boolean;
  title?: string | undefined;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size={480}
      closeOnEscape
      centered
      closeButtonProps={{ 'aria-label': t.confirm.close }}
    >
      <Text>{props.children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={props.busy}>
          {props.cancelLabel ?? t.confirm.cancel}
        </Button>
        <Button
          color={props.danger ? 'red.9' : undefined}
          onClick={props.onConfirm}
          loading={props.busy}
          data-autofocus
        >
          {props.confirmLabel ?? t.confirm.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
