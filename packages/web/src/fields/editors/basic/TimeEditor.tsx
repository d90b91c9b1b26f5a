import { TextInput } from '@mantine/core';
import { message } from '@talkbase/domain/fields/messages';
import { maskTime, parseDuration } from '@talkbase/domain/fields/time';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

/** Spec 002 §9: the time input emits 500 ms after the last keystroke (or on blur). */
export const TIME_DEBOUNCE_MS = 500;

const timeCodec: TextCodec = {
  show: (value) => (typeof value === 'string' ? maskTime(value) : ''),
  mask: maskTime,
  read: (text) =>
    parseDuration(text) === undefined
      ? { error: message('durationInvalid'), complete: false }
      : { value: text },
};

/**
 * Time (19): a duration HH:MM:SS whose mask caps the tens of minutes and seconds at 5; an
 * incomplete value is 'Duração inválida'. Emits the 'HH:MM:SS' text.
 */
export function TimeEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, timeCodec, { debounceMs: TIME_DEBOUNCE_MS });
  return (
    <TextInput
      {...inputChrome(props, field.error)}
      inputMode="numeric"
      placeholder="00:00:00"
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
