import { useDiscardQuestion, useUnsavedChanges } from './useUnsavedChanges.ts';
import type { LeaveQuestion } from '../../ui/LeaveConfirmModal.tsx';

/**
 * For a screen that asks with its own LeaveConfirmModal (the subject designer): its unsaved
 * changes go in the app's one registry (features/unsaved), so links, tabs, signing out and the
 * browser's reload ask as everywhere else, and the question comes back here to be shown. `letGo`
 * is read when the user leaves: true while the page itself is leaving (after a save). New screens
 * use `useUnsavedChanges` and the shared "Descartar alterações?" modal.
 */
export function useUnsavedChangesGuard(dirty: boolean, letGo: () => boolean): LeaveQuestion {
  useUnsavedChanges(dirty, { letGo, ownPrompt: true });
  const question = useDiscardQuestion();
  return question?.ownPrompt
    ? { state: 'blocked', proceed: () => question.answer(true), reset: () => question.answer(false) }
    : { state: 'unblocked' };
}
