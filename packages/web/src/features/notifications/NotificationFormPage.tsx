import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_BASE_VARIABLES,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_NAME_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationMessages,
  type CompanyChannel,
  type NotificationDetail,
} from '@talkbase/domain/contracts/notifications';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { notificationsText } from '../../i18n/notifications.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { notify } from '../notices/notices-store.ts';
import { fetchReadableSubjects } from '../../api/subjects-api.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import {
  detailToDraft,
  draftErrors,
  draftToInput,
  newNotificationDraft,
  toggleChannel,
  toggleRequired,
  type DraftErrors,
  type NotificationDraft,
} from './notification-draft.ts';
import {
  createNotification,
  fetchChannels,
  fetchLinks,
  fetchNotification,
  fetchVariables,
  notificationKeys,
  updateNotification,
} from './notifications-api.ts';
import { TemplateField } from './TemplateField.tsx';
import { eraseVariables, variablesIn } from './template-editing.ts';
import './notifications.css';

const text = notificationsText.form;
export const LIST_PATH = '/config/notifications';
const isBase = (v: string) => (NOTIFICATION_BASE_VARIABLES as readonly string[]).includes(v);

/** 'Cadastrar Notificações' (001 §2.11), new or with the notificationId parameter. */
export function NotificationFormPage() {
  const params = useParams();
  const id = params.notificationId ? Number(params.notificationId) : null;
  const existing = useQuery({
    queryKey: notificationKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchNotification(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
  const channels = useQuery({
    queryKey: notificationKeys.channels,
    queryFn: ({ signal }) => fetchChannels(signal),
  });
  if (existing.isError || channels.isError)
    return (
      <Alert color="red" variant="light" role="alert" maw={720}>
        <Stack gap="xs" align="flex-start">
          {text.loadError}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void Promise.all([existing.refetch(), channels.refetch()])}
          >
            {text.reload}
          </Button>
        </Stack>
      </Alert>
    );
  if ((id !== null && !existing.data) || !channels.data)
    return (
      <Stack gap="sm" maw={720} aria-busy="true" aria-label={t.app.loading}>
        <Skeleton height={36} width={280} />
        <Skeleton height={240} />
      </Stack>
    );
  return <NotificationForm key={id ?? 'new'} id={id} existing={existing.data} channels={channels.data} />;
}

function NotificationForm(props: {
  id: number | null;
  existing: NotificationDetail | undefined;
  channels: CompanyChannel[];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState<NotificationDraft>(() =>
    props.existing ? detailToDraft(props.existing) : newNotificationDraft(),
  );
  const unsaved = useUnsavedDraft(draft);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [pendingSubject, setPendingSubject] = useState<number | null | undefined>(undefined);
  const subjects = useQuery({
    queryKey: ['context', 'subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
  });
  const variables = useQuery({
    queryKey: notificationKeys.variables(draft.subjectId),
    queryFn: ({ signal }) => fetchVariables(draft.subjectId, signal),
  });
  const links = useQuery({ queryKey: notificationKeys.links, queryFn: ({ signal }) => fetchLinks(signal) });
  const errors: DraftErrors = { ...(touched ? draftErrors(draft) : {}), ...serverErrors };
  const editing = props.id !== null;
  // Only the company's enabled channels appear (001 §4); one the notification already uses stays listed.
  const shown = props.channels.filter(
    (c) => c.isEnable || draft.notificationChannels.some((n) => n.channelId === c.channelId),
  );

  const set = <K extends keyof NotificationDraft>(key: K, value: NotificationDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };

  const changeSubject = (subjectId: number | null) => {
    const used = [...variablesIn(draft.titleTemplate), ...variablesIn(draft.messageTemplate)].some(
      (v) => !isBase(v),
    );
    if (used) setPendingSubject(subjectId);
    else set('subjectId', subjectId);
  };

  /** Back to the list (its cache already told to reload), closing the form's tab. */
  const leave = async () => {
    unsaved.release();
    const here = location.pathname;
    await navigate(LIST_PATH);
    forgetTab(here, LIST_PATH);
  };

  const save = async () => {
    setTouched(true);
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) {
      if (found.notificationChannels) notify({ kind: 'error', title: notificationMessages.channelRequired });
      return;
    }
    setSaving(true);
    try {
      const input = draftToInput(draft);
      if (props.id === null) await createNotification(input);
      else await updateNotification(props.id, input);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      notify({ kind: 'success', title: text.saved(input.notificationName, editing) });
      await leave();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.errors.some((e) => e.field)) {
        const next: DraftErrors = {};
        for (const e of err.errors) {
          const field = e.field?.split('.')[0] as keyof DraftErrors | undefined;
          if (field && !next[field]) next[field] = e.message;
        }
        setServerErrors(next);
      }
      notify({ kind: 'error', title: text.saveError, durationMs: 10_000 });
    } finally {
      setSaving(false);
    }
  };

  const templateProps = {
    variables: variables.data,
    variablesLoading: variables.isPending,
    variablesFailed: variables.isError,
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={760}>
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <TextInput
              label={text.name}
              required
              maxLength={NOTIFICATION_NAME_MAX}
              value={draft.notificationName}
              error={errors.notificationName}
              onChange={(e) => set('notificationName', e.currentTarget.value)}
            />
            <Textarea
              label={text.description}
              autosize
              minRows={2}
              maxLength={NOTIFICATION_DESCRIPTION_MAX}
              value={draft.notificationDescription}
              error={errors.notificationDescription}
              onChange={(e) => set('notificationDescription', e.currentTarget.value)}
            />
            <Select
              label={text.subject}
              placeholder={text.noSubject}
              clearable
              searchable
              data={(subjects.data ?? []).map((s) => ({ value: String(s.subjectId), label: s.subjectName }))}
              value={draft.subjectId === null ? null : String(draft.subjectId)}
              onChange={(v) => changeSubject(v ? Number(v) : null)}
              maw={360}
            />
            <TemplateField
              label={text.titleTemplate}
              required
              maxLength={NOTIFICATION_TITLE_MAX}
              value={draft.titleTemplate}
              error={errors.titleTemplate}
              onChange={(v) => set('titleTemplate', v)}
              {...templateProps}
            />
            <TemplateField
              label={text.messageTemplate}
              required
              multiline
              maxLength={NOTIFICATION_MESSAGE_MAX}
              value={draft.messageTemplate}
              error={errors.messageTemplate}
              onChange={(v) => set('messageTemplate', v)}
              {...templateProps}
            />
            <Switch
              label={`${text.attachReferences}: ${draft.attachReferences ? text.yes : text.no}`}
              checked={draft.attachReferences}
              onChange={(e) => set('attachReferences', e.currentTarget.checked)}
              description={draft.attachReferences ? linksHint(links) : undefined}
              data-testid="attach-references"
            />
          </Stack>
        </Paper>
        <ChannelMatrix
          draft={draft}
          channels={shown}
          error={errors.notificationChannels}
          onChange={(d) => {
            setDraft(d);
            setServerErrors((e) => ({ ...e, notificationChannels: undefined }));
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void leave()} disabled={saving}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? text.update : text.save}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pendingSubject !== undefined}
        title={text.changeSubjectTitle}
        onClose={() => setPendingSubject(undefined)}
        onConfirm={() => {
          const subjectId = pendingSubject ?? null;
          setDraft((d) => ({
            ...d,
            subjectId,
            titleTemplate: eraseVariables(d.titleTemplate, isBase),
            messageTemplate: eraseVariables(d.messageTemplate, isBase),
          }));
          setPendingSubject(undefined);
        }}
      >
        {text.changeSubject}
      </ConfirmModal>
    </form>
  );
}

/** The channel matrix (001 §2.11, §4): tick a channel to send through it, then optionally make it required. */
function ChannelMatrix(props: {
  draft: NotificationDraft;
  channels: CompanyChannel[];
  error: string | undefined;
  onChange: (d: NotificationDraft) => void;
}) {
  const chosen = (id: number) => props.draft.notificationChannels.find((c) => c.channelId === id);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {text.channels}
        </Title>
        {props.channels.length === 0 ? (
          <Text c="dimmed">{text.noEnabledChannel}</Text>
        ) : (
          <Table aria-label={text.channels} maw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.channel}</Table.Th>
                <Table.Th ta="center">{text.send}</Table.Th>
                <Table.Th ta="center">{text.required}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.channels.map((c) => {
                const name = notificationsText.channelName(c.channelId, c.channelDescription);
                const row = chosen(c.channelId);
                return (
                  <Table.Tr key={c.channelId}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        className="matrix-cell"
                        aria-label={`${text.send}: ${name}`}
                        checked={row !== undefined}
                        onChange={() => props.onChange(toggleChannel(props.draft, c.channelId))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        className="matrix-cell"
                        aria-label={`${text.required}: ${name}`}
                        checked={row?.isRequired ?? false}
                        disabled={row === undefined}
                        onChange={() => props.onChange(toggleRequired(props.draft, c.channelId))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {props.draft.notificationChannels.length === 0 && (
          <Text size="sm" c={props.error ? 'red' : 'dimmed'} role={props.error ? 'alert' : undefined}>
            {props.error ? `${props.error} ${text.channelWarning}` : text.channelWarning}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Under "Anexar links de referência": where e-mail links point, or that they cannot (no PUBLIC_URL). */
function linksHint(links: { data?: { publicUrl: string | null } | undefined; isError: boolean }) {
  if (links.isError) return notificationsText.links.error;
  if (!links.data) return undefined;
  return links.data.publicUrl === null
    ? notificationsText.links.none
    : notificationsText.links.to(links.data.publicUrl);
}
