import { ActionIcon, Badge, Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { ROOM_ACTIONS, type SubjectResource } from '@talkbase/domain/contracts/rooms';
import { Fragment, useState } from 'react';
import { roomsText } from '../../i18n/rooms.ts';
import { Icon } from '../../ui/Icon.tsx';
import {
  ATTRIBUTE_ACTIONS,
  attributeAllows,
  BASE_ACTION,
  SUBJECT_ACTIONS,
  toggleAttributeAction,
  toggleSubjectAction,
  type RoomDraft,
  type RoomFilterDraft,
} from './room-draft.ts';

const text = roomsText.subjects;

const actionName = (resourceTypeId: number, action: string): string =>
  ROOM_ACTIONS.find((a) => a.resourceTypeId === resourceTypeId && a.action === action)?.actionName ?? action;

export interface SubjectMatrixProps {
  subjects: readonly SubjectResource[];
  draft: RoomDraft;
  onChange: (draft: RoomDraft) => void;
  onEditFilter: (filter: RoomFilterDraft) => void;
  onNewFilter: (subjectIdentifier: string) => void;
}

/**
 * The Assuntos matrix (001 §2.7): per subject its actions (resource type 1), whether it needs a
 * digital certificate, its filters, and below it the actions per attribute (resource type 3).
 */
export function SubjectMatrix({ subjects, draft, onChange, onEditFilter, onNewFilter }: SubjectMatrixProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [term, setTerm] = useState('');
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = subjects.filter((s) =>
    words.every((w) => `${s.resourceName} ${s.subjectIdentifier}`.toLowerCase().includes(w)),
  );
  const toggleOpen = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };
  const toggleSignature = (id: number) =>
    onChange({
      ...draft,
      requireDigitalSignature: draft.requireDigitalSignature.includes(id)
        ? draft.requireDigitalSignature.filter((x) => x !== id)
        : [...draft.requireDigitalSignature, id],
    });

  return (
    <>
      <TextInput
        label={text.search}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        leftSection={<Icon name="search" />}
        maw={320}
        mb="sm"
      />
      {shown.length === 0 ? (
        <Text c="dimmed">{text.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing={4} aria-label={text.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.subject}</Table.Th>
                {SUBJECT_ACTIONS.map((a) => (
                  <Table.Th key={a} ta="center">
                    {actionName(1, a)}
                  </Table.Th>
                ))}
                <Table.Th ta="center">{text.signature}</Table.Th>
                <Table.Th>{text.filters}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((subject) => {
                const s = draft.subjects[subject.resourceId];
                const filters = draft.roomFilters.filter(
                  (f) => f.subjectIdentifier === subject.subjectIdentifier,
                );
                const expanded = open.has(subject.resourceId);
                return (
                  <Fragment key={subject.resourceId}>
                    <Table.Tr data-subject={subject.subjectIdentifier}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-expanded={expanded}
                            aria-label={text.showAttributes(subject.resourceName)}
                            onClick={() => toggleOpen(subject.resourceId)}
                            disabled={subject.attributes.length === 0}
                          >
                            <Icon name={expanded ? 'expand_less' : 'expand_more'} />
                          </ActionIcon>
                          <Text size="sm" fw={500}>
                            {subject.resourceName}
                          </Text>
                        </Group>
                      </Table.Td>
                      {SUBJECT_ACTIONS.map((a) => (
                        <Table.Td key={a} ta="center">
                          <Checkbox
                            aria-label={text.toggle(actionName(1, a), subject.resourceName)}
                            checked={s?.actions.includes(a) ?? false}
                            onChange={() => onChange(toggleSubjectAction(draft, subject.resourceId, a))}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td ta="center">
                        <Checkbox
                          aria-label={`${text.signature}: ${subject.resourceName}`}
                          checked={draft.requireDigitalSignature.includes(subject.resourceId)}
                          onChange={() => toggleSignature(subject.resourceId)}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {s?.filter != null && (
                            <Badge
                              variant="light"
                              color="gray"
                              rightSection={
                                <ActionIcon
                                  size="xs"
                                  variant="transparent"
                                  aria-label={text.removeOwnFilter(subject.resourceName)}
                                  onClick={() =>
                                    onChange({
                                      ...draft,
                                      subjects: {
                                        ...draft.subjects,
                                        [subject.resourceId]: { ...s, filter: null },
                                      },
                                    })
                                  }
                                >
                                  <Icon name="close" size={14} />
                                </ActionIcon>
                              }
                            >
                              {text.ownFilter}
                            </Badge>
                          )}
                          {filters.map((f) => (
                            <Button
                              key={f.key}
                              size="compact-xs"
                              variant="light"
                              onClick={() => onEditFilter(f)}
                            >
                              {f.filterName}
                            </Button>
                          ))}
                          {filters.length === 0 && s?.filter == null && (
                            <Text size="xs" c="dimmed">
                              {text.noFilter}
                            </Text>
                          )}
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-label={text.addFilter(subject.resourceName)}
                            onClick={() => onNewFilter(subject.subjectIdentifier)}
                          >
                            <Icon name="filter_alt" size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={SUBJECT_ACTIONS.length + 3} p={0}>
                          <Table
                            verticalSpacing={2}
                            withRowBorders={false}
                            aria-label={text.attributes(subject.resourceName)}
                            bg="var(--mantine-color-default-hover)"
                          >
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th pl={48}>{text.field}</Table.Th>
                                {ATTRIBUTE_ACTIONS.map((a) => (
                                  <Table.Th key={a} ta="center">
                                    {actionName(3, a)}
                                  </Table.Th>
                                ))}
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {subject.attributes.map((attribute) => (
                                <Table.Tr key={attribute.resourceId} data-attribute={attribute.resourceId}>
                                  <Table.Td pl={48}>
                                    <Text size="sm">{attribute.attributeName}</Text>
                                  </Table.Td>
                                  {ATTRIBUTE_ACTIONS.map((a) => (
                                    <Table.Td key={a} ta="center">
                                      <Checkbox
                                        aria-label={text.toggleAttribute(
                                          actionName(3, a),
                                          attribute.attributeName,
                                        )}
                                        checked={attributeAllows(s, attribute.resourceId, a)}
                                        disabled={!s?.actions.includes(BASE_ACTION[a])}
                                        onChange={() =>
                                          onChange(
                                            toggleAttributeAction(
                                              draft,
                                              subject.resourceId,
                                              attribute.resourceId,
                                              a,
                                            ),
                                          )
                                        }
                                        styles={{ body: { justifyContent: 'center' } }}
                                      />
                                    </Table.Td>
                                  ))}
                                </Table.Tr>
                              ))}
                            </Table.Tbody>
                          </Table>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
