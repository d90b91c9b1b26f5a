import { Paper, Stack, Title } from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { NightModeSwitch } from './NightModeSwitch.tsx';

/** The dark-mode-only screen of 001 §2.14. */
export function DarkModePage() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t.darkMode.title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <NightModeSwitch />
      </Paper>
    </Stack>
  );
}
