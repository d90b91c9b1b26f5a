import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { automationsText } from '../../../i18n/automations.ts';
import { Icon } from '../../../ui/Icon.tsx';

const text = automationsText.action;

/** A step's configurations, each in a box with its remove button, and 'Adicionar configuração'. */
export function ConfigList<T>(props: {
  configs: readonly T[];
  problem?: string | undefined;
  onAdd: () => void;
  onRemove: (index: number) => void;
  render: (config: T, index: number) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      {props.configs.map((config, i) => (
        <Paper key={i} withBorder p="sm" radius="sm" role="group" aria-label={text.config(i + 1)}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>{props.render(config, i)}</div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={text.removeConfig(i + 1)}
              title={text.removeConfig(i + 1)}
              onClick={() => props.onRemove(i)}
            >
              <Icon name="delete" />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {props.problem && (
        <Text size="xs" c="red" role="alert">
          {props.problem}
        </Text>
      )}
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<Icon name="add" />}
        onClick={props.onAdd}
        w="fit-content"
      >
        {text.addConfig}
      </Button>
    </Stack>
  );
}

/** Replaces one configuration of a list. */
export function replaceAt<T>(list: readonly T[], index: number, next: T): T[] {
  return list.map((item, i) => (i === index ? next : item));
}
