import { Input, SegmentedControl } from '@mantine/core';
import { booleanOptions, readBooleanValue } from '@talkbase/domain/fields/boolean';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { fieldsText } from '../../../i18n/fields.ts';

const EMPTY = '';

function key(value: boolean | null | undefined): string {
  return value === true ? 'true' : value === false ? 'false' : EMPTY;
}

/**
 * Yes/no/empty (10): Sim, Não and an empty choice, which a required field hides (spec 002 §5).
 * Emits true, false or null.
 */
export function YesNoEditor(props: FieldEditorProps) {
  const { id, label, readOnly, required, onChange, onBlur } = props;
  const chrome = inputChrome(props);
  const options = booleanOptions({ componentId: 10, isRequired: required }).map((option) => ({
    value: key(option.value),
    label: option.value === null ? fieldsText.empty : option.label,
  }));
  const errorId = props.error ? `${id}-error` : undefined;
  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={chrome.label}
      description={chrome.description}
      required={required}
      error={props.error}
      errorProps={{ id: errorId }}
      size={chrome.size}
    >
      <div>
        <SegmentedControl
          id={id}
          aria-label={label}
          aria-description={chrome['aria-description']}
          aria-describedby={errorId}
          aria-invalid={props.error ? true : undefined}
          aria-required={required || undefined}
          size={chrome.size}
          data={options}
          value={key(readBooleanValue(props.value))}
          readOnly={readOnly}
          onChange={(next) => onChange(next === 'true' ? true : next === 'false' ? false : null)}
          onBlur={onBlur}
        />
      </div>
    </Input.Wrapper>
  );
}
