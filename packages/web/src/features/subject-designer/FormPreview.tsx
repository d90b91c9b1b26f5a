import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { configFlag } from '@talkbase/domain/fields/component-config';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { useMemo, useState } from 'react';
import { editorFor } from '../../fields/registry.ts';
import { Icon } from '../../ui/Icon.tsx';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { needsRelated, toPreviewAttribute, type DraftAttribute } from './attribute-draft.ts';

const text = subjectDesignerText.editor;

/** Editors that lay several inputs side by side take a whole row, as in the record form. */
const WHOLE_ROW = new Set([12, 15, 18, 28, 29]);

/**
 * The record form as it will look, with the real field editors of the registry and the domain's
 * field rules: what is typed here is checked as a record save would check it, and never saved.
 */
export function FormPreview(props: {
  subject: string;
  attributes: readonly DraftAttribute[];
  subjects: readonly Pick<Subject, 'subjectId' | 'subjectIdentifier' | 'subjectName' | 'icon'>[];
  /** One column (the attribute modal's single field) or the form's two. */
  columns?: 1 | 2;
  idPrefix?: string;
}) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string | undefined>>({});
  const shown = useMemo(
    () =>
      props.attributes
        .map((a, i) => ({ draft: a, attribute: toPreviewAttribute(a, i, props.subjects) }))
        .filter((x) => !x.draft.isInternal && !configFlag(x.draft.componentConfigs, 'isHidden')),
    [props.attributes, props.subjects],
  );
  if (shown.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {text.previewEmpty}
      </Text>
    );
  }
  const now = new Date();
  const errors = shown.map(({ attribute }) => {
    const key = attribute.identifier;
    const typed = inputErrors[key];
    if (typed) return typed;
    return validateValue(attribute, values[key] ?? null, { now })[0]?.message;
  });
  const visible = (key: string, i: number) => (touched[key] || values[key] != null ? errors[i] : undefined);
  const invalid = shown.filter(({ attribute }, i) => visible(attribute.identifier, i)).length;
  const prefix = props.idPrefix ?? 'preview';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: props.columns ?? 2 }} spacing="md" verticalSpacing="sm">
        {shown.map(({ draft, attribute }, i) => {
          const Editor = editorFor(attribute.componentId);
          const key = attribute.identifier;
          const id = `${prefix}-${key}`;
          const unsavedSelect = needsRelated(draft.componentId) && draft.subjectAttributeId === undefined;
          return (
            <div
              key={`${key}-${draft.componentId}`}
              style={
                WHOLE_ROW.has(attribute.componentId) ? { gridColumn: '1 / -1', minWidth: 0 } : { minWidth: 0 }
              }
              data-preview-field={key}
            >
              <Editor
                attribute={attribute}
                label={attribute.name}
                id={id}
                value={values[key] ?? null}
                onChange={(v) => setValues((prev) => ({ ...prev, [key]: v }))}
                onBlur={() => setTouched((prev) => ({ ...prev, [key]: true }))}
                onInputError={(message) => setInputErrors((prev) => ({ ...prev, [key]: message }))}
                readOnly={configFlag(attribute.componentConfigs, 'readonly')}
                required={attribute.isRequired}
                error={visible(key, i)}
                subject={props.subject}
                talkId={0}
                variant="form"
                valueOf={(identifier) => values[identifier]}
              />
              {unsavedSelect && (
                <Text size="xs" c="dimmed" mt={4}>
                  {text.previewOptionsAfterSave}
                </Text>
              )}
            </div>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c={invalid === 0 ? undefined : 'red.9'} role="status">
        <Icon name={invalid === 0 ? 'check_circle' : 'error'} size="1.1em" />{' '}
        {invalid === 0 ? text.previewValid : text.previewInvalid(invalid)}
      </Text>
    </Stack>
  );
}
