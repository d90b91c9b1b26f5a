import { Alert, Badge, Button, Paper, Skeleton, Stack, Table, Title } from '@mantine/core';
import { useHealth } from '../../api/useHealth.ts';
import { t } from '../../i18n/pt-BR.ts';

/** Administrators' view of the server they are connected to (GET /api/health). */
export function SystemPage() {
  const health = useHealth();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t.system.title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t.system.server}
        </Title>
        {health.isPending && <Skeleton role="status" height={96} aria-label={t.app.loading} />}
        {health.isError && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {t.system.loadError}
              <Button size="compact-sm" variant="default" onClick={() => void health.refetch()}>
                {t.system.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {health.data && (
          <Table variant="vertical" withTableBorder={false} layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{t.system.status}</Table.Th>
                <Table.Td>
                  <Badge color={health.data.status === 'ok' ? 'green' : 'red'} variant="light">
                    {health.data.status === 'ok' ? t.system.ok : health.data.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t.system.version}</Table.Th>
                <Table.Td data-testid="server-version">{health.data.version ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t.system.database}</Table.Th>
                <Table.Td>{health.data.database ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
