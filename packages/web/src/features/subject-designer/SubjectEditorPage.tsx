import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { IconPickerModal } from '../menus/IconPickerModal.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { contextPath } from '../records/context-route.ts';
import {
  changesOf,
  emptyAttribute,
  fromApi,
  hasColumn,
  identifierError,
  identifierFromName,
  toInput,
  type DraftAttribute,
} from './attribute-draft.ts';
import { AttributeList } from './AttributeList.tsx';
import { AttributeModal } from './AttributeModal.tsx';
import { DeleteWithUsageModal } from './DeleteWithUsageModal.tsx';
import { FormPreview } from './FormPreview.tsx';
import {
  addAttribute,
  createSubject,
  deleteAttribute,
  deleteSubject,
  fetchReferring,
  fetchSubject,
  fetchSubjects,
  reorderAttributes,
  subjectKeys,
  updateAttribute,
  updateSubject,
} from './subject-designer-api.ts';
import './subject-designer.css';

const text = subjectDesignerText.editor;
export const LIST_PATH = '/config/subjects';
const READABLE_SUBJECTS = ['readable-subjects'];

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? err.message : fallback;

/** /config/subjects/new and /config/subjects/{identifier}: one subject, its attributes and a preview. */
export function SubjectEditorPage() {
  const { subject } = useParams();
  const identifier = subject && subject !== 'new' ? subject : null;
  const loaded = useQuery({
    queryKey: subjectKeys.one(identifier ?? ''),
    queryFn: ({ signal }) => fetchSubject(identifier ?? '', signal),
    enabled: identifier !== null,
  });
  const every = useQuery({
    queryKey: subjectKeys.every,
    queryFn: ({ signal }) => fetchSubjects({ page: 1, fetch: 1000 }, signal),
    staleTime: 30_000,
  });
  if (identifier !== null && loaded.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  if (identifier !== null && loaded.isError) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert" title={missing ? text.notFound : text.loadError}>
          <Group mt="sm">
            {!missing && (
              <Button variant="light" color="red" onClick={() => void loaded.refetch()}>
                {text.reload}
              </Button>
            )}
            <Button component={Link} to={LIST_PATH} variant="default">
              {text.back}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return (
    <SubjectEditor
      key={loaded.data?.subjectIdentifier ?? 'new'}
      existing={loaded.data ?? null}
      subjects={every.data?.itens ?? []}
    />
  );
}

type Editing = { index: number | null; attribute: DraftAttribute } | null;
type Removing = { kind: 'subject' } | { kind: 'attribute'; index: number } | null;

function SubjectEditor(props: { existing: Subject | null; subjects: Subject[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const existing = props.existing;
  const isNew = existing === null;
  const [name, setName] = useState(existing?.subjectName ?? '');
  const [identifier, setIdentifier] = useState(existing?.subjectIdentifier ?? '');
  const [identifierTouched, setIdentifierTouched] = useState(!isNew);
  const [icon, setIcon] = useState<string | null>(existing?.icon ?? null);
  const [picking, setPicking] = useState(false);
  const [attributes, setAttributes] = useState<DraftAttribute[]>(
    existing ? existing.subjectAttributes.map(fromApi) : [],
  );
  const initialKey = existing?.subjectAttributes.find((a) => a.isNaturalKey)?.identifier ?? null;
  const [naturalKey, setNaturalKey] = useState<string | null>(initialKey);
  const [submitted, setSubmitted] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const subjectId = existing?.subjectIdentifier ?? identifier;
  const leaving = useRef(false);
  const dirty = isNew
    ? name.trim() !== '' || attributes.length > 0
    : name !== existing.subjectName || icon !== existing.icon || naturalKey !== initialKey;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const referring = useQuery({
    queryKey: subjectKeys.referring(existing?.subjectIdentifier ?? ''),
    queryFn: ({ signal }) => fetchReferring(existing?.subjectIdentifier ?? '', signal),
    enabled: !isNew,
  });

  /** After a saved change: the server's subject is the editor's, every list reloads. */
  const accept = async (saved: Subject) => {
    queryClient.setQueryData(subjectKeys.one(saved.subjectIdentifier), saved);
    setAttributes(saved.subjectAttributes.map(fromApi));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: subjectKeys.all, refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: READABLE_SUBJECTS }),
    ]);
  };

  const nameError = name.trim() === '' ? 'Campo obrigatório.' : undefined;
  const idError = isNew ? identifierError(identifier) : undefined;

  const saveGeneral = useMutation({
    mutationFn: async () => {
      if (isNew) {
        return createSubject({
          identifier,
          name: name.trim(),
          icon,
          attributes: attributes.map((a) => toInput({ ...a, isNaturalKey: a.identifier === naturalKey })),
        });
      }
      let saved = await updateSubject(existing.subjectIdentifier, { name: name.trim(), icon });
      if (naturalKey !== initialKey) {
        if (initialKey)
          saved = await updateAttribute(existing.subjectIdentifier, initialKey, { isNaturalKey: false });
        if (naturalKey)
          saved = await updateAttribute(existing.subjectIdentifier, naturalKey, { isNaturalKey: true });
      }
      return saved;
    },
    onSuccess: async (saved) => {
      setGeneralError(null);
      await accept(saved);
      await queryClient.invalidateQueries({ queryKey: subjectKeys.all });
      if (isNew) {
        notify({ kind: 'success', title: text.created(saved.subjectName) });
        const path = `${LIST_PATH}/${saved.subjectIdentifier}`;
        leaving.current = true;
        await navigate(path, { replace: true });
        // The "new subject" tab became the subject's own.
        forgetTab(`${LIST_PATH}/new`, path);
      } else {
        notify({ kind: 'success', title: text.saved });
      }
    },
    onError: (err) => setGeneralError(messageOf(err, text.saveError)),
  });

  const submitGeneral = (e: SyntheticEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (nameError || idError) return;
    saveGeneral.mutate();
  };

  const submitAttribute = async (draft: DraftAttribute) => {
    if (!editing) return;
    const at = editing.index;
    if (isNew) {
      setAttributes((list) => (at === null ? [...list, draft] : list.map((a, i) => (i === at ? draft : a))));
      if (draft.isNaturalKey) setNaturalKey(draft.identifier);
      else if (naturalKey === draft.identifier) setNaturalKey(null);
      setEditing(null);
      return;
    }
    const before = at === null ? null : attributes[at];
    const saved = before
      ? await updateAttribute(existing.subjectIdentifier, before.identifier, changesOf(before, draft))
      : await addAttribute(existing.subjectIdentifier, toInput(draft));
    await accept(saved);
    setNaturalKey(saved.subjectAttributes.find((a) => a.isNaturalKey)?.identifier ?? null);
    setEditing(null);
    notify({ kind: 'success', title: subjectDesignerText.attribute.saved(draft.name) });
  };

  const move = (from: number, to: number) => {
    const previous = attributes;
    const next = arrayMove(attributes, from, to);
    setAttributes(next);
    if (isNew) return;
    reorderAttributes(
      existing.subjectIdentifier,
      next.map((a) => a.identifier),
    ).then(
      async (saved) => {
        await accept(saved);
        notify({ kind: 'success', title: text.orderSaved });
      },
      (err: unknown) => {
        setAttributes(previous);
        notify({ kind: 'error', title: messageOf(err, text.orderError), durationMs: 10_000 });
      },
    );
  };

  const remove = useMutation({
    mutationFn: async (what: NonNullable<Removing>) => {
      if (what.kind === 'subject') {
        if (existing) await deleteSubject(existing.subjectIdentifier);
        return null;
      }
      const a = attributes[what.index];
      if (!a) return null;
      if (isNew || a.subjectAttributeId === undefined) {
        setAttributes((list) => list.filter((_, i) => i !== what.index));
        if (naturalKey === a.identifier) setNaturalKey(null);
        return null;
      }
      return deleteAttribute(existing.subjectIdentifier, a.identifier);
    },
    onSuccess: async (saved, what) => {
      setRemoving(null);
      setRemoveError(null);
      if (what.kind === 'subject') {
        notify({ kind: 'success', title: subjectDesignerText.remove.removed(existing?.subjectName ?? '') });
        queryClient.removeQueries({ queryKey: subjectKeys.one(existing?.subjectIdentifier ?? '') });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
          queryClient.invalidateQueries({ queryKey: READABLE_SUBJECTS }),
        ]);
        leaving.current = true;
        await navigate(LIST_PATH);
        return;
      }
      if (saved) {
        await accept(saved);
        notify({
          kind: 'success',
          title: subjectDesignerText.attribute.removed(attributeBeingRemoved?.name ?? ''),
        });
      }
    },
    onError: (err) => setRemoveError(messageOf(err, subjectDesignerText.remove.error)),
  });

  const attributeBeingRemoved = removing?.kind === 'attribute' ? attributes[removing.index] : undefined;
  const keyOptions = attributes
    .filter((a) => hasColumn(a))
    .map((a) => ({ value: a.identifier, label: `${a.name} (${a.identifier})` }));
  const pointsTo = attributes.filter((a) => a.relatedSubject);
  const subjectName = (id: string) =>
    props.subjects.find((s) => s.subjectIdentifier === id)?.subjectName ?? id;
  const builtIn = existing?.isBuiltIn ?? false;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Tooltip label={text.back}>
            <ActionIcon component={Link} to={LIST_PATH} variant="subtle" size="lg" aria-label={text.back}>
              <Icon name="arrow_back" />
            </ActionIcon>
          </Tooltip>
          <Title order={1} size="h2">
            {isNew ? text.titleNew : text.titleEdit(existing.subjectName)}
          </Title>
          {builtIn && <Badge variant="light">{subjectDesignerText.list.builtIn}</Badge>}
        </Group>
        {!isNew && (
          <Group gap="xs">
            <Button
              component={Link}
              to={contextPath('grid', existing.subjectIdentifier)}
              variant="default"
              leftSection={<Icon name="table_rows" />}
            >
              {text.openRecords}
            </Button>
            {!builtIn && (
              <Button
                color="red.9"
                variant="outline"
                leftSection={<Icon name="delete" />}
                onClick={() => {
                  setRemoveError(null);
                  setRemoving({ kind: 'subject' });
                }}
              >
                {text.removeSubject}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {builtIn && (
        <Alert color="blue" variant="light">
          {text.builtIn}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-general">
            <form onSubmit={submitGeneral} noValidate>
              <Stack gap="sm">
                <Title order={2} size="h4" id="sd-general">
                  {text.general}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={text.name}
                    required
                    value={name}
                    maxLength={150}
                    error={submitted ? nameError : undefined}
                    onChange={(e) => {
                      const next = e.currentTarget.value;
                      setName(next);
                      if (!identifierTouched) setIdentifier(identifierFromName(next));
                    }}
                  />
                  <TextInput
                    label={text.identifier}
                    required
                    value={identifier}
                    maxLength={60}
                    disabled={!isNew}
                    description={text.identifierHelp}
                    error={isNew && (submitted || identifierTouched) ? idError : undefined}
                    onChange={(e) => {
                      setIdentifierTouched(true);
                      setIdentifier(e.currentTarget.value);
                    }}
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4}>
                      {text.icon}
                    </Text>
                    <Group gap="xs">
                      <Paper withBorder p={6} radius="sm" aria-hidden>
                        <Icon name={icon ?? 'description'} size="1.5em" />
                      </Paper>
                      <Button variant="default" onClick={() => setPicking(true)}>
                        {text.chooseIcon}
                      </Button>
                      {icon && (
                        <Button variant="subtle" onClick={() => setIcon(null)}>
                          {text.clearIcon}
                        </Button>
                      )}
                    </Group>
                  </div>
                  <Select
                    label={text.naturalKey}
                    description={text.naturalKeyHelp}
                    placeholder={text.noNaturalKey}
                    data={keyOptions}
                    value={naturalKey}
                    clearable
                    onChange={(v) => {
                      setNaturalKey(v);
                      if (isNew)
                        setAttributes((list) =>
                          list.map((a) => ({ ...a, isNaturalKey: a.identifier === v })),
                        );
                    }}
                  />
                </SimpleGrid>
                {generalError && (
                  <Alert color="red" variant="light" role="alert">
                    {generalError}
                  </Alert>
                )}
                {!isNew && (
                  <Group justify="flex-end">
                    <Button type="submit" loading={saveGeneral.isPending}>
                      {text.save}
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-attributes">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4" id="sd-attributes">
                  {text.attributes}
                </Title>
                <Button
                  variant="light"
                  leftSection={<Icon name="add" />}
                  onClick={() => setEditing({ index: null, attribute: emptyAttribute() })}
                >
                  {text.addAttribute}
                </Button>
              </Group>
              {attributes.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {text.noAttributes}
                </Text>
              ) : (
                <AttributeList
                  attributes={attributes}
                  canRemove={!builtIn}
                  onMove={move}
                  onEdit={(index) => {
                    const a = attributes[index];
                    if (a) setEditing({ index, attribute: a });
                  }}
                  onRemove={(index) => {
                    setRemoveError(null);
                    setRemoving({ kind: 'attribute', index });
                  }}
                />
              )}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-related">
            <Stack gap="xs">
              <Title order={2} size="h4" id="sd-related">
                {text.related}
              </Title>
              <Text size="sm" c="dimmed">
                {text.relatedHelp}
              </Text>
              {pointsTo.length === 0 && (referring.data ?? []).length === 0 ? (
                <Text size="sm">{text.noRelated}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <div>
                    <Text size="sm" fw={500}>
                      {text.pointsTo}
                    </Text>
                    <List size="sm">
                      {pointsTo.map((a) => (
                        <List.Item key={a.identifier}>
                          <Anchor component={Link} to={`${LIST_PATH}/${a.relatedSubject ?? ''}`}>
                            {subjectName(a.relatedSubject ?? '')}
                          </Anchor>{' '}
                          <Text span size="xs" c="dimmed">
                            {text.via(a.name)}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  </div>
                  <div>
                    <Text size="sm" fw={500}>
                      {text.referredBy}
                    </Text>
                    <List size="sm">
                      {(referring.data ?? []).map((r) => (
                        <List.Item key={r.subjectAttributeId}>
                          <Anchor component={Link} to={`${LIST_PATH}/${r.relatedSubject.subjectIdentifier}`}>
                            {r.relatedSubject.subjectName}
                          </Anchor>{' '}
                          <Text span size="xs" c="dimmed">
                            {text.via(r.attributeName)}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  </div>
                </SimpleGrid>
              )}
            </Stack>
          </Paper>
        </Stack>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sd-preview">
          <Stack gap="sm">
            <Title order={2} size="h4" id="sd-preview">
              {text.preview}
            </Title>
            <Text size="sm" c="dimmed">
              {text.previewHelp}
            </Text>
            <FormPreview subject={subjectId || 'novo'} attributes={attributes} subjects={props.subjects} />
          </Stack>
        </Paper>
      </SimpleGrid>

      {isNew && (
        <Stack gap="xs">
          {generalError && (
            <Alert color="red" variant="light" role="alert">
              {generalError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={LIST_PATH}>
              {subjectDesignerText.attribute.cancel}
            </Button>
            <Button
              onClick={submitGeneral}
              loading={saveGeneral.isPending}
              leftSection={<Icon name="save" />}
            >
              {text.saveNew}
            </Button>
          </Group>
        </Stack>
      )}

      <AttributeModal
        opened={editing !== null}
        initial={editing?.attribute ?? emptyAttribute()}
        isNew={editing?.index === null || editing?.attribute.subjectAttributeId === undefined}
        subject={subjectId}
        subjects={props.subjects}
        takenIdentifiers={attributes.filter((_, i) => i !== editing?.index).map((a) => a.identifier)}
        submitLabel={isNew ? subjectDesignerText.attribute.apply : subjectDesignerText.attribute.save}
        onSubmit={submitAttribute}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title={text.unsaved}
        confirmLabel={text.leave}
        cancelLabel={text.stay}
        danger
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        {isNew ? text.confirmLeaveNew : text.confirmLeave}
      </ConfirmModal>
      <IconPickerModal
        opened={picking}
        current={icon}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          setIcon(picked);
          setPicking(false);
        }}
      />
      <DeleteWithUsageModal
        opened={removing !== null}
        subject={subjectId}
        subjectName={existing?.subjectName ?? name}
        attribute={
          attributeBeingRemoved
            ? {
                identifier: attributeBeingRemoved.identifier,
                name: attributeBeingRemoved.name,
                saved: !isNew && attributeBeingRemoved.subjectAttributeId !== undefined,
              }
            : undefined
        }
        busy={remove.isPending}
        error={removeError}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
      />
    </Stack>
  );
}
