import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A removal confirmation (002 §2: size 480; Escape closes it). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      size={480}
      title={props.title}
      withCloseButton={false}
      centered
    >
      <Text>{props.message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button color="red" onClick={props.onConfirm} data-autofocus>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
