import { Checkbox, Group, Table, Text } from '@mantine/core';
import type { MenuResource } from '@talkbase/domain/contracts/menus';
import { roomsText } from '../../i18n/rooms.ts';
import { Icon } from '../../ui/Icon.tsx';
import { menuIds, toggleMenu, type RoomDraft } from './room-draft.ts';

const text = roomsText.menus;

function rows(menus: readonly MenuResource[], depth = 0): { menu: MenuResource; depth: number }[] {
  return menus.flatMap((menu) => [{ menu, depth }, ...rows(menu.menus, depth + 1)]);
}

/** The Menu matrix (001 §2.7; resource type 7, action Visualizar): which menus the room sees. */
export function MenuMatrix(props: {
  menus: readonly MenuResource[];
  draft: RoomDraft;
  onChange: (draft: RoomDraft) => void;
}) {
  const { menus, draft, onChange } = props;
  if (menus.length === 0) return <Text c="dimmed">{text.empty}</Text>;
  const all = menuIds(menus);
  const granted = new Set(draft.menus);
  const allChecked = all.every((id) => granted.has(id));
  const someChecked = all.some((id) => granted.has(id));
  return (
    <Table verticalSpacing={4} aria-label={text.title} maw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.menu}</Table.Th>
          <Table.Th ta="center" w={120}>
            <Group gap={6} justify="center" wrap="nowrap">
              <Checkbox
                aria-label={text.all}
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                onChange={() => onChange({ ...draft, menus: allChecked ? [] : all })}
              />
              {text.read}
            </Group>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows(menus).map(({ menu, depth }) => (
          <Table.Tr key={menu.resourceId} data-menu={menu.resourceId}>
            <Table.Td pl={12 + depth * 24}>
              <Group gap="xs" wrap="nowrap">
                <Icon name={menu.icon ?? (menu.menus.length > 0 ? 'folder' : 'article')} size={18} />
                <Text size="sm">{menu.resourceName}</Text>
              </Group>
            </Table.Td>
            <Table.Td ta="center">
              <Checkbox
                aria-label={text.toggle(menu.resourceName)}
                checked={granted.has(menu.resourceId)}
                onChange={() => onChange(toggleMenu(draft, menus, menu.resourceId))}
                styles={{ body: { justifyContent: 'center' } }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
