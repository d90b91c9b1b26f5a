import { useQuery } from '@tanstack/react-query';
import type { PaletteColor } from '@talkbase/domain/themes/palettes';
import {
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { t } from '../../i18n/pt-BR.ts';
import { themesText } from '../../i18n/themes.ts';
import { contrast } from '../../ui/palette.ts';
import { NightModeSwitch } from './NightModeSwitch.tsx';
import { updatePreferences, type FontSizeLevel } from './preferences-store.ts';
import { shortcuts } from './shortcuts.ts';
import { MATERIAL_COLORS, PRODUCT_COLORS } from './theme-colors.ts';
import { accountPreferencesKey, fetchAccountPreferences } from './preferences-api.ts';
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
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t.theme.colors}
          </Title>
          <Text size="sm" c="dimmed">
            {t.theme.colorsHint}
          </Text>
          <Palette
            id="palette-product"
            title={themesText.product}
            colors={PRODUCT_COLORS}
            current={prefs.themeColor}
          />
          <CustomerPalette current={prefs.themeColor} />
          <Palette
            id="palette-material"
            title={themesText.material}
            colors={MATERIAL_COLORS}
            current={prefs.themeColor}
          />
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

function CustomerPalette({ current }: { current: string }) {
  const query = useQuery({
    queryKey: accountPreferencesKey,
    queryFn: ({ signal }) => fetchAccountPreferences(signal),
  });
  if (query.isPending)
    return (
      <Stack gap={4}>
        <Title order={3} size="h6">
          {themesText.customer}
        </Title>
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{themesText.customerLoading}</Text>
        </Group>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap={4}>
        <Title order={3} size="h6">
          {themesText.customer}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="red">
            {themesText.customerError}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            {themesText.retry}
          </Button>
        </Group>
      </Stack>
    );
  const colors = query.data.customerColors;
  if (colors.length === 0)
    return (
      <Stack gap={4}>
        <Title order={3} size="h6">
          {themesText.customer}
        </Title>
        <Text size="sm" c="dimmed">
          {themesText.customerEmpty}
        </Text>
      </Stack>
    );
  return <Palette id="palette-customer" title={themesText.customer} colors={colors} current={current} />;
}

/** One palette: a group of toggle buttons, the current colour pressed and ticked. */
function Palette(props: { id: string; title: string; colors: readonly PaletteColor[]; current: string }) {
  const current = props.current.toLowerCase();
  return (
    <Stack gap={4}>
      <Title order={3} size="h6" id={props.id}>
        {props.title}
      </Title>
      <Group gap="xs" role="group" aria-labelledby={props.id}>
        {props.colors.map((color) => {
          const selected = current === color.hex;
          return (
            <ColorSwatch
              key={color.hex}
              component="button"
              type="button"
              aria-pressed={selected}
              aria-label={t.theme.color(color.name)}
              title={color.name}
              color={color.hex}
              size={32}
              onClick={() => updatePreferences({ themeColor: color.hex })}
              className="theme-swatch"
            >
              {selected && (
                <CheckIcon
                  size={14}
                  color={
                    contrast(color.hex, '#000000') > contrast(color.hex, '#ffffff') ? '#000000' : '#ffffff'
                  }
                />
              )}
            </ColorSwatch>
          );
        })}
      </Group>
    </Stack>
  );
}
