import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { TAG_NAME_MAX, type Tag } from '@talkbase/domain/contracts/tags';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { fetchSubject } from '../../fields/editors/complex/structured-api.ts';
import { tagsText } from '../../i18n/tags.ts';
import { EditorStates } from '../../ui/EditorStates.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { useEditorLoad } from '../../ui/useEditorLoad.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import {
  draftToInput,
  newTagDraft,
  problemField,
  tagProblems,
  tagToDraft,
  type TagDraft,
  type TagFilterDraft,
  type TagProblems,
} from './tag-draft.ts';
import { TagChip } from './TagChip.tsx';
import { TagFilterModal } from './TagFilterModal.tsx';
import { createTag, fetchTag, tagKeys, updateTag } from './tags-api.ts';
import './tags.css';

const text = tagsText.editor;
const LIST_PATH = '/tags/list/';

/** 'Criar nova tag' / 'Editar tag' (000 §2 "Tag editor"). */
export function TagEditorPage() {
  const params = useParams();
  const tagId = params.tagId ? Number(params.tagId) : null;
  const load = useEditorLoad(tagId, { key: tagKeys.one, fetch: fetchTag }, ['tags', 'subjects']);
  const subjects = load.subjects;

  const title = tagId === null ? text.titleNew : text.titleEdit;

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <EditorStates state={load.state} texts={text} skeletonHeight={260}>
        {subjects.data && (
          <TagForm
            key={tagId ?? 'new'}
            tagId={tagId}
            tag={load.record.data ?? null}
            subjects={subjects.data}
          />
        )}
      </EditorStates>
    </Stack>
  );
}

function TagForm(props: { tagId: number | null; tag: Tag | null; subjects: ReadableSubject[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TagDraft>(() => (props.tag ? tagToDraft(props.tag) : newTagDraft()));
  const unsaved = useUnsavedDraft(draft);
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<TagProblems>(new Map());
  const [editing, setEditing] = useState<TagFilterDraft | null>(null);
  const [saving, setSaving] = useState(false);

  const problems = tagProblems(draft);
  const shown = (field: string) => serverProblems.get(field) ?? (touched ? problems.get(field) : undefined);
  const nextKey = Math.max(0, ...draft.filters.map((f) => f.key)) + 1;

  const change = (next: Partial<TagDraft>, fields: string[]) => {
    setDraft((d) => ({ ...d, ...next }));
    if (fields.some((f) => serverProblems.has(f)))
      setServerProblems((prev) => new Map([...prev].filter(([k]) => !fields.includes(k))));
  };

  /** Back to the list (already told to reload), closing the editor's tab: it is done with. */
  const leave = async () => {
    unsaved.release();
    const here = location.pathname;
    await navigate(LIST_PATH);
    forgetTab(here, LIST_PATH);
  };

  const save = async () => {
    setTouched(true);
    if (problems.size > 0) return;
    setSaving(true);
    try {
      const input = draftToInput(draft);
      if (props.tagId === null) await createTag(input);
      else await updateTag(props.tagId, input);
      notify({ kind: 'success', title: text.saved });
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      await leave();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500 && err.errors.length > 0) {
        const next: TagProblems = new Map();
        const loose: string[] = [];
        for (const e of err.errors) {
          const field = problemField(e.field);
          if (field && !next.has(field)) next.set(field, e.message);
          else loose.push(e.message);
        }
        setServerProblems(next);
        if (loose.length > 0) notify({ kind: 'error', title: loose.join(' '), durationMs: 10_000 });
      } else {
        notify({ kind: 'error', title: text.saveError, durationMs: 10_000 });
      }
    } finally {
      setSaving(false);
    }
  };

  const saveFilter = (filter: TagFilterDraft) => {
    const exists = draft.filters.some((f) => f.key === filter.key);
    const filters = exists
      ? draft.filters.map((f) => (f.key === filter.key ? filter : f))
      : [...draft.filters, filter];
    const index = filters.findIndex((f) => f.key === filter.key);
    change({ filters }, ['tagFilters', `tagFilters.${index}`]);
    setEditing(null);
  };

  const filtersError = shown('tagFilters');

  return (
    <form
      noValidate
      aria-label={props.tagId === null ? text.titleNew : text.titleEdit}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Group align="flex-start" grow wrap="wrap">
          <TextInput
            label={text.name}
            required
            maxLength={TAG_NAME_MAX}
            value={draft.tagName}
            onChange={(e) => change({ tagName: e.currentTarget.value }, ['tagName'])}
            onBlur={() => setTouched(true)}
            error={shown('tagName')}
          />
          <ColorInput
            label={text.color}
            format="hex"
            value={draft.tagColor}
            onChange={(tagColor) => change({ tagColor }, ['tagColor'])}
            error={shown('tagColor')}
            eyeDropperButtonProps={{ 'aria-label': text.eyeDropper, title: text.eyeDropper }}
            swatches={[
              '#000000',
              '#c92a2a',
              '#e67700',
              '#2b8a3e',
              '#1864ab',
              '#5f3dc4',
              '#868e96',
              '#ffffff',
            ]}
          />
        </Group>
        <div role="group" aria-labelledby="tag-preview-label" data-testid="tag-preview">
          <Text size="sm" fw={500} id="tag-preview-label" mb={4}>
            {text.preview}
          </Text>
          <TagChip tag={{ tagName: draft.tagName.trim() || text.preview, tagColor: draft.tagColor }} />
        </div>
        <section aria-labelledby="tag-filters-label">
          <Text size="sm" fw={500} id="tag-filters-label">
            {text.filters}
          </Text>
          <Paper withBorder radius="md" mt={4}>
            {draft.filters.length === 0 ? (
              <Text c="dimmed" p="sm" size="sm">
                {text.noFilters}
              </Text>
            ) : (
              <ul className="tags-list" aria-label={text.filters}>
                {draft.filters.map((filter, index) => (
                  <FilterRow
                    key={filter.key}
                    filter={filter}
                    subjects={props.subjects}
                    removable={draft.filters.length > 1}
                    error={shown(`tagFilters.${index}`)}
                    onEdit={() => setEditing(filter)}
                    onRemove={() =>
                      change(
                        { filters: draft.filters.filter((f) => f.key !== filter.key) },
                        draft.filters.map((_, i) => `tagFilters.${i}`),
                      )
                    }
                    onAttribute={(subjectAttributeId) =>
                      change(
                        {
                          filters: draft.filters.map((f) =>
                            f.key === filter.key ? { ...f, subjectAttributeId } : f,
                          ),
                        },
                        [`tagFilters.${index}`],
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </Paper>
          {filtersError && (
            <Text size="xs" c="red" mt={4} role="alert">
              {filtersError}
            </Text>
          )}
        </section>
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<Icon name="add" />}
            onClick={() =>
              setEditing({
                key: nextKey,
                filterId: null,
                filterName: '',
                filter: null,
                subject: draft.filters[0]?.subject ?? '',
                subjectAttributeId: null,
              })
            }
          >
            {text.addFilter}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={() => void leave()} disabled={saving}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {text.save}
            </Button>
          </Group>
        </Group>
      </Stack>
      <TagFilterModal
        initial={editing}
        subjects={props.subjects}
        onSave={saveFilter}
        onClose={() => setEditing(null)}
      />
    </form>
  );
}

function FilterRow(props: {
  filter: TagFilterDraft;
  subjects: readonly ReadableSubject[];
  removable: boolean;
  error: string | undefined;
  onEdit: () => void;
  onRemove: () => void;
  onAttribute: (subjectAttributeId: number | null) => void;
}) {
  const { filter } = props;
  const name = filter.filterName.trim() || text.untitled;
  const subjectName = props.subjects.find((s) => s.subjectIdentifier === filter.subject)?.subjectName;
  const subject = useQuery({
    queryKey: ['tags', 'subject', filter.subject],
    queryFn: ({ signal }) => fetchSubject(filter.subject, signal),
    enabled: filter.subject !== '',
    staleTime: 60_000,
  });
  const attributes = (subject.data?.subjectAttributes ?? []).filter((a) => !a.isInternal);
  return (
    <li className="tag-filter-row" onDoubleClick={props.onEdit} data-filter-row={name}>
      <Stack gap={0} className="tag-filter-name">
        <Text fw={600} truncate>
          {name}
        </Text>
        {subjectName && (
          <Text size="xs" c="dimmed">
            {subjectName}
          </Text>
        )}
        {props.error && (
          <Text size="xs" c="red" role="alert">
            {props.error}
          </Text>
        )}
      </Stack>
      <Select
        aria-label={text.attributeOf(name)}
        placeholder={text.attributePlaceholder}
        data={attributes.map((a) => ({ value: String(a.subjectAttributeId), label: a.name }))}
        value={filter.subjectAttributeId === null ? null : String(filter.subjectAttributeId)}
        onChange={(v) => props.onAttribute(v === null ? null : Number(v))}
        clearable
        searchable
        w={220}
      />
      <ActionIcon
        variant="subtle"
        aria-label={text.editFilter(name)}
        title={text.editFilter(name)}
        onClick={props.onEdit}
      >
        <Icon name="edit" />
      </ActionIcon>
      {props.removable && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={text.removeFilter(name)}
          title={text.removeFilter(name)}
          onClick={props.onRemove}
        >
          <Icon name="delete" />
        </ActionIcon>
      )}
    </li>
  );
}
