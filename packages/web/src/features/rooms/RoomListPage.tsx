import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  ColorSwatch,
  Group,
  Paper,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { roomsText } from '../../i18n/rooms.ts';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { deleteRoom, fetchRooms, roomKeys } from './rooms-api.ts';
import { pageAfterRemoval } from './room-list-rules.ts';

const text = roomsText.list;
/** 001 §9: rooms 10, 25, 50, 100. */
const PAGE_SIZES = ['10', '25', '50', '100'];
const SEARCH_MAX = 25;

/** 'Todos os Perfis de Acesso' (001 §2.6): paged names with edit and delete. */
export function RoomListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState(10);
  const [term, setTerm] = useState('');
  // One request once typing pauses, not one per key.
  const [deferredTerm] = useDebouncedValue(term.trim(), 300);
  const [removing, setRemoving] = useState<{ roomId: number; roomName: string } | null>(null);
  const query = { page, fetch, term: deferredTerm };
  const rooms = useQuery({
    queryKey: roomKeys.list(query),
    queryFn: ({ signal }) => fetchRooms(query, signal),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (roomId: number) => deleteRoom(roomId),
    onSuccess: async () => {
      const name = removing?.roomName ?? '';
      setRemoving(null);
      notify({ kind: 'success', title: text.removed(name) });
      // 001 §4: on a later page that becomes empty, go back one page.
      setPage((p) => pageAfterRemoval(p, rooms.data?.itens.length ?? 0));
      await queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
    onError: (err) => {
      setRemoving(null);
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.removeError, durationMs: 10_000 });
    },
  });

  const total = rooms.data?.totalResults ?? 0;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Button component={Link} to="/config/access_profile/room" leftSection={<Icon name="add" />}>
          {text.newRoom}
        </Button>
      </Group>
      <TextInput
        label={text.search}
        value={term}
        maxLength={SEARCH_MAX}
        leftSection={<Icon name="search" />}
        rightSection={
          term ? (
            <CloseButton
              aria-label={text.clearSearch}
              onClick={() => {
                setTerm('');
                setPage(1);
              }}
            />
          ) : null
        }
        onChange={(e) => {
          setTerm(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Paper withBorder radius="md">
        <ListStates
          query={rooms}
          empty={rooms.data?.itens.length === 0}
          texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
        />
        {rooms.data && rooms.data.itens.length > 0 && (
          <Table highlightOnHover verticalSpacing="xs" aria-label={text.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.name}</Table.Th>
                <Table.Th>{text.channel}</Table.Th>
                <Table.Th w={110}>{text.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rooms.data.itens.map((room) => (
                <Table.Tr key={room.roomId}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {room.color && <ColorSwatch color={room.color} size={14} aria-hidden />}
                      <Anchor component={Link} to={`/config/access_profile/room/${room.roomId}`}>
                        {room.roomName}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>{room.displayName ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        component={Link}
                        to={`/config/access_profile/room/${room.roomId}`}
                        variant="subtle"
                        aria-label={text.edit(room.roomName)}
                      >
                        <Icon name="edit" />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={text.remove(room.roomName)}
                        onClick={() => setRemoving(room)}
                      >
                        <Icon name="delete" />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {rooms.data && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={PAGE_SIZES.map(Number)}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.roomId)}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}
