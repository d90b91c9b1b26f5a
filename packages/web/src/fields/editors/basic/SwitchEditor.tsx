import { Switch } from '@mantine/core';
import { readBooleanValue } from '@talkbase/domain/fields/boolean';
import type { FieldEditorProps } from '../../types.ts';
import { FieldLabel } from './FieldLabel.tsx';
import { fieldsText } from '../../../i18n/fields.ts';

/** Switch (27): on is Sim (true), off is Não (false); a value never set shows off. */
export function SwitchEditor(props: FieldEditorProps) {
  const { id, label, attribute, readOnly, required, error, variant, onChange, onBlur } = props;
  const cell = variant === 'cell';
  return (
    <Switch
      id={id}
      label={cell ? undefined : <FieldLabel label={label} tooltip={attribute.tooltip} />}
      aria-label={cell ? label : undefined}
      aria-description={attribute.tooltip ?? undefined}
      description={cell ? undefined : (attribute.description ?? undefined)}
      required={required}
      error={error}
      size={cell ? 'xs' : 'sm'}
      onLabel={fieldsText.yes}
      offLabel={fieldsText.no}
      checked={readBooleanValue(props.value) === true}
      readOnly={readOnly}
      onChange={(event) => {
        if (!readOnly) onChange(event.currentTarget.checked);
      }}
      onBlur={onBlur}
    />
  );
}
