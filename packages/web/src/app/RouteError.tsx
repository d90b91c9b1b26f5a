import { Button, Stack, Text } from '@mantine/core';
import { t } from '../i18n/pt-BR.ts';
import { Logo } from '../ui/Logo.tsx';

/**
 * A screen failed to load or render (typically its chunk is gone after an update): say so and
 * offer a reload instead of a blank page.
 */
export function RouteError() {
  return (
    <main className="centered-page">
      <Stack align="center" gap="sm">
        <Logo size={200} />
        <Text role="alert">{t.routeError.text}</Text>
        <Button onClick={() => window.location.reload()}>{t.routeError.reload}</Button>
      </Stack>
    </main>
  );
}
