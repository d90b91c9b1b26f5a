import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatPhone } from '@talkbase/domain/fields/phone';
import type { ChangeEvent, ReactNode } from 'react';
import { ImagePicker, type ImageValue } from '../../fields/editors/complex/ImagePicker.tsx';
import { usersText } from '../../i18n/users.ts';

/** The pieces the account form (001 §2.3–2.4) and the own profile (001 §2.5) both show. */

const text = usersText.form;

/** The account could not be loaded: the message and a way to try again. */
export function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" maw={720}>
      <Stack gap="xs" align="flex-start">
        {text.loadError}
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {text.reload}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A titled group of the form's fields, named for screen readers by its title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** What a text field of the form takes: its id, value, message and change handler. */
export interface AccountField {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/** 'Telefone', formatted as it is typed. */
export function PhoneInput({ field, onChange }: { field: AccountField; onChange: (phone: string) => void }) {
  return (
    <TextInput
      label={text.phone}
      required
      inputMode="tel"
      placeholder="(00) 00000-0000"
      {...field}
      onChange={(e) => {
        onChange(formatPhone(e.currentTarget.value));
      }}
    />
  );
}

/**
 * The 'Imagem' section. `storedImage` is the saved image, loaded apart (useAccountImage): the
 * picker shows it while the value is the stored one (no data, no URL of its own).
 */
export function AccountImageSection(props: {
  id: string;
  value: ImageValue | null;
  storedImage: string | null;
  error: string | undefined;
  onChange: (image: ImageValue | null) => void;
}) {
  const { value, storedImage } = props;
  const pickerImage =
    value && !value.data && !value.url ? (storedImage ? { ...value, url: storedImage } : null) : value;
  return (
    <FormSection title={text.image}>
      <ImagePicker id={props.id} label={text.image} value={pickerImage} onChange={props.onChange} />
      {props.error && (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      )}
    </FormSection>
  );
}
