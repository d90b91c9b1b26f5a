import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { Subject, SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { componentGroup } from '@talkbase/domain/fields/component-types';
import { createElement, useMemo, useState } from 'react';
import { fetchAllSubjects } from '../../fields/editors/designers/designers-api.ts';
import { editorFor } from '../../fields/registry.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { AttributeRow, UserFormErrors } from './user-form.ts';
import { usersText } from '../../i18n/users.ts';

const text = usersText.form;

/** Files and designers describe records, not people: they are not offered here. */
const OFFERED = (a: SubjectAttribute) => {
  const group = componentGroup(a.componentId);
  return group !== 'file' && group !== 'structured';
};

interface Found {
  subject: Subject;
  attribute: SubjectAttribute;
}

/**
 * 'Configuração de campos' (001 §2.3, §5): attribute and value rows, each value edited by the
 * attribute's own field editor. Every row after the first is required.
 */
export function AttributeRows(props: {
  rows: AttributeRow[];
  onChange: (rows: AttributeRow[]) => void;
  errors: UserFormErrors;
}) {
  const subjects = useQuery({
    queryKey: ['fields', 'designers', 'subjects'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 60_000,
  });
  const [removing, setRemoving] = useState<number | null>(null);

  const byId = useMemo(() => {
    const map = new Map<number, Found>();
    for (const subject of subjects.data ?? [])
      for (const attribute of subject.subjectAttributes)
        map.set(attribute.subjectAttributeId, { subject, attribute });
    return map;
  }, [subjects.data]);
  const options = useMemo(
    () =>
      (subjects.data ?? [])
        .map((s) => ({
          group: s.subjectName,
          items: s.subjectAttributes
            .filter(OFFERED)
            .map((a) => ({ value: String(a.subjectAttributeId), label: `${a.name} (${s.subjectName})` })),
        }))
        .filter((g) => g.items.length > 0),
    [subjects.data],
  );

  const update = (key: number, patch: Partial<AttributeRow>) => {
    props.onChange(props.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const nextKey = () => Math.max(0, ...props.rows.map((r) => r.key)) + 1;

  return (
    <Stack gap="sm">
      {subjects.isError && (
        <Alert color="red" variant="light" role="alert">
          {text.loadError}
        </Alert>
      )}
      {props.rows.map((row, i) => {
        const found = row.attributeId !== null ? byId.get(row.attributeId) : undefined;
        const idBase = `user-attribute-${row.key}`;
        return (
          <Paper key={row.key} withBorder p="sm" radius="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Select
                id={`${idBase}-attribute`}
                label={`${text.attribute} ${i + 1}`}
                placeholder={text.attributePlaceholder}
                data={options}
                searchable
                required={i > 0}
                value={row.attributeId === null ? null : String(row.attributeId)}
                onChange={(v) => {
                  const id = v ? Number(v) : null;
                  update(row.key, {
                    attributeId: id,
                    componentId: id !== null ? (byId.get(id)?.attribute.componentId ?? null) : null,
                    value: null,
                  });
                }}
                error={props.errors[`attributes.${i}.attributeId`]}
                w={280}
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                {found ? (
                  valueEditor({
                    found,
                    id: `${idBase}-value`,
                    value: row.value,
                    required: i > 0,
                    error: props.errors[`attributes.${i}.value`],
                    onChange: (value) => {
                      update(row.key, { value });
                    },
                  })
                ) : (
                  <Text size="sm" c="dimmed" mt={30}>
                    {text.attributeValue}
                  </Text>
                )}
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={text.removeAttribute(i + 1)}
                title={text.removeAttribute(i + 1)}
                onClick={() => {
                  setRemoving(row.key);
                }}
              >
                <Icon name="delete" />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<Icon name="add" />}
        onClick={() => {
          props.onChange([
            ...props.rows,
            { key: nextKey(), attributeId: null, componentId: null, value: null },
          ]);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {text.addAttribute}
      </Button>
      <ConfirmModal
        opened={removing !== null}
        danger
        onClose={() => {
          setRemoving(null);
        }}
        onConfirm={() => {
          const rest = props.rows.filter((r) => r.key !== removing);
          props.onChange(
            rest.length ? rest : [{ key: nextKey(), attributeId: null, componentId: null, value: null }],
          );
          setRemoving(null);
        }}
      >
        {text.removeAttributeConfirm}
      </ConfirmModal>
    </Stack>
  );
}

/** The attribute's own field editor (the registry's, by component type). */
function valueEditor(props: {
  found: Found;
  id: string;
  value: unknown;
  required: boolean;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const { subject, attribute } = props.found;
  // The editors take the attribute as a record form describes it; here every action is open.
  const described: ContextSubjectAttribute = {
    ...attribute,
    isRequired: props.required,
    actions: { create: true, update: true, delete: true },
    preSelect: null,
  };
  return createElement(editorFor(attribute.componentId), {
    attribute: described,
    label: text.attributeValue,
    id: props.id,
    value: props.value,
    onChange: props.onChange,
    readOnly: false,
    required: props.required,
    error: props.error,
    subject: subject.subjectIdentifier,
    talkId: 0,
  });
}
