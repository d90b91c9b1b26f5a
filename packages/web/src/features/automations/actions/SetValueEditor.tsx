import { Checkbox, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ContextSubjectAttribute, ReadableSubject } from '@talkbase/domain/contracts/contexts';
import {
  emptyConfig,
  SET_ATTRIBUTE_VALUE_TYPE,
  type SetValueConfig,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import type { SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { createElement, useId } from 'react';
import { useSubjectSchema } from '../../../fields/editors/complex/useSubjectSchema.ts';
import { editorFor } from '../../../fields/registry.ts';
import { automationsText } from '../../../i18n/automations.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** A subject's attribute as the field editors take it. */
function asContextAttribute(a: SubjectAttribute): ContextSubjectAttribute {
  return { ...a, actions: { create: true, update: true, delete: true }, preSelect: null };
}

/**
 * NewTalk, SetTalkValueByEvent, SetTalkValueByFilter: per configuration an attribute of the
 * subject and its value, typed in the attribute's own field editor (packages/web/src/fields).
 * By event: the event's subject; by filter: the subject of the step's filter; new record: any.
 */
export function SetValueEditor(props: ActionEditorProps) {
  const configs = props.step.configs as SetValueConfig[];
  const fixedSubjectId = fixedSubjectOf(props.step, props.eventSubject, props.subjects);
  const set = (i: number, next: SetValueConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  const empty = (): SetValueConfig => ({ ...emptyConfig('NewTalk'), subjectId: fixedSubjectId });
  return (
    <ConfigList
      configs={configs}
      problem={props.problem('configs')}
      onAdd={() => props.onChange({ ...props.step, configs: [...configs, empty()] })}
      onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
      render={(config, i) => (
        <SetValueConfigEditor
          config={
            fixedSubjectId !== null && config.subjectId !== fixedSubjectId
              ? { ...config, subjectId: fixedSubjectId, subjectAttributeId: null, value: undefined }
              : config
          }
          subjectLocked={fixedSubjectId !== null}
          subjects={props.subjects}
          problem={(field) => props.problem(`configs.${i}.${field}`)}
          onChange={(next) => set(i, next)}
          onInputProblem={(message) => props.onInputProblem(`configs.${i}.value`, message)}
        />
      )}
    />
  );
}

function fixedSubjectOf(
  step: WorkStep,
  eventSubject: string | null,
  subjects: readonly ReadableSubject[],
): number | null {
  if (step.workStepType === 'SetTalkValueByEvent')
    return subjects.find((s) => s.subjectIdentifier === eventSubject)?.subjectId ?? null;
  if (step.workStepType === 'SetTalkValueByFilter') return step.subjectId ?? null;
  return null;
}

function SetValueConfigEditor(props: {
  config: SetValueConfig;
  subjectLocked: boolean;
  subjects: readonly ReadableSubject[];
  problem: (field: string) => string | undefined;
  onChange: (config: SetValueConfig) => void;
  onInputProblem: (message: string | undefined) => void;
}) {
  const { config } = props;
  const id = useId();
  const subject = props.subjects.find((s) => s.subjectId === config.subjectId)?.subjectIdentifier ?? null;
  const schema = useSubjectSchema(subject);
  const attributes = (schema.data?.subjectAttributes ?? []).filter((a) => !a.isInternal && a.isEditable);
  const attribute = attributes.find((a) => a.subjectAttributeId === config.subjectAttributeId);
  const valueOptional =
    config.setAttributeValueType === SET_ATTRIBUTE_VALUE_TYPE.checked || config.clearValue === true;
  return (
    <Stack gap="xs">
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={text.subject}
          required
          searchable
          data={props.subjects.map((s) => ({ value: String(s.subjectId), label: s.subjectName }))}
          value={config.subjectId ? String(config.subjectId) : null}
          disabled={props.subjectLocked}
          onChange={(v) =>
            props.onChange({
              ...config,
              subjectId: v === null ? null : Number(v),
              subjectAttributeId: null,
              value: undefined,
            })
          }
          placeholder={props.subjectLocked && !subject ? text.noSubject : undefined}
        />
        <Select
          label={text.attribute}
          placeholder={schema.isFetching ? text.loading : text.attributePlaceholder}
          required
          searchable
          disabled={!subject}
          data={attributes.map((a) => ({ value: String(a.subjectAttributeId), label: a.name }))}
          value={config.subjectAttributeId ? String(config.subjectAttributeId) : null}
          onChange={(v) => {
            props.onInputProblem(undefined);
            props.onChange({
              ...config,
              subjectAttributeId: v === null ? null : Number(v),
              value: undefined,
            });
          }}
          error={props.problem('subjectAttributeId')}
        />
      </Group>
      <Group gap="lg" wrap="wrap" align="center">
        <SegmentedControl
          aria-label={text.valueType}
          size="xs"
          data={[
            { value: String(SET_ATTRIBUTE_VALUE_TYPE.normal), label: text.valueNormal },
            { value: String(SET_ATTRIBUTE_VALUE_TYPE.checked), label: text.valueChecked },
          ]}
          value={String(config.setAttributeValueType)}
          onChange={(v) => props.onChange({ ...config, setAttributeValueType: v === '2' ? 2 : 1 })}
        />
        <Checkbox
          label={text.clearValue}
          checked={config.clearValue === true}
          onChange={(e) => props.onChange({ ...config, clearValue: e.currentTarget.checked })}
        />
        {config.setAttributeValueType === SET_ATTRIBUTE_VALUE_TYPE.checked && (
          <Checkbox
            label={text.checked}
            checked={config.checked === true}
            onChange={(e) => props.onChange({ ...config, checked: e.currentTarget.checked })}
          />
        )}
      </Group>
      {attribute &&
        subject &&
        config.clearValue !== true &&
        createElement(editorFor(attribute.componentId), {
          attribute: asContextAttribute(attribute),
          label: `${text.value}: ${attribute.name}`,
          id: `${id}-value`,
          value: config.value ?? null,
          onChange: (value: unknown) => props.onChange({ ...config, value }),
          onInputError: props.onInputProblem,
          readOnly: false,
          required: !valueOptional,
          error: props.problem('value'),
          subject,
          talkId: 0,
        })}
      {!attribute && props.problem('value') && (
        <Text size="xs" c="red">
          {props.problem('value')}
        </Text>
      )}
    </Stack>
  );
}
