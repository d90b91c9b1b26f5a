import { TextInput } from '@mantine/core';
import {
  decimalFormatOf,
  formatDecimal,
  maskDecimalInput,
  parseDecimal,
  readDecimalValue,
  type DecimalFormat,
} from '@talkbase/domain/fields/decimal';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { message } from '@talkbase/domain/fields/messages';
import type { KeyboardEvent } from 'react';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

function decimalCodec(name: string, format: DecimalFormat): TextCodec {
  return {
    show: (value) => {
      const n = readDecimalValue(value);
      return n === undefined ? '' : formatDecimal(n, format);
    },
    // A lone minus waits for the digits that follow it.
    mask: (typed) => (typed.trim() === '-' ? '-' : maskDecimalInput(typed, format)),
    read: (text) => {
      const n = parseDecimal(text);
      return n === undefined ? { error: message('decimalInvalid', { name }), complete: false } : { value: n };
    },
  };
}

/** Numeric keys only (spec 002 §5): digits, the minus, and the keys that edit or move. */
function numericKeysOnly(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
  if (!/[0-9-]/.test(event.key)) event.preventDefault();
}

/**
 * Money and measurements (5, 23, 24, 25): pt-BR writing, '.' for thousands (unless the config's
 * `thousandsSeparator` is off) and ',' for decimals, `precision` decimals (default 2). Digits fill
 * from the right as typed (1 2 3 4 5 → 123,45); emits the number.
 */
export function DecimalEditor(props: FieldEditorProps) {
  const format = decimalFormatOf(props.attribute);
  const field = useMaskedText(props, decimalCodec(attributeName(props.attribute), format));
  return (
    <TextInput
      {...inputChrome(props, field.error)}
      inputMode="numeric"
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onKeyDown={numericKeysOnly}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
