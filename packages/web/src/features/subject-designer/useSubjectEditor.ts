import { arrayMove } from '@dnd-kit/sortable';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { useUnsavedChangesGuard } from '../unsaved/useUnsavedChangesGuard.ts';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import {
  changesOf,
  fromApi,
  hasColumn,
  identifierError,
  toInput,
  type DraftAttribute,
} from './attribute-draft.ts';
import { LIST_PATH } from './paths.ts';
import {
  addAttribute,
  createSubject,
  deleteAttribute,
  deleteSubject,
  fetchReferring,
  reorderAttributes,
  subjectKeys,
  updateAttribute,
  updateSubject,
} from './subject-designer-api.ts';

const text = subjectDesignerText.editor;
const READABLE_SUBJECTS = ['readable-subjects'];

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? err.message : fallback;

type Editing = { index: number | null; attribute: DraftAttribute } | null;
type Removing = { kind: 'subject' } | { kind: 'attribute'; index: number } | null;

export type SubjectEditorState = ReturnType<typeof useSubjectEditor>;

/**
 * The subject editor's draft (general fields, natural key, attributes) and its writes: a new
 * subject is created in one call; an existing one saves its general fields with their button and
 * each attribute change as it is made. Leaving with unsaved changes asks first (`blocker`).
 */
export function useSubjectEditor(existing: Subject | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isNew = existing === null;
  const [name, setName] = useState(existing?.subjectName ?? '');
  const [identifier, setIdentifier] = useState(existing?.subjectIdentifier ?? '');
  const [identifierTouched, setIdentifierTouched] = useState(!isNew);
  const [icon, setIcon] = useState<string | null>(existing?.icon ?? null);
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
  const blocker = useUnsavedChangesGuard(dirty, () => leaving.current);

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

  /** Asks before removing the subject or one attribute. */
  const askRemove = (what: NonNullable<Removing>) => {
    setRemoveError(null);
    setRemoving(what);
  };

  return {
    isNew,
    subjectId,
    name,
    setName,
    identifier,
    setIdentifier,
    identifierTouched,
    setIdentifierTouched,
    icon,
    setIcon,
    attributes,
    setAttributes,
    naturalKey,
    setNaturalKey,
    keyOptions,
    submitted,
    nameError,
    idError,
    generalError,
    saveGeneral,
    submitGeneral,
    editing,
    setEditing,
    submitAttribute,
    move,
    removing,
    setRemoving,
    askRemove,
    attributeBeingRemoved,
    removeError,
    remove,
    referring,
    blocker,
  };
}
