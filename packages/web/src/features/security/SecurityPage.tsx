import { Alert, Button, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { twoStepText } from '../../i18n/two-step.ts';
import { notify } from '../notices/notices-store.ts';
import { fetchCompanySecurity, saveCompanySecurity, twoStepKeys } from './two-step-api.ts';

const text = twoStepText.security;

/**
 * /config/security (issue 34 item 4): the company's sign-in rules. Today one: two-step verification
 * asked of every administrator (PUT /api/company/security {requireTwoStepForAdmins}).
 */
export function SecurityPage() {
  const rules = useQuery({
    queryKey: twoStepKeys.company,
    queryFn: ({ signal }) => fetchCompanySecurity(signal),
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveCompanySecurity,
    onSuccess: (saved) => {
      queryClient.setQueryData(twoStepKeys.company, saved);
      notify({ kind: 'success', message: saved.requireTwoStepForAdmins ? text.savedOn : text.savedOff });
    },
    onError: (err) => {
      const message =
        err instanceof ApiError && err.errors[0]?.message ? err.errors[0].message : twoStepText.failed;
      notify({ kind: 'error', message });
    },
  });
  const required = save.isPending
    ? save.variables.requireTwoStepForAdmins
    : (rules.data?.requireTwoStepForAdmins ?? false);

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label={text.rules}>
        <Title order={2} size="h4" mb="sm">
          {text.rules}
        </Title>
        {rules.isPending && <Skeleton role="status" height={64} aria-label={text.rules} />}
        {rules.isError && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {text.loadError}
              <Button size="compact-sm" variant="default" onClick={() => void rules.refetch()}>
                {twoStepText.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {rules.data && (
          <Stack gap="xs">
            <Switch
              label={text.requireForAdmins}
              checked={required}
              disabled={save.isPending}
              onChange={(e) => {
                save.mutate({ requireTwoStepForAdmins: e.currentTarget.checked });
              }}
            />
            <Text size="sm" c="dimmed" pl={54}>
              {text.requireForAdminsHint}
            </Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
