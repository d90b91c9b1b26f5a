import { Button, Group, Image, Input, Stack } from '@mantine/core';
import { mediaTypeOf } from '@talkbase/domain/contracts/files';
import { ALLOWED_IMAGE_EXTENSIONS, imageExtensionError } from '@talkbase/domain/fields/file';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import { dataUrl, readFileData } from './read-file-data.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.image;

/** How long 'Extensão não suportada' stays (002 §9: image error 3000 ms). */
export const IMAGE_ERROR_MS = 3000;

/** An image as the upload takes it (002 §3 "Image upload": name, type, data, url). */
export interface ImageValue {
  name: string;
  type: string;
  /** Base64 content of a new image; null for a stored one. */
  data: string | null;
  /** Where a stored image is served from; null for a new one. */
  url: string | null;
}

export interface ImagePickerProps {
  label: string;
  id?: string | undefined;
  value: ImageValue | null;
  onChange: (value: ImageValue | null) => void;
  readOnly?: boolean | undefined;
}

/**
 * The image upload (profile picture and the like): .png, .jpeg and .jpg only; anything else shows
 * 'Extensão não suportada' for 3 s and changes nothing.
 */
export function ImagePicker({ label, id, value, onChange, readOnly = false }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => {
      setProblem(undefined);
    }, IMAGE_ERROR_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [problem]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refused = imageExtensionError(file.name);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(undefined);
    const type = file.type || mediaTypeOf(file.name);
    onChange({ name: file.name, type, data: await readFileData(file), url: null });
  };

  const source = value?.data ? dataUrl(value.type, value.data) : (value?.url ?? null);
  return (
    <Input.Wrapper id={id} label={label} error={problem}>
      <Stack gap="xs" mt={4}>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ALLOWED_IMAGE_EXTENSIONS.join(',')}
          style={{ display: 'none' }}
          disabled={readOnly}
          onChange={(e) => {
            const target = e.currentTarget;
            void pick(target.files?.[0]).finally(() => {
              target.value = '';
            });
          }}
        />
        {source && <Image src={source} alt={text.preview} w={120} h={120} fit="cover" radius="sm" />}
        {!readOnly && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<Icon name="image" />}
              onClick={() => input.current?.click()}
            >
              {text.choose}
            </Button>
            {value && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                {text.remove}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
