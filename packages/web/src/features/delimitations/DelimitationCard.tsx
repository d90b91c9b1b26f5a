import { ActionIcon, Group, List, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { fieldMessages } from '@talkbase/domain/fields/messages';
import { searchTalks, talkNames } from '../../fields/editors/designers/designers-api.ts';
import { SearchPicker } from '../../fields/editors/designers/SearchPicker.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { DelimitationDraft, DraftErrors } from './delimitation-draft.ts';
import { fieldsDesignersText } from '../../i18n/fields-designers.ts';

const text = fieldsDesignersText.delimitations;

interface DelimitationCardProps {
  index: number;
  draft: DelimitationDraft;
  subjects: readonly Subject[];
  /** Subjects other delimitations already use: one delimitation per subject. */
  taken: ReadonlySet<string>;
  errors: DraftErrors | undefined;
  onChange: (draft: DelimitationDraft) => void;
  onRemove: () => void;
  onRemoveItem: (id: number, name: string) => void;
}

/** One delimitation: its subject, an optional name, and the only records of it the room sees. */
export function DelimitationCard(props: DelimitationCardProps) {
  const { draft, index } = props;
  const subject = draft.subjectIdentifier;
  const unnamed = draft.talks.filter((t) => !t.name).map((t) => t.id);
  // A room stores only ids: the names are read back from the subject.
  const names = useQuery({
    queryKey: ['delimitations', 'names', subject, unnamed],
    queryFn: ({ signal }) => talkNames(subject ?? '', unnamed, signal),
    enabled: subject !== null && unnamed.length > 0,
    staleTime: 60_000,
  });
  const nameOf = (item: { id: number; name?: string | null | undefined }) =>
    item.name || names.data?.find((n) => n.id === item.id)?.name || text.itemFallback(item.id);
  const title = draft.name.trim() || text.delimitation(index + 1);

  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={text.removeDelimitation(title)}
          onClick={props.onRemove}
        >
          <Icon name="delete" />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <Group grow align="flex-start">
          <Select
            label={text.subject}
            required
            searchable
            value={subject}
            error={props.errors?.subject}
            nothingFoundMessage={fieldMessages.selectNothingFound}
            data={props.subjects
              .filter((s) => s.subjectIdentifier === subject || !props.taken.has(s.subjectIdentifier))
              .map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
            onChange={(value) =>
              props.onChange({
                ...draft,
                subjectIdentifier: value,
                talks: value === subject ? draft.talks : [],
              })
            }
          />
          <TextInput
            label={text.name}
            value={draft.name}
            maxLength={150}
            onChange={(e) => props.onChange({ ...draft, name: e.currentTarget.value })}
          />
        </Group>
        <Text size="sm" fw={500}>
          {text.items}
        </Text>
        {draft.talks.length > 0 && (
          <List aria-label={`${text.items}: ${title}`} listStyleType="none" spacing={2}>
            {draft.talks.map((item) => (
              <List.Item key={item.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{nameOf(item)}</Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={text.removeItem(nameOf(item))}
                    onClick={() => props.onRemoveItem(item.id, nameOf(item))}
                  >
                    <Icon name="close" size={16} />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <SearchPicker
          label={text.searchItems}
          queryKey={['delimitations', 'options', subject]}
          search={(term, signal) => searchTalks(subject ?? '', term, signal)}
          exclude={draft.talks.map((t) => t.id)}
          nothingFound={text.noItems}
          disabled={subject === null}
          error={props.errors?.items}
          onPick={(o) => props.onChange({ ...draft, talks: [...draft.talks, { id: o.id, name: o.name }] })}
        />
      </Stack>
    </Paper>
  );
}
