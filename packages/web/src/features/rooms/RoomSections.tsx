import { ActionIcon, Button, Group, List, MultiSelect, Stack, Text } from '@mantine/core';
import type { RoomNotificationOption, RoomSummary, SubjectResource } from '@talkbase/domain/contracts/rooms';
import { useState } from 'react';
import { roomsText } from '../../i18n/rooms.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { DelimitationEditor } from '../delimitations/DelimitationEditor.tsx';
import { RoomNotificationMatrix } from '../notifications/RoomNotificationMatrix.tsx';
import { ownFilters, removeOwnFilter, type RoomDraft, type RoomFilterDraft } from './room-draft.ts';

interface SectionProps {
  draft: RoomDraft;
  onChange: (draft: RoomDraft) => void;
}

const subjectName = (subjects: readonly SubjectResource[], identifier: string) =>
  subjects.find((s) => s.subjectIdentifier === identifier)?.resourceName ?? identifier;

/**
 * Filtros: every row filter of the room in one place (issue 39 item 11): its named filters and the
 * subjects' own filters (the server ANDs both kinds); each limits the rows of its subject. An own
 * filter edited here becomes a named filter with the same conditions.
 */
export function RoomFiltersSection(
  props: SectionProps & {
    subjects: readonly SubjectResource[];
    onEdit: (filter: RoomFilterDraft) => void;
    onEditOwn: (subjectId: number) => void;
    onAdd: () => void;
  },
) {
  const text = roomsText.filters;
  const [removing, setRemoving] = useState<RoomFilterDraft | { subjectId: number } | null>(null);
  const own = ownFilters(props.draft);
  const nameOfSubject = (id: number) =>
    props.subjects.find((s) => s.resourceId === id)?.resourceName ?? String(id);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {text.hint}
      </Text>
      {props.draft.roomFilters.length === 0 && own.length === 0 ? (
        <Text c="dimmed">{text.empty}</Text>
      ) : (
        <List listStyleType="none" spacing={4}>
          {props.draft.roomFilters.map((f) => (
            <List.Item key={f.key}>
              <Group gap="xs" wrap="nowrap">
                <Icon name="filter_alt" size={18} />
                <Text size="sm" fw={500}>
                  {f.filterName}
                </Text>
                <Text size="xs" c="dimmed">
                  {text.subjectOf(subjectName(props.subjects, f.subjectIdentifier))}
                </Text>
                <ActionIcon
                  variant="subtle"
                  aria-label={text.edit(f.filterName)}
                  onClick={() => props.onEdit(f)}
                >
                  <Icon name="edit" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={text.remove(f.filterName)}
                  onClick={() => setRemoving(f)}
                >
                  <Icon name="delete" />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
          {own.map(({ subjectId }) => (
            <List.Item key={`own-${subjectId}`}>
              <Group gap="xs" wrap="nowrap">
                <Icon name="filter_alt" size={18} />
                <Text size="sm" fw={500}>
                  {text.ownFilter(nameOfSubject(subjectId))}
                </Text>
                <Text size="xs" c="dimmed">
                  {text.ownFilterHint}
                </Text>
                <ActionIcon
                  variant="subtle"
                  aria-label={text.edit(text.ownFilter(nameOfSubject(subjectId)))}
                  onClick={() => props.onEditOwn(subjectId)}
                >
                  <Icon name="edit" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={text.remove(text.ownFilter(nameOfSubject(subjectId)))}
                  onClick={() => setRemoving({ subjectId })}
                >
                  <Icon name="delete" />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button variant="light" leftSection={<Icon name="add" />} onClick={props.onAdd}>
          {text.add}
        </Button>
      </Group>
      <ConfirmModal
        opened={removing !== null}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing && 'subjectId' in removing)
            props.onChange(removeOwnFilter(props.draft, removing.subjectId));
          else if (removing)
            props.onChange({
              ...props.draft,
              roomFilters: props.draft.roomFilters.filter((f) => f.key !== removing.key),
            });
          setRemoving(null);
        }}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}

/** Shared conversations: the room's delimitations, edited in 'Delimitar visualização'. */
export function SharedTalksSection(props: SectionProps & { subjects: readonly SubjectResource[] }) {
  const text = roomsText.sharedTalks;
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {text.hint}
      </Text>
      {props.draft.sharedTalks.length === 0 ? (
        <Text c="dimmed">{text.none}</Text>
      ) : (
        <List spacing={2} size="sm">
          {props.draft.sharedTalks.map((d) => (
            <List.Item key={d.subjectIdentifier}>
              {d.name ? `${d.name} — ` : ''}
              {text.summary(subjectName(props.subjects, d.subjectIdentifier), d.talks.length)}
            </List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button variant="light" leftSection={<Icon name="visibility" />} onClick={() => setOpen(true)}>
          {text.open}
        </Button>
      </Group>
      <DelimitationEditor
        opened={open}
        onClose={() => setOpen(false)}
        delimitations={props.draft.sharedTalks}
        onSave={(sharedTalks) => {
          props.onChange({ ...props.draft, sharedTalks });
          setOpen(false);
        }}
      />
    </Stack>
  );
}

/** Perfis de Acesso Relacionados: the rooms this one may interact with (action Interagir, id 29). */
export function RelatedRoomsSection(
  props: SectionProps & { rooms: readonly RoomSummary[]; selfId: number | null },
) {
  const text = roomsText.related;
  const others = props.rooms.filter((r) => r.roomId !== props.selfId);
  if (others.length === 0) return <Text c="dimmed">{text.empty}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {text.hint}
      </Text>
      <MultiSelect
        label={text.label}
        placeholder={props.draft.connectedRooms.length === 0 ? text.placeholder : undefined}
        data={others.map((r) => ({ value: String(r.roomId), label: r.roomName }))}
        value={props.draft.connectedRooms.map(String)}
        onChange={(values) => props.onChange({ ...props.draft, connectedRooms: values.map(Number) })}
        searchable
        clearable
        maw={560}
      />
    </Stack>
  );
}

/**
 * Notificações: which notifications the room's users get, per channel (the matrix and its
 * locking rules live with the notifications, features/notifications).
 */
export function NotificationsSection(props: SectionProps & { options: readonly RoomNotificationOption[] }) {
  return (
    <RoomNotificationMatrix
      options={props.options}
      value={props.draft.roomNotifications}
      empty={roomsText.notifications.empty}
      onChange={(roomNotifications) => props.onChange({ ...props.draft, roomNotifications })}
    />
  );
}
