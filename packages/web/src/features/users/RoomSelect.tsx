import { Select } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { t } from '../../i18n/pt-BR.ts';
import { fetchRoomPage, type RoomOption } from './users-api.ts';
import { usersText } from '../../i18n/users.ts';

const text = usersText.form;

/**
 * 'Perfil de Acesso' (001 §2.3): access profiles loaded a page of 10 at a time as the list is
 * scrolled to its end. The account's own room is shown before its page arrives.
 */
export function RoomSelect(props: {
  value: number | null;
  current?: RoomOption | undefined;
  onChange: (roomId: number | null) => void;
  error?: string | undefined;
  id?: string;
}) {
  const rooms = useInfiniteQuery({
    queryKey: ['users', 'rooms'],
    queryFn: ({ pageParam, signal }) => fetchRoomPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.itens.length, 0) < last.totalResults ? last.currentPage + 1 : undefined,
  });
  const { current } = props;
  const data = useMemo(() => {
    const list = rooms.data?.pages.flatMap((p) => p.itens) ?? [];
    if (current && !list.some((r) => r.roomId === current.roomId)) list.unshift(current);
    return list.map((r) => ({ value: String(r.roomId), label: r.roomName }));
  }, [rooms.data, current]);
  return (
    <Select
      id={props.id}
      label={text.room}
      placeholder={text.roomPlaceholder}
      required
      data={data}
      value={props.value === null ? null : String(props.value)}
      onChange={(v) => {
        props.onChange(v ? Number(v) : null);
      }}
      error={props.error ?? (rooms.isError ? text.roomsLoadError : undefined)}
      searchable
      nothingFoundMessage={rooms.isPending ? t.app.loading : undefined}
      scrollAreaProps={{
        onBottomReached: () => {
          if (rooms.hasNextPage && !rooms.isFetchingNextPage) void rooms.fetchNextPage();
        },
      }}
      maxDropdownHeight={240}
    />
  );
}
