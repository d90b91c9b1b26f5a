import {
  Alert,
  Button,
  ColorInput,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoomDetail } from '@talkbase/domain/contracts/rooms';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { roomsText } from '../../i18n/rooms.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { notify } from '../notices/notices-store.ts';
import { useSession } from '../session/useSession.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import { MenuMatrix } from './MenuMatrix.tsx';
import {
  draftToInput,
  infoErrors,
  moveOwnFilter,
  newRoomDraft,
  nextFilterKey,
  ownFilterDraft,
  roomToDraft,
  upsertRoomFilter,
  type RoomDraft,
  type RoomFilterDraft,
} from './room-draft.ts';
import { RoomFilterModal } from './RoomFilterModal.tsx';
import {
  createRoom,
  fetchRoom,
  fetchRoomNotificationOptions,
  fetchRoomResources,
  fetchRooms,
  roomKeys,
  updateRoom,
  type RoomResources,
} from './rooms-api.ts';
import {
  NotificationsSection,
  RelatedRoomsSection,
  RoomFiltersSection,
  SharedTalksSection,
} from './RoomSections.tsx';
import { SubjectMatrix } from './SubjectMatrix.tsx';

const text = roomsText.form;
const LIST_PATH = '/config/access_profile';

/** Queries whose answers depend on the signed-in user's room: its templates, menus and subjects. */
const ROOM_DEPENDENT_KEYS = [['context'], ['form-template'], ['readable-subjects'], ['company-menu']];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** 'Adicionar Novo Perfil de Acesso' / 'Editar Perfil de Acesso' (001 §2.7). */
export function RoomFormPage() {
  const params = useParams();
  const roomId = params.roomId ? Number(params.roomId) : null;
  const resources = useQuery({
    queryKey: roomKeys.resources,
    queryFn: ({ signal }) => fetchRoomResources(signal),
  });
  const room = useQuery({
    queryKey: roomKeys.one(roomId ?? 0),
    queryFn: ({ signal }) => fetchRoom(roomId ?? 0, signal),
    enabled: roomId !== null,
    // The form starts from the room as it is now, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
  const loading = resources.isPending || (roomId !== null && room.isPending);
  const failed = resources.isError || (roomId !== null && room.isError);
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {roomId === null ? text.titleNew : text.titleEdit}
      </Title>
      {loading && !failed && (
        <Stack gap="sm" aria-busy="true" aria-label={t.app.loading}>
          <Skeleton height={120} />
          <Skeleton height={220} />
        </Stack>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                void resources.refetch();
                if (roomId !== null) void room.refetch();
              }}
            >
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {!loading && !failed && (
        <RoomForm key={roomId ?? 'new'} roomId={roomId} room={room.data ?? null} resources={resources.data} />
      )}
    </Stack>
  );
}

function RoomForm(props: { roomId: number | null; room: RoomDetail | null; resources: RoomResources }) {
  const { roomId, resources } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  /** Back to the list, closing the form's tab: it is done with (saved, or cancelled on purpose). */
  const leave = async () => {
    unsaved.release();
    const here = location.pathname;
    await navigate(LIST_PATH);
    forgetTab(here, LIST_PATH);
  };
  const session = useSession();
  const initial = () => (props.room ? roomToDraft(props.room) : newRoomDraft(resources.Menus));
  const [draft, setDraft] = useState<RoomDraft>(initial);
  const unsaved = useUnsavedDraft(draft);
  const [touched, setTouched] = useState(false);
  const [editingFilter, setEditingFilter] = useState<RoomFilterDraft | null>(null);
  /** The subject whose own filter the modal edits (it becomes a room filter), if that is what it edits. */
  const [editingOwn, setEditingOwn] = useState<number | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const otherRooms = useQuery({
    queryKey: roomKeys.others,
    // 001 §9: rooms for relations, page 1 of 999.
    queryFn: ({ signal }) => fetchRooms({ page: 1, fetch: 999 }, signal),
  });
  const notifications = useQuery({
    queryKey: roomKeys.notifications,
    queryFn: ({ signal }) => fetchRoomNotificationOptions(signal),
  });

  const errors = infoErrors(draft, roomsText.info);
  const invalid = Object.keys(errors).length > 0;

  const save = useMutation({
    mutationFn: async (next: RoomDraft) => {
      const input = draftToInput(next);
      if (roomId === null) await createRoom(input);
      else await updateRoom(roomId, input);
    },
    onSuccess: async () => {
      notify({
        kind: 'success',
        title: roomId === null ? text.inserted : text.edited(draft.roomName.trim()),
      });
      const invalidations = [queryClient.invalidateQueries({ queryKey: roomKeys.all })];
      // 001 §4: saving the user's own room resets the cached templates (and what the room decides).
      if (roomId !== null && session?.user.roomId === roomId)
        for (const queryKey of ROOM_DEPENDENT_KEYS)
          invalidations.push(queryClient.resetQueries({ queryKey }));
      await Promise.all(invalidations);
      await leave();
    },
    onError: (err) => {
      const messages =
        err instanceof ApiError && err.status > 0 && err.status < 500 ? err.errors.map((e) => e.message) : [];
      setServerErrors(messages);
      notify({
        kind: 'error',
        title: roomId === null ? roomsText.form.insertError : roomsText.form.editError,
        durationMs: 10_000,
      });
    },
  });

  const submit = () => {
    setTouched(true);
    if (invalid) return;
    setServerErrors([]);
    save.mutate(draft);
  };

  const infoText = roomsText.info;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Section id="room-info" title={infoText.title}>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={infoText.roomName}
              required
              maxLength={150}
              value={draft.roomName}
              onChange={(e) => setDraft({ ...draft, roomName: e.currentTarget.value })}
              error={touched ? errors.roomName : undefined}
            />
            <TextInput
              label={infoText.displayName}
              maxLength={150}
              value={draft.displayName}
              onChange={(e) => setDraft({ ...draft, displayName: e.currentTarget.value })}
              error={touched ? errors.displayName : undefined}
            />
            <ColorInput
              label={infoText.color}
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': infoText.eyeDropper }}
              value={draft.color}
              onChange={(color) => setDraft({ ...draft, color })}
              error={touched ? errors.color : undefined}
            />
          </Group>
        </Section>
        <Section id="room-filters" title={roomsText.filters.title}>
          <RoomFiltersSection
            draft={draft}
            onChange={setDraft}
            subjects={resources.Subjects}
            onEdit={(filter) => {
              setEditingOwn(null);
              setEditingFilter(filter);
            }}
            onEditOwn={(subjectId) => {
              const subject = resources.Subjects.find((s) => s.resourceId === subjectId);
              if (!subject) return;
              setEditingOwn(subjectId);
              setEditingFilter(
                ownFilterDraft(
                  draft.subjects[subjectId]?.filter ?? null,
                  subject.subjectIdentifier,
                  roomsText.filters.ownFilterName(subject.resourceName),
                ),
              );
            }}
            onAdd={() =>
              setEditingFilter({
                key: 0,
                filterId: null,
                filterName: '',
                subjectIdentifier: '',
                filter: { condition: 'E', rules: [] },
              })
            }
          />
        </Section>
        <Section id="room-shared-talks" title={roomsText.sharedTalks.title}>
          <SharedTalksSection draft={draft} onChange={setDraft} subjects={resources.Subjects} />
        </Section>
        <Section id="room-menus" title={roomsText.menus.title}>
          <MenuMatrix menus={resources.Menus} draft={draft} onChange={setDraft} />
        </Section>
        <Section id="room-related" title={roomsText.related.title}>
          <RelatedRoomsSection
            draft={draft}
            onChange={setDraft}
            rooms={otherRooms.data?.itens ?? []}
            selfId={roomId}
          />
        </Section>
        <Section id="room-subjects" title={roomsText.subjects.title}>
          <SubjectMatrix subjects={resources.Subjects} draft={draft} onChange={setDraft} />
        </Section>
        <Section id="room-notifications" title={roomsText.notifications.title}>
          <NotificationsSection draft={draft} onChange={setDraft} options={notifications.data ?? []} />
        </Section>
        {(serverErrors.length > 0 || (touched && invalid)) && (
          <Alert color="red" role="alert">
            {serverErrors.length > 0 ? (
              <List size="sm">
                {serverErrors.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            ) : (
              text.invalid
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" color="red" onClick={() => setConfirmClear(true)}>
            {text.clear}
          </Button>
          <Button variant="default" onClick={() => void leave()}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
      <RoomFilterModal
        initial={editingFilter}
        subjects={resources.Subjects}
        roomFilters={draft.roomFilters}
        nextKey={nextFilterKey(draft)}
        onClose={() => {
          setEditingFilter(null);
          setEditingOwn(null);
        }}
        onSave={(filter) => {
          setDraft(
            editingOwn !== null ? moveOwnFilter(draft, editingOwn, filter) : upsertRoomFilter(draft, filter),
          );
          setEditingFilter(null);
          setEditingOwn(null);
        }}
      />
      <ConfirmModal
        opened={confirmClear}
        danger
        onClose={() => setConfirmClear(false)}
        onConfirm={() => {
          setDraft({ ...newRoomDraft([]), menus: [], version: draft.version });
          setTouched(false);
          setConfirmClear(false);
        }}
      >
        {text.confirmClear}
      </ConfirmModal>
    </form>
  );
}
