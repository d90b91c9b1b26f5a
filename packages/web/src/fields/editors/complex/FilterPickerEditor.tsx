import { Select } from '@mantine/core';
import type { SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { configValue } from '@talkbase/domain/fields/component-config';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { FieldEditorProps } from '../../types.ts';
import { useSavedFilterSource } from '../../editor-sources.ts';
import { referenceId, useModelSubject } from './useModelSubject.ts';
import { useSubjectSchema } from './useSubjectSchema.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.filterPicker;
const MODEL_COMPONENT = 20;

/**
 * The model attribute a filter picker follows: the one its config `modelAttribute` names (an
 * attribute identifier of the same subject), else the subject's first select-model (20). In the
 * demo subject `campos`, 'selecaofiltro' (16) follows 'modelo' (20).
 */
export function modelAttributeOf(
  attributes: readonly SubjectAttribute[],
  configs: unknown,
): SubjectAttribute | undefined {
  const named = configValue(configs, 'modelAttribute');
  if (typeof named === 'string' && named.trim() !== '') {
    const key = named.trim().toLowerCase();
    const found = attributes.find((a) => a.identifier.toLowerCase() === key);
    if (found) return found;
  }
  return attributes.find((a) => a.componentId === MODEL_COMPONENT);
}

/**
 * Component 16: the saved-filter picker (002 §4, §5). It lists the saved filters
 * (GET /api/Filter/{subject}) of the subject the record's model announces, and stays read-only
 * with 'Selecione um modelo primeiro' until a model is chosen; choosing another model clears it.
 * A subject without a model attribute has nothing to wait for: the picker lists the filters of the
 * subject its config `subject` names, else of the record's own subject. A value of 0 clears.
 */
export function FilterPickerEditor(props: FieldEditorProps) {
  const { attribute, value, onChange, onBlur, readOnly, label, id, error, required, variant, displayValue } =
    props;
  const schema = useSubjectSchema(props.subject);
  const modelAttribute = schema.data
    ? modelAttributeOf(schema.data.subjectAttributes, attribute.componentConfigs)
    : undefined;
  const modelId = modelAttribute ? referenceId(props.valueOf?.(modelAttribute.identifier)) : null;
  const model = useModelSubject(modelAttribute, modelId);
  const configured = configValue(attribute.componentConfigs, 'subject');
  const ownSubject =
    typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : props.subject;
  const filterSubject = !schema.data ? null : modelAttribute ? model.subject : ownSubject;
  const waitingForModel = schema.data !== undefined && modelAttribute !== undefined && modelId === null;

  const filters = useSavedFilterSource(filterSubject);

  // 0 means "no filter" (002 §4), and a filter of another model's subject does not apply.
  const clear = useEffectEvent(() => {
    if (value !== null && value !== undefined) onChange(null);
  });
  useEffect(() => {
    if (value === 0 || value === '0') clear();
  }, [value]);
  const modelKey = schema.data ? String(modelId) : undefined;
  const previousModel = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (modelKey === undefined) return;
    if (previousModel.current !== undefined && previousModel.current !== modelKey) clear();
    previousModel.current = modelKey;
  }, [modelKey]);

  const chosen = referenceId(value);
  // A failed load empties the list without a message (002 §8).
  const list = filters.isError ? [] : (filters.data ?? []);
  const data = list.map((f) => ({ value: f.filterId, label: f.filterName }));
  if (chosen !== null && !data.some((d) => d.value === chosen))
    data.push({ value: chosen, label: displayValue ?? `#${chosen}` });
  const loading = filterSubject !== null && filters.isPending;
  const empty = filters.isSuccess && list.length === 0;
  const placeholder = waitingForModel
    ? text.needsModel
    : loading || schema.isPending || model.isPending
      ? text.loading
      : empty
        ? text.noFilters
        : text.placeholder;
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
      placeholder={placeholder}
      nothingFoundMessage={empty ? text.noFilters : undefined}
      readOnly={readOnly || waitingForModel || filterSubject === null}
      required={required}
      error={error}
      searchable
      clearable={!required && !readOnly && !waitingForModel}
    />
  );
}
