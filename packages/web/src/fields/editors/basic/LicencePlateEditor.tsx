import { TextInput } from '@mantine/core';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { formatPlate, isValidPlate } from '@talkbase/domain/fields/licence-plate';
import { message } from '@talkbase/domain/fields/messages';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

function plateCodec(name: string): TextCodec {
  return {
    show: (value) => (typeof value === 'string' ? formatPlate(value) : ''),
    mask: formatPlate,
    read: (text) =>
      isValidPlate(text) ? { value: text } : { error: message('plateInvalid', { name }), complete: false },
  };
}

/** Licence plate (31): mask SSS-#X##, upper case (old ABC-1234 and Mercosul ABC-1C34 plates). */
export function LicencePlateEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, plateCodec(attributeName(props.attribute)));
  return (
    <TextInput
      {...inputChrome(props, field.error)}
      autoCapitalize="characters"
      placeholder="ABC-1D23"
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
