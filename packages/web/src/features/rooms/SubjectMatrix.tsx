import { ActionIcon, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
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
} from './room-draft.ts';

const text = roomsText.subjects;

const actionName = (resourceTypeId: number, action: string): string =>
  ROOM_ACTIONS.find((a) => a.resourceTypeId === resourceTypeId && a.action === action)?.actionName ?? action;

export interface SubjectMatrixProps {
  subjects: readonly SubjectResource[];
  draft: RoomDraft;
  onChange: (draft: RoomDraft) => void;
}

/** Fixed column widths: a row's contents never move the columns (issue 39 item 11). */
const ACTION_WIDTH = 104;
/** 'Ativar/Desativar' is one word to the browser: its column fits it whole. */
const actionWidth = (action: string) => (action === 'deactivate' ? 148 : ACTION_WIDTH);
const SIGNATURE_WIDTH = 132;
const FILTERS_WIDTH = 104;

/**
 * The Assuntos matrix (001 §2.7): per subject its actions (resource type 1), whether it needs a
 * digital certificate, how many row filters it has (edited in the Filtros section), and below it
 * the actions per attribute (resource type 3).
 */
export function SubjectMatrix({ subjects, draft, onChange }: SubjectMatrixProps) {
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
        <Table.ScrollContainer minWidth={1040}>
          <Table verticalSpacing={4} aria-label={text.title} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.subject}</Table.Th>
                {SUBJECT_ACTIONS.map((a) => (
                  <Table.Th key={a} ta="center" w={actionWidth(a)}>
                    {actionName(1, a)}
                  </Table.Th>
                ))}
                <Table.Th ta="center" w={SIGNATURE_WIDTH}>
                  {text.signature}
                </Table.Th>
                <Table.Th w={FILTERS_WIDTH}>{text.filters}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((subject) => {
                const s = draft.subjects[subject.resourceId];
                const filterCount =
                  draft.roomFilters.filter((f) => f.subjectIdentifier === subject.subjectIdentifier).length +
                  (s?.filter != null ? 1 : 0);
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
                          <Text size="sm" fw={500} truncate>
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
                        {/* Read-only: the room's filters are edited in one place, the Filtros section. */}
                        <Text size="xs" c={filterCount > 0 ? undefined : 'dimmed'}>
                          {text.filterCount(filterCount)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={SUBJECT_ACTIONS.length + 3} p={0}>
                          <Table
                            verticalSpacing={2}
                            withRowBorders={false}
                            layout="fixed"
                            aria-label={text.attributes(subject.resourceName)}
                            bg="var(--mantine-color-default-hover)"
                          >
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th pl={48}>{text.field}</Table.Th>
                                {ATTRIBUTE_ACTIONS.map((a) => (
                                  <Table.Th key={a} ta="center" w={ACTION_WIDTH}>
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
