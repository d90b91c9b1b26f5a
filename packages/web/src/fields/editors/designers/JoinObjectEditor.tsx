import { ActionIcon, Button, Group, Input, List, Stack, Text, TextInput } from '@mantine/core';
import { configValue } from '@talkbase/domain/fields/component-config';
import { fieldMessages } from '@talkbase/domain/fields/messages';
import {
  addJoinItem,
  isEmptyJoin,
  readJoinObject,
  type JoinObjectValue,
} from '@talkbase/domain/fields/join-object';
import { useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { relatedOptions } from './designers-api.ts';
import { SearchPicker } from './SearchPicker.tsx';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.joinObject;

const label = (configs: unknown, key: string, fallback: string) => {
  const v = configValue(configs, key);
  return typeof v === 'string' && v.trim() ? v.trim() : fallback;
};

/**
 * Carrier relationship, component 29 (002 §3 "Join-object value"): the "from" items (loads) and the
 * "to" (the carrier). Items come from the attribute's related subject when it has one, otherwise
 * they are typed. Emits `{labelFrom: [{id, label}], labelTo}`, or null when empty; the server saves
 * it as join records with the record and presents it from them (loads named as their records now).
 * Configs: `fromLabel` and `toLabel` name the two sides.
 */
export function JoinObjectEditor(props: FieldEditorProps) {
  const { attribute, id, readOnly, required, onChange } = props;
  const value = readJoinObject(props.value);
  const [draft, setDraft] = useState('');
  const fromLabel = label(attribute.componentConfigs, 'fromLabel', text.from);
  const toLabel = label(attribute.componentConfigs, 'toLabel', text.to);
  const emit = (next: JoinObjectValue) => onChange(isEmptyJoin(next) ? null : next);
  const addDraft = () => {
    emit(addJoinItem(value, { id: null, label: draft }));
    setDraft('');
  };

  return (
    <Input.Wrapper
      labelElement="div"
      label={props.variant === 'cell' ? undefined : props.label}
      required={required}
      error={props.error}
    >
      <Stack gap="xs" id={id} role="group" aria-label={props.label}>
        <Text size="sm" fw={500}>
          {fromLabel}
        </Text>
        {value.labelFrom.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.emptyFrom}
          </Text>
        ) : (
          <List aria-label={fromLabel} listStyleType="none" spacing={2}>
            {value.labelFrom.map((item) => (
              <List.Item key={`${item.id ?? 'l'}-${item.label}`}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{item.label}</Text>
                  {!readOnly && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={text.removeFrom(item.label)}
                      onClick={() => emit({ ...value, labelFrom: value.labelFrom.filter((i) => i !== item) })}
                    >
                      <Icon name="close" size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {!readOnly &&
          (attribute.relatedSubject ? (
            <SearchPicker
              label={text.searchFrom}
              queryKey={['fields', 'designers', 'join-options', attribute.subjectAttributeId]}
              search={(term, signal) => relatedOptions(attribute.subjectAttributeId, term, signal)}
              exclude={value.labelFrom.flatMap((i) => (i.id === null ? [] : [i.id]))}
              nothingFound={fieldMessages.selectNothingFound}
              onPick={(o) => emit(addJoinItem(value, { id: o.id, label: o.name }))}
            />
          ) : (
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={text.newFrom}
                value={draft}
                maxLength={300}
                onChange={(e) => setDraft(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDraft();
                  }
                }}
              />
              <Button variant="light" onClick={addDraft} disabled={!draft.trim()}>
                {text.addFrom}
              </Button>
            </Group>
          ))}
        <TextInput
          label={toLabel}
          value={value.labelTo}
          readOnly={readOnly}
          maxLength={300}
          onChange={(e) => emit({ ...value, labelTo: e.currentTarget.value })}
        />
      </Stack>
    </Input.Wrapper>
  );
}
