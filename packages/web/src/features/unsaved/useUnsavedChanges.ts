import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { sameValue } from './same-value.ts';
import {
  currentQuestion,
  forgetUnsaved,
  releaseUnsaved,
  setUnsaved,
  subscribeUnsaved,
  type DiscardQuestion,
} from './unsaved-store.ts';

export interface UnsavedChanges {
  /**
   * Call when the screen's changes are saved (or dropped on purpose: its own "Cancelar") just
   * before it moves away itself: that move does not ask. A later change of `dirty` asks again.
   */
  release: () => void;
}

export interface UnsavedOptions {
  /** Read at each move: true lets it go (the screen is leaving on its own). */
  letGo?: () => boolean;
  /** The screen asks with its own modal (ui/LeaveConfirmModal) instead of the shared one. */
  ownPrompt?: boolean;
}

/**
 * Registers a screen's unsaved changes: while `dirty`, leaving it by a link, the side menu, a tab,
 * closing its tab, signing out or reloading the page asks "Descartar alterações?" first
 * (UnsavedChangesGuard in the shell shows the question). Compute `dirty` against the loaded value
 * (`!sameValue(draft, loaded)`), so a change undone is not asked about.
 */
export function useUnsavedChanges(dirty: boolean, options: UnsavedOptions = {}): UnsavedChanges {
  const [id] = useState(() => Symbol('unsaved'));
  const letGo = useRef(options.letGo);
  useEffect(() => {
    letGo.current = options.letGo;
  });
  const ownPrompt = options.ownPrompt ?? false;
  useEffect(() => {
    setUnsaved(id, dirty, { letGo: () => letGo.current?.() ?? false, ownPrompt });
  }, [id, dirty, ownPrompt]);
  useEffect(() => () => forgetUnsaved(id), [id]);
  return useMemo(() => ({ release: () => releaseUnsaved(id) }), [id]);
}

/**
 * `useUnsavedChanges` for a form kept as one draft value: dirty while the draft differs, by value,
 * from what it was when the form mounted (the loaded thing, or a new one's blank draft).
 */
export function useUnsavedDraft(draft: unknown, options?: UnsavedOptions): UnsavedChanges {
  const [loaded] = useState(draft);
  return useUnsavedChanges(!sameValue(draft, loaded), options);
}

/** The question being asked now, if any. */
export function useDiscardQuestion(): DiscardQuestion | null {
  return useSyncExternalStore(subscribeUnsaved, currentQuestion, currentQuestion);
}
