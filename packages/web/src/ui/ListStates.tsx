import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '../i18n/pt-BR.ts';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * What a list shows instead of its rows: skeleton rows while it loads, the load error with a
 * button to try again, or the empty text once it loaded with no rows. Nothing when there are rows.
 */
export function ListStates({
  query,
  empty,
  texts,
  rowHeight = 28,
}: {
  query: ListQuery;
  /** The loaded list has no rows. */
  empty: boolean;
  texts: { loadError: string; reload: string; empty: string };
  rowHeight?: number;
}) {
  if (query.isPending)
    return (
      <Stack p="md" gap="xs" aria-busy="true" aria-label={t.app.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={rowHeight} />
        ))}
      </Stack>
    );
  if (query.isError && query.data === undefined)
    return (
      <Alert color="red" variant="light" role="alert" m="md">
        <Stack gap="xs" align="flex-start">
          {texts.loadError}
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            {texts.reload}
          </Button>
        </Stack>
      </Alert>
    );
  if (query.data !== undefined && empty)
    return (
      <Text p="lg" ta="center" c="dimmed">
        {texts.empty}
      </Text>
    );
  return null;
}
