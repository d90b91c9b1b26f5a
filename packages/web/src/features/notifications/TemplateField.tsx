import { Textarea, TextInput } from '@mantine/core';
import type { NotificationVariable } from '@talkbase/domain/contracts/notifications';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { notificationsText } from '../../i18n/notifications.ts';
import { insertVariable, opensPicker, typePair, type TextEdit } from './template-editing.ts';
import { VariablePicker } from './VariablePicker.tsx';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * A notification's title or message (001 §2.11, §5): pairs close themselves and '${' opens the
 * variable picker; the chosen variable is written at the caret.
 */
export function TemplateField(props: {
  label: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  required?: boolean;
  error?: string | undefined;
  variables: readonly NotificationVariable[] | undefined;
  variablesLoading: boolean;
  variablesFailed: boolean;
  onChange: (value: string) => void;
}) {
  const ref = useRef<Field>(null);
  const pendingCaret = useRef<number | null>(null);
  const [pickerAt, setPickerAt] = useState<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !ref.current) return;
    pendingCaret.current = null;
    ref.current.setSelectionRange(caret, caret);
  });

  const apply = (edit: TextEdit) => {
    pendingCaret.current = edit.caret;
    props.onChange(edit.value);
    if (opensPicker(edit.value, edit.caret)) setPickerAt(edit.caret);
  };

  const onKeyDown = (e: KeyboardEvent<Field>) => {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.currentTarget;
    const edit = typePair(el.value, el.selectionStart ?? 0, el.selectionEnd ?? 0, e.key);
    if (!edit) return;
    e.preventDefault();
    apply(edit);
  };

  const onChange = (next: string, caret: number | null) => {
    props.onChange(next);
    // '${' typed without the key handler (an input method, a paste ending in it).
    if (caret !== null && next.length > props.value.length && opensPicker(next, caret)) setPickerAt(caret);
  };

  const common = {
    label: props.label,
    value: props.value,
    maxLength: props.maxLength,
    required: props.required ?? false,
    error: props.error,
    description: `${notificationsText.form.variablesHint} (${props.value.length}/${props.maxLength})`,
    onKeyDown,
  };
  return (
    <>
      {props.multiline ? (
        <Textarea
          {...common}
          ref={ref as React.Ref<HTMLTextAreaElement>}
          autosize
          minRows={3}
          onChange={(e) => onChange(e.currentTarget.value, e.currentTarget.selectionStart)}
        />
      ) : (
        <TextInput
          {...common}
          ref={ref as React.Ref<HTMLInputElement>}
          onChange={(e) => onChange(e.currentTarget.value, e.currentTarget.selectionStart)}
        />
      )}
      <VariablePicker
        opened={pickerAt !== null}
        variables={props.variables}
        loading={props.variablesLoading}
        failed={props.variablesFailed}
        onClose={() => {
          setPickerAt(null);
          ref.current?.focus();
        }}
        onPick={(variable) => {
          const at = pickerAt ?? props.value.length;
          setPickerAt(null);
          const edit = insertVariable(props.value, at, variable);
          pendingCaret.current = edit.caret;
          props.onChange(edit.value);
          ref.current?.focus();
        }}
      />
    </>
  );
}
