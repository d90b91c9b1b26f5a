import { ActionIcon, CloseButton, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { templatesText } from '../../i18n/templates.ts';
import { Icon } from '../../ui/Icon.tsx';
import { FIELD_SEARCH_CAP, searchFields, type FieldOption } from './template-draft.ts';

const text = templatesText.editor;

/** The fields not yet selected, with the search of 001 §5 (every word matches; at most 50). */
export function AvailableFields(props: { fields: FieldOption[]; onAdd: (field: FieldOption) => void }) {
  const [term, setTerm] = useState('');
  const { shown, capped } = searchFields(props.fields, term);
  return (
    <>
      <TextInput
        label={text.fieldSearch}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        leftSection={<Icon name="search" />}
        rightSection={
          term ? (
            <CloseButton aria-label={templatesText.list.clearSearch} onClick={() => setTerm('')} />
          ) : null
        }
        mb="xs"
      />
      {capped && (
        <Text size="xs" c="dimmed" mb="xs" role="status">
          {text.searchCapped(FIELD_SEARCH_CAP)}
        </Text>
      )}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          {text.noAvailable}
        </Text>
      ) : (
        <ul className="template-fields" aria-label={text.available} data-testid="template-available">
          {shown.map((f) => {
            const name = f.alias || f.attributeName;
            return (
              <li key={f.subjectAttributeId} className="template-field">
                <div className="template-field-name">
                  <Text size="sm" truncate>
                    {name}
                  </Text>
                  {f.alias && (
                    <Text size="xs" c="dimmed" truncate>
                      {f.attributeName}
                    </Text>
                  )}
                </div>
                <ActionIcon
                  variant="subtle"
                  aria-label={text.add(name)}
                  title={text.add(name)}
                  onClick={() => props.onAdd(f)}
                >
                  <Icon name="add" />
                </ActionIcon>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
