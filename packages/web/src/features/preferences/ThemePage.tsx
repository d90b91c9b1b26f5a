import {
  CheckIcon,
  ColorSwatch,
  Group,
  Kbd,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { contrast } from '../../ui/palette.ts';
import { NightModeSwitch } from './NightModeSwitch.tsx';
import { updatePreferences, type FontSizeLevel } from './preferences-store.ts';
import { shortcuts } from './shortcuts.ts';
import { THEME_COLORS } from './theme-colors.ts';
import { usePreferences } from './usePreferences.ts';

/** Themes screen (001 §2.14): theme colour, night mode, font size and the keyboard shortcuts. */
export function ThemePage() {
  const prefs = usePreferences();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t.theme.title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4" id="theme-colors-title">
            {t.theme.colors}
          </Title>
          <Text size="sm" c="dimmed">
            {t.theme.colorsHint}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="theme-colors-title">
            {THEME_COLORS.map((color) => {
              const selected = prefs.themeColor.toLowerCase() === color.hex;
              return (
                <ColorSwatch
                  key={color.hex}
                  component="button"
                  type="button"
                  aria-pressed={selected}
                  aria-label={t.theme.color(color.name)}
                  title={color.name}
                  color={color.hex}
                  size={36}
                  onClick={() => updatePreferences({ themeColor: color.hex })}
                  className="theme-swatch"
                >
                  {selected && (
                    <CheckIcon
                      size={14}
                      color={
                        contrast(color.hex, '#000000') > contrast(color.hex, '#ffffff')
                          ? '#000000'
                          : '#ffffff'
                      }
                    />
                  )}
                </ColorSwatch>
              );
            })}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <NightModeSwitch />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4" id="font-size-title">
            {t.theme.fontSize}
          </Title>
          <SegmentedControl
            aria-labelledby="font-size-title"
            value={String(prefs.fontSize)}
            onChange={(value) => updatePreferences({ fontSize: Number(value) as FontSizeLevel })}
            data={t.theme.fontSizes.map((label, level) => ({ label, value: String(level) }))}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t.theme.shortcuts}
        </Title>
        <Table>
          <Table.Tbody>
            {shortcuts.map((s) => (
              <Table.Tr key={s.code}>
                <Table.Td w={120}>
                  <Kbd>{s.keys}</Kbd>
                </Table.Td>
                <Table.Td>{s.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
