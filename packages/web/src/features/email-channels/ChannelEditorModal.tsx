import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChannel, UnknownSender } from '@talkbase/domain/contracts/email-channels';
import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchReadableSubjects } from '../../api/subjects-api.ts';
import { fetchSubject } from '../../fields/editors/complex/structured-api.ts';
import { emailText } from '../../i18n/email.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { createEmailChannel, emailChannelKeys, updateEmailChannel } from './email-channels-api.ts';

const text = emailText.editor;

interface DefaultRow {
  key: number;
  attribute: string;
  value: string;
}

const asText = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);

/** A default's text as the value sent: numbers and JSON as such (a reference's id), the rest as text. */
function valueOf(raw: string): unknown {
  const v = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v === 'true' || v === 'false') return v === 'true';
  return raw;
}

/** The editor of one channel (new when `channel` is null): name, address, subject, unknown senders, defaults. */
export function ChannelEditorModal(props: { channel: EmailChannel | null; onClose: () => void }) {
  const { channel } = props;
  const queryClient = useQueryClient();
  const [name, setName] = useState(channel?.name ?? '');
  const [address, setAddress] = useState(channel?.address ?? '');
  const [subject, setSubject] = useState<string | null>(channel?.subject ?? 'chamado');
  const [unknownSender, setUnknownSender] = useState<UnknownSender>(channel?.unknownSender ?? 'create');
  const [active, setActive] = useState(channel?.active ?? true);
  const [inbound, setInbound] = useState<'smtp' | 'imap'>(channel?.inbound ?? 'smtp');
  const [imap, setImap] = useState({
    host: channel?.imap?.host ?? '',
    port: channel?.imap?.port ?? 993,
    tls: channel?.imap?.tls ?? true,
    user: channel?.imap?.user ?? '',
    password: '',
    mailbox: channel?.imap?.mailbox ?? 'INBOX',
  });
  const [defaults, setDefaults] = useState<DefaultRow[]>(
    (channel?.defaults ?? []).map((d, i) => ({
      key: i,
      attribute: d.subjectAttributeIdentifier,
      value: asText(d.value),
    })),
  );
  const [nextKey, setNextKey] = useState(defaults.length);

  const subjects = useQuery({
    queryKey: ['readable-subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
  });
  const attributes = useQuery({
    queryKey: ['subject', subject],
    queryFn: ({ signal }) => fetchSubject(subject ?? '', signal),
    enabled: Boolean(subject),
  });

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        address,
        subject: subject ?? '',
        unknownSender,
        active,
        inbound,
        imap:
          inbound === 'imap' ? { ...imap, password: imap.password === '' ? undefined : imap.password } : null,
        defaults: defaults
          .filter((d) => d.attribute)
          .map((d) => ({ subjectAttributeIdentifier: d.attribute, value: valueOf(d.value) })),
        ...(channel ? { version: channel.version } : {}),
      };
      return channel ? updateEmailChannel(channel.channelId, body) : createEmailChannel(body);
    },
    onSuccess: async () => {
      notify({ kind: 'success', title: text.saved });
      await queryClient.invalidateQueries({ queryKey: emailChannelKeys.all });
      props.onClose();
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : [];
  const fieldError = (field: string) => errors.find((e) => e.field === field)?.message;
  const otherErrors = save.error
    ? errors.length
      ? errors
          .filter(
            (e) => !['name', 'address', 'subject'].includes(e.field ?? '') && !e.field?.startsWith('imap.'),
          )
          .map((e) => e.message)
      : [text.saveError]
    : [];

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const attributeOptions = (attributes.data?.subjectAttributes ?? []).map((a) => ({
    value: a.identifier,
    label: a.name,
  }));

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={channel ? text.titleEdit : text.titleNew}
      size="lg"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={text.name}
            description={text.nameHint}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
            }}
            error={fieldError('name')}
            required
            data-autofocus
          />
          <TextInput
            label={text.address}
            description={text.addressHint}
            type="email"
            value={address}
            onChange={(e) => {
              setAddress(e.currentTarget.value);
            }}
            error={fieldError('address')}
            required
          />
          <Select
            label={text.subject}
            description={text.subjectHint}
            data={(subjects.data ?? []).map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
            value={subject}
            onChange={(v) => {
              setSubject(v);
              setDefaults([]);
            }}
            error={fieldError('subject') ?? (subjects.isError ? text.subjectsError : undefined)}
            searchable
            required
            allowDeselect={false}
          />
          <Radio.Group
            label={text.unknownSender}
            value={unknownSender}
            onChange={(v) => {
              setUnknownSender(v === 'refuse' ? 'refuse' : 'create');
            }}
          >
            <Group mt={4}>
              <Radio value="create" label={text.unknownCreate} />
              <Radio value="refuse" label={text.unknownRefuse} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={text.inbound}
            value={inbound}
            onChange={(v) => {
              setInbound(v === 'imap' ? 'imap' : 'smtp');
            }}
          >
            <Group mt={4}>
              <Radio value="smtp" label={text.inboundSmtp} />
              <Radio value="imap" label={text.inboundImap} />
            </Group>
          </Radio.Group>
          {inbound === 'imap' && (
            <Stack gap="xs" className="email-imap">
              <Group grow align="flex-start">
                <TextInput
                  label={text.imapHost}
                  value={imap.host}
                  onChange={(e) => {
                    const host = e.currentTarget.value;
                    setImap((v) => ({ ...v, host }));
                  }}
                  error={fieldError('imap.host')}
                  required
                />
                <NumberInput
                  label={text.imapPort}
                  value={imap.port}
                  min={1}
                  max={65535}
                  onChange={(n) => {
                    setImap((v) => ({ ...v, port: typeof n === 'number' ? n : Number(n) || 993 }));
                  }}
                  error={fieldError('imap.port')}
                  maw={140}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={text.imapUser}
                  value={imap.user}
                  onChange={(e) => {
                    const user = e.currentTarget.value;
                    setImap((v) => ({ ...v, user }));
                  }}
                  error={fieldError('imap.user')}
                  required
                />
                <PasswordInput
                  label={text.imapPassword}
                  description={channel?.imap?.hasPassword ? text.imapPasswordKept : undefined}
                  value={imap.password}
                  onChange={(e) => {
                    const password = e.currentTarget.value;
                    setImap((v) => ({ ...v, password }));
                  }}
                  error={fieldError('imap.password')}
                  required={!channel?.imap?.hasPassword}
                  autoComplete="new-password"
                />
              </Group>
              <Group grow align="flex-end">
                <TextInput
                  label={text.imapMailbox}
                  value={imap.mailbox}
                  onChange={(e) => {
                    const mailbox = e.currentTarget.value;
                    setImap((v) => ({ ...v, mailbox }));
                  }}
                  error={fieldError('imap.mailbox')}
                />
                <Switch
                  label={text.imapTls}
                  checked={imap.tls}
                  onChange={(e) => {
                    const tls = e.currentTarget.checked;
                    setImap((v) => ({ ...v, tls }));
                  }}
                  mb={8}
                />
              </Group>
            </Stack>
          )}
          <Switch
            label={text.active}
            checked={active}
            onChange={(e) => {
              setActive(e.currentTarget.checked);
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {text.defaults}
            </Text>
            <Text size="xs" c="dimmed">
              {text.defaultsHint}
            </Text>
            {defaults.length === 0 && (
              <Text size="sm" c="dimmed">
                {text.noDefaults}
              </Text>
            )}
            {defaults.map((d, i) => (
              <div key={d.key} className="email-default-row">
                <Select
                  label={text.attribute}
                  data={attributeOptions}
                  value={d.attribute || null}
                  onChange={(v) => {
                    setDefaults((rows) =>
                      rows.map((r) => (r.key === d.key ? { ...r, attribute: v ?? '' } : r)),
                    );
                  }}
                  searchable
                  style={{ flex: 1 }}
                  error={fieldError(`defaults.${String(i)}.subjectAttributeIdentifier`)}
                />
                <TextInput
                  label={text.value}
                  value={d.value}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDefaults((rows) => rows.map((r) => (r.key === d.key ? { ...r, value } : r)));
                  }}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={text.removeDefault}
                  title={text.removeDefault}
                  onClick={() => {
                    setDefaults((rows) => rows.filter((r) => r.key !== d.key));
                  }}
                >
                  <Icon name="delete" />
                </ActionIcon>
              </div>
            ))}
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<Icon name="add" />}
                disabled={!subject}
                onClick={() => {
                  setDefaults((rows) => [...rows, { key: nextKey, attribute: '', value: '' }]);
                  setNextKey((k) => k + 1);
                }}
              >
                {text.addDefault}
              </Button>
            </Group>
          </Stack>
          {otherErrors.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {otherErrors.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
