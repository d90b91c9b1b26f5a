import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { MenuReaderRoom } from '@talkbase/domain/contracts/menus';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { menusText } from '../../i18n/menus.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { MenuDraftNode } from './menu-draft.ts';

const text = menusText.grants;

/** The rooms offered each new item: those reading its subject, all checked at first. */
export function offeredRooms(
  leaves: readonly MenuDraftNode[],
  readers: readonly MenuReaderRoom[],
): Map<string, number[]> {
  return new Map(
    leaves.map((leaf) => [
      leaf.key,
      readers.filter((r) => leaf.subject !== null && r.subjects.includes(leaf.subject)).map((r) => r.roomId),
    ]),
  );
}

/**
 * Before saving new items: which rooms get each of them (issue 39 item 1). A room sees only the
 * items it is given, so a first menu saved without this would take the navigation of every room.
 */
export function GrantRoomsModal(props: {
  opened: boolean;
  leaves: readonly MenuDraftNode[];
  readers: readonly MenuReaderRoom[];
  subjects: readonly Subject[];
  chosen: ReadonlyMap<string, number[]>;
  busy: boolean;
  onChange: (key: string, roomIds: number[]) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const roomName = new Map(props.readers.map((r) => [r.roomId, r.roomName]));
  const subjectName = (identifier: string | null) =>
    props.subjects.find((s) => s.subjectIdentifier === identifier)?.subjectName ?? identifier ?? '';
  const offered = offeredRooms(props.leaves, props.readers);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={text.title}
      size={560}
      closeOnEscape
      centered
      closeButtonProps={{ 'aria-label': t.confirm.close }}
    >
      <Stack gap="md">
        <Text size="sm">{text.intro}</Text>
        {props.leaves.map((leaf) => {
          const rooms = offered.get(leaf.key) ?? [];
          const label = text.item(leaf.name.trim() || menusText.untitled, subjectName(leaf.subject));
          return (
            <Checkbox.Group
              key={leaf.key}
              label={label}
              value={(props.chosen.get(leaf.key) ?? []).map(String)}
              onChange={(ids) => props.onChange(leaf.key, ids.map(Number))}
            >
              {rooms.length === 0 ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {text.none}
                </Text>
              ) : (
                <Stack gap={6} mt={6}>
                  {rooms.map((roomId) => (
                    <Checkbox
                      key={roomId}
                      value={String(roomId)}
                      label={roomName.get(roomId) ?? String(roomId)}
                    />
                  ))}
                </Stack>
              )}
            </Checkbox.Group>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.busy}>
            {text.cancel}
          </Button>
          <Button onClick={props.onConfirm} loading={props.busy} data-autofocus>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
