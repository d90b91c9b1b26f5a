import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { fileIconFor, type TalkAttachment } from '@talkbase/domain/contracts/files';
import { configFlag } from '@talkbase/domain/fields/component-config';
import { invalidFileMessage, MAX_FILES_PER_SELECTION, pickFiles } from '@talkbase/domain/fields/file';
import { message } from '@talkbase/domain/fields/messages';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { notify } from '../../notices/notices-store.ts';
import { downloadFile, type TokenGetter } from './file-transfer.ts';
import { formatFileSize } from './file-size.ts';
import { useFileChanges } from './useRecordFiles.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { recordsViewsText } from '../../../i18n/records-views.ts';

const text = recordsViewsText.attachments;
const FILE_ON_DEMAND = 34;

interface AttributeFilesProps {
  subject: string;
  talkId: number;
  attribute: ContextSubjectAttribute;
  files: TalkAttachment[];
  canUpload: boolean;
  canRemove: boolean;
  token: TokenGetter;
}

function errorMessages(err: unknown, fallback: string): string[] {
  if (err instanceof ApiError && err.errors.length > 0) return err.errors.map((e) => e.message);
  return [fallback];
}

/** One file attribute of the record: its files, and the upload, download and removal of them. */
export function AttributeFiles({
  subject,
  talkId,
  attribute,
  files,
  canUpload,
  canRemove,
  token,
}: AttributeFilesProps) {
  const titleId = useId();
  const { upload, remove, downloadAllUrl } = useFileChanges(subject, talkId, attribute.subjectAttributeId);
  const [flagged, setFlagged] = useState<string[]>([]);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(0);
  const [removing, setRemoving] = useState<TalkAttachment | null>(null);
  const many = attribute.isMultipleValues || configFlag(attribute.componentConfigs, 'isMultiple');

  function send(picked: File[]) {
    setUploadErrors([]);
    if (picked.length === 0) return;
    // A single-file attribute takes one file, which replaces the one there (002 §4).
    const selection = many ? picked : picked.slice(0, 1);
    const existing = many ? files.map((file) => file.value) : [];
    const { added, ignored } = pickFiles(
      existing.map((name) => ({ name })),
      selection.map((file) => ({ name: file.name, file })),
    );
    setFlagged(added.filter((item) => item.error).map((item) => item.name));
    const notes: string[] = [];
    if (selection.length > MAX_FILES_PER_SELECTION)
      notes.push(message('fileTooMany', { n: MAX_FILES_PER_SELECTION }));
    const repeated = ignored.filter((item) => existing.includes(item.name)).map((item) => item.name);
    if (repeated.length > 0) notes.push(text.alreadyThere(repeated.join(', ')));
    if (notes.length > 0) notify({ kind: 'alert', message: notes.join(' ') });
    const valid = added.filter((item) => !item.error).map((item) => item.file);
    if (valid.length === 0) return;
    setSending(valid.length);
    upload.mutate(valid, {
      onSuccess: (answer) => {
        if (answer.files.length > 0) notify({ kind: 'success', message: text.uploaded(answer.files.length) });
        if (answer.ignored.length > 0)
          notify({ kind: 'alert', message: text.alreadyThere(answer.ignored.join(', ')) });
      },
      onError: (err) => setUploadErrors(errorMessages(err, text.uploadFailed)),
      onSettled: () => setSending(0),
    });
  }

  function confirmRemoval() {
    const file = removing;
    setRemoving(null);
    if (!file) return;
    remove.mutate(file.talkAttachmentId, {
      onSuccess: () => notify({ kind: 'success', message: text.removed }),
      onError: (err) =>
        notify({
          kind: 'error',
          title: text.removeFailed,
          message: errorMessages(err, text.removeFailed).join(' '),
        }),
    });
  }

  const downloadOne = (file: TalkAttachment) =>
    void downloadFile(file.url, token, () => `${text.downloadPrefix}${file.value}`);
  const downloadAll = () =>
    void downloadFile(
      downloadAllUrl,
      token,
      (serverName) =>
        serverName ??
        (files.length === 1 && files[0] ? files[0].value : `${attribute.identifier}-${talkId}.zip`),
    );
  const generate = () =>
    void downloadFile(
      `/api/value/filegenerate/${encodeURIComponent(subject)}/${talkId}/${attribute.subjectAttributeId}`,
      token,
      (serverName) => serverName ?? `${subject}-${talkId}.csv`,
    );

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Group gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {attribute.name}
          </Title>
          <Badge variant="light" color="gray">
            {text.count(files.length)}
          </Badge>
        </Group>
        <Group gap="xs">
          {attribute.componentId === FILE_ON_DEMAND && (
            <Button
              size="xs"
              variant="default"
              leftSection={<Icon name="description" size={16} />}
              aria-label={text.generateLabel(attribute.name)}
              onClick={generate}
            >
              {text.generate}
            </Button>
          )}
          {files.length > 0 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<Icon name="download" size={16} />}
              aria-label={text.downloadAllLabel(attribute.name)}
              onClick={downloadAll}
            >
              {text.downloadAll}
            </Button>
          )}
          {canUpload && (
            <PickButton
              many={many}
              onPick={send}
              busy={upload.isPending}
              pickLabel={text.pickLabel(attribute.name)}
              buttonLabel={text.uploadLabel(attribute.name)}
            />
          )}
        </Group>
      </Group>

      {sending > 0 && (
        <Stack gap={4} mb="sm" role="status">
          <Text size="sm">{text.uploading(sending)}</Text>
          <Progress value={100} animated striped aria-label={text.uploading(sending)} />
        </Stack>
      )}
      {uploadErrors.length > 0 && (
        <Alert color="red" variant="light" role="alert" mb="sm" title={text.uploadFailed}>
          {uploadErrors.length === 1 ? (
            uploadErrors[0]
          ) : (
            <List size="sm">
              {uploadErrors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      {files.length === 0 && flagged.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noFiles}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {files.map((file) => (
            <Group component="li" key={file.talkAttachmentId} gap="sm" wrap="nowrap" align="center">
              <Icon name={fileIconFor(file.type || file.value)} size={24} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end" title={file.value}>
                  {file.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size)} ·{' '}
                  {file.actorName
                    ? text.sentBy(
                        file.actorName,
                        formatDateTime(new Date(file.insertedIn), DEFAULT_TIME_ZONE),
                      )
                    : text.sentAt(formatDateTime(new Date(file.insertedIn), DEFAULT_TIME_ZONE))}
                </Text>
              </Stack>
              <Tooltip label={text.download(file.value)} openDelay={500}>
                <ActionIcon
                  variant="subtle"
                  aria-label={text.download(file.value)}
                  onClick={() => downloadOne(file)}
                >
                  <Icon name="download" size={20} />
                </ActionIcon>
              </Tooltip>
              {canRemove && (
                <Tooltip label={text.remove(file.value)} openDelay={500}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={text.remove(file.value)}
                    loading={remove.isPending && remove.variables === file.talkAttachmentId}
                    onClick={() => setRemoving(file)}
                  >
                    <Icon name="delete" size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
          {flagged.map((name) => (
            <Group component="li" key={`flagged-${name}`} gap="sm" wrap="nowrap" align="center">
              <Icon name="error" size={24} style={{ color: 'var(--mantine-color-red-7)' }} />
              <Text size="sm" fw={500} truncate="end" style={{ flex: 1, minWidth: 0 }} c="red.8">
                {name}
              </Text>
              <Tooltip label={invalidFileMessage()} multiline w={320} openDelay={500}>
                <Badge color="red" variant="light" tabIndex={0}>
                  {text.notSent}
                </Badge>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={text.dismiss(name)}
                onClick={() => setFlagged((list) => list.filter((n) => n !== name))}
              >
                <Icon name="close" size={20} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}

      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.ok}
        cancelLabel={text.cancel}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      >
        {message('fileRemoveConfirm')}
      </ConfirmModal>
    </Paper>
  );
}

interface PickButtonProps {
  many: boolean;
  onPick: (files: File[]) => void;
  busy: boolean;
  pickLabel: string;
  buttonLabel: string;
}

/** The file button: several files at once on a multiple-file attribute, one otherwise. */
function PickButton({ many, onPick, busy, pickLabel, buttonLabel }: PickButtonProps) {
  const trigger = (props: { onClick: () => void }) => (
    <Button
      {...props}
      size="xs"
      leftSection={<Icon name="upload" size={16} />}
      aria-label={buttonLabel}
      loading={busy}
    >
      {many ? text.upload : text.uploadOne}
    </Button>
  );
  const inputProps = { 'aria-label': pickLabel };
  return many ? (
    <FileButton multiple onChange={onPick} disabled={busy} inputProps={inputProps}>
      {trigger}
    </FileButton>
  ) : (
    <FileButton onChange={(file) => onPick(file ? [file] : [])} disabled={busy} inputProps={inputProps}>
      {trigger}
    </FileButton>
  );
}
