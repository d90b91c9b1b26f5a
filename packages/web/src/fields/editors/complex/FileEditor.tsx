import { ActionIcon, Anchor, Badge, Button, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import { mediaTypeOf } from '@talkbase/domain/contracts/files';
import {
  ALLOWED_FILE_EXTENSIONS,
  invalidFileMessage,
  pickFiles,
  type FileItem,
} from '@talkbase/domain/fields/file';
import { message } from '@talkbase/domain/fields/messages';
import { useRef, useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { downloadFile } from './download-blob.ts';
import { readFileData } from './read-file-data.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.files;

/** The value as a list of file items (a single item is a list of one; anything else is empty). */
export function fileItemsOf(value: unknown): FileItem[] {
  const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : value ? [value] : [];
  return list.filter(
    (item): item is FileItem =>
      item !== null && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string',
  );
}

/** A new file as the upload takes it: base64 data, or none when its extension is not allowed. */
async function newItem(file: File, invalid: boolean): Promise<FileItem> {
  const type = file.type || mediaTypeOf(file.name);
  if (invalid) return { name: file.name, type, url: null, data: null, error: true };
  return { name: file.name, type, url: null, data: await readFileData(file), error: false };
}

const path = (...parts: (string | number)[]): string =>
  parts.map((p) => encodeURIComponent(String(p))).join('/');

/** Download errors are ignored (002 §8 "file downloads: errors ignored or logged silently"). */
function quietly(run: () => Promise<void>): void {
  run().catch(() => undefined);
}

function FilesField(props: FieldEditorProps & { onDemand: boolean }) {
  const {
    attribute,
    value,
    onChange,
    readOnly,
    label,
    id,
    error,
    required,
    variant,
    subject,
    talkId,
    onDemand,
  } = props;
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<FileItem | null>(null);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [generating, setGenerating] = useState(false);
  const items = fileItemsOf(value);
  const visible = items.filter((item) => item.deleted !== true);
  const multiple = attribute.isMultipleValues;
  const cell = variant === 'cell';

  const emit = (next: FileItem[]) => {
    onChange(next.length === 0 ? null : next);
  };

  const pick = async (list: FileList | null) => {
    // pickFiles copies what it is given: a File's name is a getter, so it gets plain entries.
    const picked = Array.from(list ?? [], (file) => ({ name: file.name, file }));
    if (picked.length === 0) return;
    if (multiple) {
      const { added, ignored: left } = pickFiles(visible, picked);
      const fresh = await Promise.all(added.map((entry) => newItem(entry.file, entry.error)));
      setIgnored(left.map((entry) => entry.name));
      emit([...items, ...fresh]);
      return;
    }
    // Single-file mode: the new pick replaces the file there (a stored one is recorded as deleted).
    const [first] = pickFiles([], picked.slice(0, 1)).added;
    if (!first) return;
    const kept = items.filter((item) => item.url).map((item) => ({ ...item, deleted: true }));
    setIgnored(picked.slice(1).map((entry) => entry.name));
    emit([...kept, await newItem(first.file, first.error)]);
  };

  const confirmRemoval = () => {
    const target = removing;
    setRemoving(null);
    if (!target) return;
    emit(
      target.url
        ? items.map((item) => (item === target ? { ...item, deleted: true } : item))
        : items.filter((item) => item !== target),
    );
  };

  const generate = () => {
    setGenerating(true);
    quietly(() =>
      downloadFile(
        `/api/value/filegenerate/${path(subject, talkId, attribute.subjectAttributeId)}`,
        `${attribute.identifier}-${talkId}`,
      ).finally(() => {
        setGenerating(false);
      }),
    );
  };

  const stored = visible.filter((item) => item.url);

  return (
    <Input.Wrapper
      id={id}
      label={cell ? undefined : label}
      required={required}
      error={error}
      description={cell ? undefined : (attribute.description ?? undefined)}
    >
      <Stack gap={6} mt={cell ? 0 : 4}>
        <input
          ref={input}
          id={id}
          type="file"
          aria-label={cell ? label : undefined}
          multiple={multiple}
          accept={ALLOWED_FILE_EXTENSIONS.join(',')}
          style={{ display: 'none' }}
          disabled={readOnly}
          onChange={(e) => {
            const files = e.currentTarget.files;
            const target = e.currentTarget;
            void pick(files).finally(() => {
              // The same file can be picked again after its removal.
              target.value = '';
            });
          }}
        />
        {visible.length === 0 && (
          <Text size="sm" c="dimmed">
            {text.none}
          </Text>
        )}
        {visible.map((item) => (
          <Group key={`${item.url ?? 'new'}:${item.name}`} gap="xs" wrap="nowrap" data-file={item.name}>
            <Icon name={item.error ? 'error' : 'draft'} size="1.2em" />
            {item.url ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                aria-label={text.download(item.name)}
                onClick={() => {
                  const url = item.url ?? '';
                  quietly(() => downloadFile(url, `${text.downloadPrefix}${item.name}`));
                }}
              >
                {item.name}
              </Anchor>
            ) : (
              <Text size="sm" c={item.error ? 'red' : undefined}>
                {item.name}
              </Text>
            )}
            {item.error ? (
              <Tooltip label={invalidFileMessage()} multiline w={320} openDelay={500} withinPortal>
                <Badge color="red" variant="light" tabIndex={0} aria-label={invalidFileMessage()}>
                  !
                </Badge>
              </Tooltip>
            ) : (
              !item.url && (
                <Badge variant="light" title={text.newFileHint}>
                  {text.newFile}
                </Badge>
              )
            )}
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={text.remove(item.name)}
                onClick={() => setRemoving(item)}
              >
                <Icon name="delete" size="1.2em" />
              </ActionIcon>
            )}
          </Group>
        ))}
        {ignored.length > 0 && (
          <Text size="xs" c="dimmed" role="status">
            {text.ignored(ignored.join(', '))}
          </Text>
        )}
        <Group gap="xs">
          {!readOnly && (
            <Button
              size="xs"
              variant="light"
              leftSection={<Icon name="upload_file" />}
              onClick={() => input.current?.click()}
            >
              {multiple ? text.choose : text.chooseOne}
            </Button>
          )}
          {stored.length > 1 && talkId > 0 && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<Icon name="download" />}
              onClick={() =>
                quietly(() =>
                  downloadFile(
                    `/api/value/file/${path(subject, talkId, attribute.subjectAttributeId)}`,
                    `${attribute.identifier}-${talkId}.zip`,
                  ),
                )
              }
            >
              {text.downloadAll}
            </Button>
          )}
          {onDemand && (
            <Tooltip label={text.generateHint} disabled={talkId > 0}>
              <Button
                size="xs"
                variant="light"
                leftSection={<Icon name="description" />}
                onClick={generate}
                loading={generating}
                disabled={talkId <= 0}
              >
                {text.generate}
              </Button>
            </Tooltip>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.confirm}
        cancelLabel={text.cancel}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      >
        {message('fileRemoveConfirm')}
      </ConfirmModal>
    </Input.Wrapper>
  );
}

/** Component 22: the file list of spec 002 §3–§5 (uploaded by `uploadFileValue` after saving). */
export function FileEditor(props: FieldEditorProps) {
  return <FilesField {...props} onDemand={false} />;
}

/** Component 34: the file list plus 'Gerar arquivo' (GET /value/filegenerate) once the record exists. */
export function FileOnDemandEditor(props: FieldEditorProps) {
  return <FilesField {...props} onDemand />;
}
