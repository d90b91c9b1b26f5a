import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { recordsText } from '../../i18n/records.ts';
import { Icon } from '../../ui/Icon.tsx';
import { forgetTab } from '../tabs/tabs-store.ts';
import { contextPath } from './context-route.ts';
import { fetchTalk } from './records-api.ts';

const text = recordsText;

/** The state of one saved record opened by its URL: loading, readable, not readable, or failed. */
export type RecordAccess = 'loading' | 'ok' | 'none' | 'failed';

/**
 * Whether the account may read the record (GET /api/talk/{subject}/{id}, the query the record's
 * views share). The server answers 404 for a record the account may not read as for one that
 * does not exist (GUIDE §4): both are 'none'. `talkId` 0 (a new record) is always 'ok'.
 */
export function useRecordAccess(
  subject: string,
  talkId: number,
): { access: RecordAccess; retry: () => void } {
  const talk = useQuery({
    queryKey: ['talk', subject, talkId],
    queryFn: ({ signal }) => fetchTalk(subject, talkId, signal),
    enabled: talkId > 0,
  });
  if (talkId <= 0) return { access: 'ok', retry: () => undefined };
  // A record already shown stays while it reloads; a refusal found later replaces it.
  const refused = talk.error instanceof ApiError && (talk.error.status === 404 || talk.error.status === 403);
  const access: RecordAccess = refused ? 'none' : talk.data ? 'ok' : talk.isError ? 'failed' : 'loading';
  return { access, retry: () => void talk.refetch() };
}

/**
 * What a record's view shows instead of the record when the account may not read it (issue 39
 * item 7): the message and a way back, and nothing of the record (no conversation, files, tags
 * or actions).
 */
export function NoRecordAccess({ subject }: { subject: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    // This screen's tab goes too: it shows nothing to come back to.
    const here = `${location.pathname}${location.search}`;
    forgetTab(here, here);
    // Back where the user came from in the app; opened from outside (a link, a new tab): the list.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(contextPath('grid', subject), { replace: true });
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      className="record-no-access"
      role="alert"
      aria-labelledby="no-access-message"
    >
      <Stack align="center" gap="md">
        <Icon name="lock" size="2.5em" style={{ color: 'var(--mantine-color-dimmed)' }} />
        <Text fw={600} ta="center" id="no-access-message">
          {text.notFound}
        </Text>
        <Button variant="default" leftSection={<Icon name="arrow_back" size="1.1em" />} onClick={back}>
          {text.noAccess.back}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The record's place while its access is loading, or failed to load (with a retry). */
export function RecordAccessPending({ access, retry }: { access: 'loading' | 'failed'; retry: () => void }) {
  if (access === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  return (
    <Alert color="red" role="alert" title={text.loadError}>
      <Button variant="light" color="red" mt="sm" onClick={retry}>
        {text.retry}
      </Button>
    </Alert>
  );
}
