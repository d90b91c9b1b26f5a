import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CertificateCheckAnswer } from '@talkbase/domain/contracts/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/client.ts';
import { runCertificateCheck } from '../../api/certificate-check.ts';
import { t } from '../../i18n/pt-BR.ts';
import { certificateText as text } from '../../i18n/certificate.ts';
import { Icon } from '../../ui/Icon.tsx';
import { certificateStatusKey } from './CertificateGate.tsx';

/** The check a subject requires (002 §4, §7): runs it and shows why it failed. */
export function CertificateCheckScreen() {
  const queryClient = useQueryClient();
  const check = useMutation<CertificateCheckAnswer>({
    mutationFn: runCertificateCheck,
    onSuccess: async (answer) => {
      if (answer.valid) await queryClient.invalidateQueries({ queryKey: certificateStatusKey });
    },
  });
  const failure =
    check.data && !check.data.valid
      ? check.data.message
      : check.error
        ? check.error instanceof ApiError
          ? check.error.message
          : t.errors.generic
        : undefined;
  useEffect(() => {
    document.title = `${text.title} · ${t.app.name}`;
  }, []);
  return (
    <Group justify="center" p="xl">
      <Paper withBorder shadow="xs" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Icon name="verified_user" size="2em" />
            <Title order={1} size="h3">
              {text.title}
            </Title>
          </Group>
          <Text>{text.required}</Text>
          <Text size="sm" c="dimmed">
            {text.howItWorks}
          </Text>
          {failure && (
            <Alert color="red" role="alert" title={failure}>
              {check.data && !check.data.valid && <Text size="sm">{text.retryHint}</Text>}
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => check.mutate()}
              loading={check.isPending}
              leftSection={<Icon name="badge" size="1.2em" />}
            >
              {failure ? text.checkAgain : text.check}
            </Button>
            {check.isPending && (
              <Text size="sm" aria-live="polite">
                {text.checking}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
    </Group>
  );
}
