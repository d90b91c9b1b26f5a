import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { CertificateStatus } from '@talkbase/domain/contracts/certificates';
import { formatCpf } from '@talkbase/domain/fields/identification';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { fetchCertificateStatus } from '../../api/certificate-api.ts';
import { t } from '../../i18n/pt-BR.ts';
import { certificateText as text } from '../../i18n/certificate.ts';
import { Icon } from '../../ui/Icon.tsx';

// The check screen (and the check's answer schema) loads only for a subject that requires it.
const CertificateCheckScreen = lazy(() =>
  import('./CertificateCheckScreen.tsx').then((m) => ({ default: m.CertificateCheckScreen })),
);

export const certificateStatusKey = ['certificate', 'status'] as const;

function requires(status: CertificateStatus, subject: string): boolean {
  const wanted = subject.toLowerCase();
  return status.requireDigitalSignature.some((s) => s.subjectIdentifier.toLowerCase() === wanted);
}

/** "name:cpf" as the check answers it, with the CPF masked. */
function holderLine(status: CertificateStatus): string | undefined {
  if (!status.user || !status.expiresAt) return undefined;
  const cut = status.user.lastIndexOf(':');
  const name = status.user.slice(0, cut);
  const cpf = status.user.slice(cut + 1);
  return text.holder(name, formatCpf(cpf), formatDateTime(new Date(status.expiresAt), DEFAULT_TIME_ZONE));
}

/**
 * The record scenarios of a subject listed in the room's `requireDigitalSignature` (002 §4) open
 * only while the account's certificate check is in force; the server refuses their calls anyway.
 */
export function CertificateGate({ subject, children }: { subject: string; children: ReactNode }) {
  const status = useQuery({
    queryKey: certificateStatusKey,
    queryFn: ({ signal }) => fetchCertificateStatus(signal),
    staleTime: 60_000,
    // Asked again when the check in force ends, so that the gate closes on time.
    refetchInterval: (query) => {
      const until = query.state.data?.expiresAt;
      const left = until ? Date.parse(until) - Date.now() : 0;
      return left > 0 ? left + 500 : false;
    },
  });
  if (status.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  if (status.isError) {
    return (
      <Alert color="red" m="md" role="alert" title={text.statusError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void status.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  }
  if (!requires(status.data, subject)) return children;
  // The server's word, not this machine's clock: it refuses the calls on its own anyway.
  if (!status.data.valid) {
    return (
      <Suspense
        fallback={
          <Group justify="center" p="xl">
            <Loader aria-label={t.app.loading} />
          </Group>
        }
      >
        <CertificateCheckScreen />
      </Suspense>
    );
  }
  return (
    <>
      <Group gap="xs" pb="xs" c="dimmed">
        <Icon name="verified_user" size="1.1em" />
        <Text size="sm">{holderLine(status.data)}</Text>
      </Group>
      {children}
    </>
  );
}
