import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchAllSubjects } from '../../fields/editors/designers/designers-api.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { DelimitationCard } from './DelimitationCard.tsx';
import {
  draftErrors,
  fromDrafts,
  toDrafts,
  type Delimitation,
  type DelimitationDraft,
  type DraftErrors,
} from './delimitation-draft.ts';
import { fieldsDesignersText } from '../../i18n/fields-designers.ts';

const text = fieldsDesignersText.delimitations;

export interface DelimitationEditorProps {
  opened: boolean;
  onClose: () => void;
  /** The room's delimitations, as GET /api/room/{id} answers them (`sharedTalks`). */
  delimitations: readonly Delimitation[];
  /**
   * Called with the edited list, in the shape PUT /api/room/{id} takes as `sharedTalks`; the rooms
   * screen saves it with the rest of the room (the call replaces the whole room).
   */
  onSave: (delimitations: Delimitation[]) => void;
  /** A server error of the room's save, shown in the modal. */
  error?: string | undefined;
}

type Pending = { kind: 'delimitation'; key: number } | { kind: 'item'; key: number; id: number } | null;

/**
 * 'Delimitar visualização' (002 §2, §5, §8): the only records of each subject a room's users see.
 * One delimitation per subject (the rooms API keeps one list of records per subject).
 */
export function DelimitationEditor(props: DelimitationEditorProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={text.title} size={760}>
      {props.opened && <DelimitationForm {...props} />}
    </Modal>
  );
}

function DelimitationForm(props: DelimitationEditorProps) {
  const [drafts, setDrafts] = useState<DelimitationDraft[]>(() => toDrafts(props.delimitations));
  const [errors, setErrors] = useState<Map<number, DraftErrors> | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const subjects = useQuery({
    queryKey: ['fields', 'designers', 'subjects'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 60_000,
  });

  const update = (next: DelimitationDraft[]) => {
    setDrafts(next);
    if (errors) setErrors(draftErrors(next));
  };
  const nextKey = () => Math.max(0, ...drafts.map((d) => d.key)) + 1;

  const confirmRemoval = () => {
    if (!pending) return;
    if (pending.kind === 'delimitation') update(drafts.filter((d) => d.key !== pending.key));
    else
      update(
        drafts.map((d) =>
          d.key === pending.key ? { ...d, talks: d.talks.filter((i) => i.id !== pending.id) } : d,
        ),
      );
    setPending(null);
  };

  const save = () => {
    const found = draftErrors(drafts);
    setErrors(found);
    if (found.size === 0) props.onSave(fromDrafts(drafts));
  };

  return (
    <Stack gap="sm">
      <Text>{text.intro}</Text>
      {props.error && <Alert color="red">{props.error}</Alert>}
      {drafts.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {text.empty}
        </Text>
      )}
      {drafts.map((draft, i) => (
        <DelimitationCard
          key={draft.key}
          index={i}
          draft={draft}
          subjects={subjects.data ?? []}
          taken={
            new Set(
              drafts
                .filter((d) => d.key !== draft.key && d.subjectIdentifier)
                .map((d) => d.subjectIdentifier ?? ''),
            )
          }
          errors={errors?.get(draft.key)}
          onChange={(next) => update(drafts.map((d) => (d.key === draft.key ? next : d)))}
          onRemove={() => setPending({ kind: 'delimitation', key: draft.key })}
          onRemoveItem={(id) => setPending({ kind: 'item', key: draft.key, id })}
        />
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<Icon name="add" size={18} />}
          onClick={() =>
            update([...drafts, { key: nextKey(), subjectIdentifier: null, name: '', talks: [] }])
          }
        >
          {text.add}
        </Button>
        <Group>
          <Button variant="default" onClick={props.onClose}>
            {text.cancel}
          </Button>
          <Button onClick={save}>{text.save}</Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.kind === 'item' ? text.removeItemTitle : text.removeTitle}
        danger
        confirmLabel={text.confirm}
        cancelLabel={text.cancel}
        onClose={() => setPending(null)}
        onConfirm={confirmRemoval}
      >
        {pending?.kind === 'item' ? text.confirmRemoveItem : text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}
