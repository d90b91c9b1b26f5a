import { useState } from 'react';
import { fetchSavedFilterTree } from './saved-filter-tree.ts';
import { useSavedFilters } from './useSavedFilters.ts';

/** What the filter form starts from: the filter being edited, or a new one. */
export interface FilterFormStart {
  subject: string | null;
  savedId: number | null;
  name: string;
  tree: unknown;
}

/** The messages each feature shows for a missing or too long field. */
export interface FilterFormMessages {
  nameRequired: string;
  nameTooLong: string;
  subjectRequired: string;
  treeRequired: string;
}

/**
 * The state of a filter form (a room's filter, a tag's filter): a subject, the saved filter it
 * started from, a name and a tree over the subject, and the errors shown once the user tried to save.
 */
export function useFilterForm(start: FilterFormStart, messages: FilterFormMessages, nameMax: number) {
  const [subject, setSubject] = useState<string | null>(start.subject);
  const [savedId, setSavedId] = useState<number | null>(start.savedId);
  const [name, setName] = useState(start.name);
  const [tree, setTree] = useState<unknown>(start.tree);
  const [treeProblem, setTreeProblem] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const [loadError, setLoadError] = useState(false);

  const saved = useSavedFilters(subject);

  /** Another subject: the saved filter and the tree were about the previous one. */
  const chooseSubject = (value: string | null) => {
    setSubject(value);
    setSavedId(null);
    setTree(null);
  };

  /**
   * Loads a saved filter's tree into the form (and its name, when none is written yet);
   * `onLoaded` runs with the tree set, a failed load shows the load error instead.
   */
  const loadSaved = async (id: number, savedName: string, onLoaded?: () => void) => {
    setLoadError(false);
    try {
      const picked = await fetchSavedFilterTree(id);
      onLoaded?.();
      setTree(picked);
      if (!name.trim()) setName(savedName);
    } catch {
      setLoadError(true);
    }
  };

  const trimmed = name.trim();
  const nameError = !trimmed
    ? messages.nameRequired
    : trimmed.length > nameMax
      ? messages.nameTooLong
      : undefined;
  const subjectError = subject ? undefined : messages.subjectRequired;
  const treeError = treeProblem ?? (tree ? undefined : messages.treeRequired);

  return {
    subject,
    chooseSubject,
    savedId,
    setSavedId,
    savedFilters: saved.data,
    loadSaved,
    name,
    trimmedName: trimmed,
    setName,
    tree,
    setTree,
    setTreeProblem,
    touched,
    setTouched,
    loadError,
    nameError,
    subjectError,
    treeError,
    invalid: Boolean(nameError ?? subjectError ?? treeError),
    nameMax,
  };
}

export type FilterForm = ReturnType<typeof useFilterForm>;
