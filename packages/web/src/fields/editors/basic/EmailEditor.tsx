import { TextInput } from '@mantine/core';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

const emailCodec: TextCodec = {
  show: (value) => (typeof value === 'string' ? value : ''),
  mask: (typed) => typed,
  read: (text) => ({ value: text.trim() }),
};

/**
 * E-mail (13): an e-mail input; emits the address as typed (trimmed), null when emptied. Whether
 * it is an address is validateValue's rule (the screen shows its message through `error`).
 */
export function EmailEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, emailCodec);
  return (
    <TextInput
      {...inputChrome(props, field.error)}
      type="email"
      autoComplete="email"
      maxLength={254}
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
