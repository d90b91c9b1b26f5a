import { Button, Group, Modal, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { dashboardTexts } from '@talkbase/domain/contracts/dashboards';
import type { ApiErrorItem } from '../../api/client.ts';
import { dashboardsText } from '../../i18n/dashboards.ts';
import { t } from '../../i18n/pt-BR.ts';
import { fetchRoomPage } from '../users/users-api.ts';

const text = dashboardsText.dashboardForm;

export interface DashboardSettings {
  name: string;
  isHome: boolean;
  roomIds: number[];
}

export interface DashboardFormModalProps {
  opened: boolean;
  title: string;
  initial: DashboardSettings;
  /** Administrators publish to rooms; others make their own dashboards only. */
  canPublish: boolean;
  saving: boolean;
  errors: ApiErrorItem[];
  onSave: (settings: DashboardSettings) => void;
  onClose: () => void;
}

/** The rooms an administrator may publish to, a page of 10 at a time as the list scrolls. */
function RoomsField({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const rooms = useInfiniteQuery({
    queryKey: ['users', 'rooms'],
    queryFn: ({ pageParam, signal }) => fetchRoomPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.itens.length, 0) < last.totalResults ? last.currentPage + 1 : undefined,
  });
  const data = useMemo(() => {
    const list = (rooms.data?.pages ?? []).flatMap((p) => p.itens);
    const known = new Set(list.map((r) => r.roomId));
    // Rooms chosen but not yet paged in keep their place (as their number until their page loads).
    const options = list.map((r) => ({ value: String(r.roomId), label: r.roomName }));
    for (const id of value) if (!known.has(id)) options.push({ value: String(id), label: `#${String(id)}` });
    return options;
  }, [rooms.data, value]);
  return (
    <MultiSelect
      label={text.rooms}
      description={text.roomsHint}
      placeholder={value.length === 0 ? text.roomsPlaceholder : undefined}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      error={rooms.isError ? text.roomsError : undefined}
      scrollAreaProps={{
        onBottomReached: () => {
          if (rooms.hasNextPage && !rooms.isFetchingNextPage) void rooms.fetchNextPage();
        },
      }}
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** 'Novo painel' and 'Configurações do painel': name, 'Painel inicial', and (administrators) rooms. */
export function DashboardFormModal(props: DashboardFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t.confirm.close }}
    >
      {props.opened && <DashboardForm {...props} />}
    </Modal>
  );
}

function DashboardForm({ initial, canPublish, saving, errors, onSave, onClose }: DashboardFormModalProps) {
  const [name, setName] = useState(initial.name);
  const [isHome, setIsHome] = useState(initial.isHome);
  const [roomIds, setRoomIds] = useState(initial.roomIds);
  const [touched, setTouched] = useState(false);
  const nameError =
    errors.find((e) => e.field === 'name')?.message ??
    (touched && !name.trim() ? dashboardTexts.nameRequired : undefined);
  const otherErrors = errors.filter((e) => e.field !== 'name');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!name.trim()) return;
        const rooms = canPublish ? roomIds : initial.roomIds;
        onSave({ name: name.trim(), isHome: rooms.length === 0 && isHome, roomIds: rooms });
      }}
    >
      <Stack gap="md">
        <TextInput
          label={text.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          withAsterisk
          data-autofocus
          error={nameError}
        />
        {/* A company dashboard is nobody's home (the server refuses it). */}
        {roomIds.length === 0 && (
          <Switch
            label={text.isHome}
            description={text.isHomeHint}
            checked={isHome}
            onChange={(e) => setIsHome(e.currentTarget.checked)}
          />
        )}
        {canPublish && <RoomsField value={roomIds} onChange={setRoomIds} />}
        {otherErrors.length > 0 && (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {otherErrors.map((e) => e.message).join(' ')}
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
