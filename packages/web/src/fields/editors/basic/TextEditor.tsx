import { Textarea, TextInput } from '@mantine/core';
import { textMaxLength } from '@talkbase/domain/fields/text';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

/** Spec 002 §5/§9: text changes are emitted 300 ms after the last keystroke (or on blur). */
export const TEXT_DEBOUNCE_MS = 300;

const textCodec: TextCodec = {
  show: (value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''),
  mask: (typed) => typed,
  read: (text) => ({ value: text }),
};

/**
 * Text (1), multiline text (26) and free text (30). At most `attribute.length` characters (800
 * when unset); an emptied field is null. The minimum characters and words of the config are
 * validateValue's: the screen shows them through `error`.
 */
export function TextEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, textCodec, { debounceMs: TEXT_DEBOUNCE_MS });
  const common = {
    ...inputChrome(props, field.error),
    value: field.text,
    onChange: field.onChange,
    onBlur: field.onBlur,
    maxLength: textMaxLength(props.attribute),
  };
  if (props.attribute.componentId === 26) {
    return <Textarea {...common} autosize minRows={props.variant === 'cell' ? 1 : 3} maxRows={12} />;
  }
  return <TextInput {...common} />;
}
