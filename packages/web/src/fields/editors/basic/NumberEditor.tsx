import { TextInput } from '@mantine/core';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { message } from '@talkbase/domain/fields/messages';
import { checkWholeNumber, parseWholeNumber, sanitizeNumberInput } from '@talkbase/domain/fields/number';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

/** 10 digits (and the minus) cover the whole range −2147483648…2147483648. */
const MAX_DIGITS = 10;

function numberCodec(name: string): TextCodec {
  return {
    show: (value) => {
      const n = parseWholeNumber(value);
      return n === undefined ? '' : String(n);
    },
    mask: (typed) => {
      const kept = sanitizeNumberInput(typed);
      return kept.slice(0, kept.startsWith('-') ? MAX_DIGITS + 1 : MAX_DIGITS);
    },
    read: (text) => {
      if (text === '-') return { error: message('numberDigitsOnly', { name }), complete: false };
      const [problem] = checkWholeNumber(name, text);
      if (problem) return { error: problem.message, complete: true };
      return { value: Number(text) };
    },
  };
}

/**
 * Number text (3): digits only with an optional leading minus, within −2147483648…2147483648
 * (spec 002 §5); emits a number.
 */
export function NumberEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, numberCodec(attributeName(props.attribute)));
  return (
    <TextInput
      {...inputChrome(props, field.error)}
      inputMode="numeric"
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
