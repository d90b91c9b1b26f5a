import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { notificationsText } from '../../i18n/notifications.ts';
import type { BrowserPushState } from './browser-push.ts';

const text = notificationsText.browserPush;

/**
 * Under the own profile's matrix: how browser notifications (channel 3) stand on this browser —
 * an offer to allow them when the account wants them and the browser has not allowed them yet,
 * the wait for the browser's answer, and its outcome.
 */
export function BrowserPushNotice({
  wanted,
  state,
  permission,
  onEnable,
}: {
  wanted: boolean;
  state: BrowserPushState | 'pending' | null;
  /** The browser's notification permission now, or null when it has no notifications. */
  permission: NotificationPermission | null;
  onEnable: () => void;
}) {
  if (state === 'pending')
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{text.pending}</Text>
      </Group>
    );
  if (state === 'subscribed')
    return (
      <Alert color="green" role="status" data-testid="browser-push-state">
        {text.subscribed}
      </Alert>
    );
  if (state === 'denied' || state === 'unsupported')
    return (
      <Alert color="yellow" role="status" data-testid="browser-push-state">
        {text[state]}
      </Alert>
    );
  if (state === 'failed')
    return (
      <Alert color="red" role="alert" data-testid="browser-push-state">
        <Group justify="space-between" gap="sm">
          <span>{text.failed}</span>
          <Button size="xs" variant="light" color="red" onClick={onEnable}>
            {text.retry}
          </Button>
        </Group>
      </Alert>
    );
  if (!wanted || permission === null || permission === 'granted') return null;
  if (permission === 'denied')
    return (
      <Alert color="yellow" role="status" data-testid="browser-push-state">
        {text.denied}
      </Alert>
    );
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm">{text.ask}</Text>
      <Button size="xs" variant="light" onClick={onEnable}>
        {text.enable}
      </Button>
    </Group>
  );
}
