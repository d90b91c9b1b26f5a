import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../i18n/pt-BR.ts';
import { Logo } from '../../ui/Logo.tsx';

/** Any unknown address (000 §2). */
export function NotFoundPage() {
  return (
    <div className="centered-page">
      <Stack align="center" gap="sm">
        <Logo size={240} />
        <Title order={1} size="h2">
          {t.notFound.title}
        </Title>
        <Text c="dimmed">{t.notFound.text}</Text>
        <Anchor component={Link} to="/">
          {t.notFound.home}
        </Anchor>
      </Stack>
    </div>
  );
}
