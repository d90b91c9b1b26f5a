import { Button, Group, List, Modal, Text } from '@mantine/core';
import { recordsText } from '../../i18n/records.ts';

const text = recordsText;

/** The red dialog of a failed save (feedback.tsx `useSyncErrorDialog`). */
export function SyncErrorDialog({
  messages,
  ready,
  onClose,
}: {
  /** The server's messages; null while closed. */
  messages: string[] | null;
  /** False while the dialog mounts closed (ui/DeferredDialog.tsx). */
  ready: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={ready && messages !== null}
      onClose={onClose}
      size={480}
      title={
        <Text c="red" fw={700}>
          {messages && messages.length > 0 ? text.messages.syncFailures : text.messages.syncTitle}
        </Text>
      }
      withCloseButton
      closeButtonProps={{ 'aria-label': text.modals.close }}
    >
      <div role="alert">
        {messages && messages.length > 0 ? (
          <List c="red" spacing={4}>
            {messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        ) : (
          <Text c="red">{text.messages.syncError}</Text>
        )}
      </div>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} color="red" variant="light">
          {text.modals.ok}
        </Button>
      </Group>
    </Modal>
  );
}
