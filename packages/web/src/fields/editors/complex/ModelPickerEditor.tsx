import { Select } from '@mantine/core';
import { message } from '@talkbase/domain/fields/messages';
import { useQuery } from '@tanstack/react-query';
import type { FieldEditorProps } from '../../types.ts';
import { RelatedSelect } from './RelatedSelect.tsx';
import { fetchReportModels } from './structured-api.ts';
import { referenceId } from './useModelSubject.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

function ReportModelSelect(props: FieldEditorProps) {
  const { value, onChange, onBlur, readOnly, label, id, error, required, variant, displayValue } = props;
  const models = useQuery({
    queryKey: ['fields', 'report-models'],
    queryFn: ({ signal }) => fetchReportModels(signal),
    staleTime: 60_000,
  });
  const chosen = referenceId(value);
  const data = (models.data ?? []).map((m) => ({ value: m.templateId, label: m.templateName }));
  if (chosen !== null && !data.some((d) => d.value === chosen))
    data.push({ value: chosen, label: displayValue ?? `#${chosen}` });
  const cell = variant === 'cell';
  return (
    <Select<number>
      id={id}
      label={cell ? undefined : label}
      aria-label={cell ? label : undefined}
      data={data}
      value={chosen}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      searchable
      clearable={!required && !readOnly}
      readOnly={readOnly}
      required={required}
      error={error}
      placeholder={fieldsStructuredText.relatedSelect.placeholder}
      nothingFoundMessage={
        models.isPending ? fieldsStructuredText.relatedSelect.loading : message('selectNothingFound')
      }
    />
  );
}

/**
 * Component 20: the model picker. With a related subject it is a select of that subject's
 * records; without one it lists the report models. Either way the value is the chosen id, and the
 * filter picker (16) of the same record reads it to learn the model's subject (useModelSubject).
 */
export function ModelPickerEditor(props: FieldEditorProps) {
  const { attribute, value, onChange, onBlur, readOnly, label, id, error, required, variant, displayValue } =
    props;
  if (!attribute.relatedSubject) return <ReportModelSelect {...props} />;
  const cell = variant === 'cell';
  return (
    <RelatedSelect
      attributeId={attribute.subjectAttributeId}
      id={id}
      label={cell ? undefined : label}
      ariaLabel={cell ? label : undefined}
      value={referenceId(value)}
      displayValue={displayValue}
      onChange={onChange}
      onBlur={onBlur}
      readOnly={readOnly}
      required={required}
      error={error}
    />
  );
}
