import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { notify } from '../notices/notices-store.ts';
import { recordsText } from '../../i18n/records.ts';

const text = recordsText;

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
    <Modal
      opened={messages !== null}
      onClose={close}
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
        <Button onClick={close} color="red" variant="light">
          {text.modals.ok}
        </Button>
      </Group>
    </Modal>
  );
  return [dialog, show];
}
