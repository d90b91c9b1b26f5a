import { Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { componentType } from '@talkbase/domain/fields/component-types';
import { matchesSearch } from '@talkbase/domain/fields/select';
import { useId, useMemo, useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import { recordsViewsText } from '../../../i18n/records-views.ts';

const text = recordsViewsText.help;

/** The component type in words ('Texto', 'CNPJ/CPF'…), by the names of domain component-types. */
export function componentTypeLabel(componentId: number | string): string {
  const name = componentType(componentId)?.name;
  return (name === undefined ? undefined : text.componentNames[name]) ?? text.unknownType(componentId);
}

/**
 * Whether the account may write the attribute anywhere: on a new record (create on the subject and
 * the attribute) or on an existing one (update on both, and the attribute editable after creation).
 */
export function isReadOnlyFor(context: ContextResponse, attribute: ContextSubjectAttribute): boolean {
  const { actions } = context.subject;
  const onCreate = actions.Create && attribute.actions.create;
  const onUpdate = actions.Update && attribute.actions.update && attribute.isEditable;
  return !onCreate && !onUpdate;
}

interface HelpViewProps {
  context: ContextResponse;
}

/** The subject's fields explained (002 §2 scenario help): name, type, hints, required, read-only. */
export function HelpView({ context }: HelpViewProps) {
  const [term, setTerm] = useState('');
  const attributes = useMemo(
    () =>
      context.subject.subjectAttributes
        .filter((attribute) => !attribute.isInternal)
        .sort((a, b) => a.order - b.order),
    [context.subject.subjectAttributes],
  );
  const shown = attributes.filter((attribute) => matchesSearch(attribute.name, term));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {text.title}: {context.subject.subjectName}
        </Title>
        <Text size="sm" c="dimmed">
          {text.intro}
        </Text>
      </div>
      {attributes.length === 0 ? (
        <Text>{text.noAttributes}</Text>
      ) : (
        <>
          <TextInput
            label={text.search}
            placeholder={text.searchPlaceholder}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            leftSection={<Icon name="search" size={18} />}
            type="search"
            maw={420}
          />
          {shown.length === 0 && <Text role="status">{text.noMatch(term.trim())}</Text>}
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((attribute) => (
              <AttributeHelp
                key={attribute.subjectAttributeId}
                attribute={attribute}
                readOnly={isReadOnlyFor(context, attribute)}
              />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function AttributeHelp({ attribute, readOnly }: { attribute: ContextSubjectAttribute; readOnly: boolean }) {
  const titleId = useId();
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {attribute.name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {text.type}: {componentTypeLabel(attribute.componentId)}
          </Badge>
          <Badge variant="light" color={attribute.isRequired ? 'red' : 'gray'}>
            {attribute.isRequired ? text.required : text.optional}
          </Badge>
          {readOnly && (
            <Badge variant="light" color="yellow" leftSection={<Icon name="lock" size={14} />}>
              {text.readOnly}
            </Badge>
          )}
        </Group>
      </Group>
      {attribute.tooltip && (
        <Text size="sm" mt="xs">
          <Text span fw={500}>
            {text.tooltip}:
          </Text>{' '}
          {attribute.tooltip}
        </Text>
      )}
      <Text size="sm" mt="xs" c={attribute.description ? undefined : 'dimmed'}>
        {attribute.description ? (
          <>
            <Text span fw={500}>
              {text.description}:
            </Text>{' '}
            {attribute.description}
          </>
        ) : (
          text.noDescription
        )}
      </Text>
    </Paper>
  );
}
