import { Anchor, ColorSwatch, Group, Table } from '@mantine/core';
import { ADMIN_ROOM_ID, CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import { Link } from 'react-router';
import { roomsText } from '../../i18n/rooms.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { NewItemButton, RowLink, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { refusalNotice, useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { deleteRoom, fetchRooms, roomKeys } from './rooms-api.ts';

const text = roomsText.list;
/** 001 §9: rooms 10, 25, 50, 100. */
const PAGE_SIZES = ['10', '25', '50', '100'];
const SEARCH_MAX = 25;
/** The built-in rooms (administrators, customers): the server refuses deleting them, so no delete is offered. */
const BUILT_IN_ROOMS: ReadonlySet<number> = new Set([ADMIN_ROOM_ID, CUSTOMER_ROOM_ID]);

/** 'Todos os Perfis de Acesso' (001 §2.6): paged names with edit and delete. */
export function RoomListPage() {
  const paging = useListPaging(10);
  const search = useListSearch(paging);
  const rooms = useListQuery(
    { page: paging.page, fetch: paging.pageSize, term: search.term },
    roomKeys.list,
    fetchRooms,
  );
  const removal = useListRemoval<{ roomId: number; roomName: string }>({
    remove: (room) => deleteRoom(room.roomId),
    removedTitle: (room) => text.removed(room.roomName),
    reload: [roomKeys.all],
    paging,
    list: rooms,
    failure: refusalNotice(text.removeError),
    // Unlike the other lists, this confirmation closes even while the removal runs.
    closesWhileBusy: true,
  });

  return (
    <SettingsList
      title={text.title}
      actions={<NewItemButton to="/config/access_profile/room">{text.newRoom}</NewItemButton>}
      toolbar={<ListSearchBox search={search} texts={text} maxLength={SEARCH_MAX} maw={360} />}
      list={rooms}
      texts={text}
      paging={paging}
      pageSizes={PAGE_SIZES.map(Number)}
      removal={removal}
    >
      {(rows) => (
        <Table highlightOnHover verticalSpacing="xs" aria-label={text.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.name}</Table.Th>
              <Table.Th>{text.channel}</Table.Th>
              <Table.Th w={110}>{text.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((room) => (
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
                    <RowLink
                      to={`/config/access_profile/room/${room.roomId}`}
                      label={text.edit(room.roomName)}
                      withTitle={false}
                    />
                    {!BUILT_IN_ROOMS.has(room.roomId) && (
                      <RowRemoveButton
                        label={text.remove(room.roomName)}
                        onClick={() => removal.ask(room)}
                        withTitle={false}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SettingsList>
  );
}
