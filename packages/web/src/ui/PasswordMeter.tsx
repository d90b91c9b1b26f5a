import { Group, Progress, Text } from '@mantine/core';
import { PASSWORD_SCORE_LABELS, type PasswordScore } from '@talkbase/domain/passwords/password-rules';
import { usersText } from '../i18n/users.ts';

const COLORS: Record<PasswordScore, string> = { 0: 'red', 1: 'red', 2: 'orange', 3: 'teal', 4: 'green' };

/** The strength meter of the own profile (001 §2.5): 'Não segura' … 'Muito forte'. */
export function PasswordMeter({ score, id }: { score: PasswordScore | null; id: string }) {
  const label = score === null ? '' : PASSWORD_SCORE_LABELS[score];
  return (
    <div id={id} aria-live="polite">
      <Group justify="space-between" mb={4}>
        <Text size="sm">{usersText.profile.strength}</Text>
        <Text size="sm" fw={600} data-testid="password-strength">
          {label}
        </Text>
      </Group>
      <Progress.Root size="md">
        <Progress.Section
          value={score === null ? 0 : (score + 1) * 20}
          color={score === null ? 'gray' : COLORS[score]}
          aria-label={usersText.profile.strength}
          aria-valuetext={label || undefined}
        />
      </Progress.Root>
    </div>
  );
}
