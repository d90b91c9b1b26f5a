import { Textarea, TextInput } from '@mantine/core';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import type { FieldEditorProps } from '../types.ts';

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value == null ? '' : JSON.stringify(value);
}

/**
 * What a component type without an editor of its own shows: its text, editable when it is text,
 * and its JSON read-only otherwise (never lost, never half-edited).
 */
export function FallbackEditor(props: FieldEditorProps) {
  const { attribute, label, id, value, onChange, onBlur, readOnly, required, error, variant } = props;
  const kind = valueKindOf(attribute.componentId);
  const cell = variant === 'cell';
  if (kind === 'text' || kind === undefined) {
    return (
      <TextInput
        id={id}
        label={cell ? undefined : label}
        aria-label={cell ? label : undefined}
        description={cell ? undefined : (attribute.description ?? undefined)}
        value={textOf(value)}
        onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        onBlur={onBlur}
        readOnly={readOnly}
        required={required}
        error={error}
        maxLength={attribute.length ?? 800}
      />
    );
  }
  return (
    <Textarea
      id={id}
      label={cell ? undefined : label}
      aria-label={cell ? label : undefined}
      value={value == null ? '' : JSON.stringify(value, null, 2)}
      readOnly
      autosize
      maxRows={8}
      error={error}
    />
  );
}
