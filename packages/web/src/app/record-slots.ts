import {
  loadFormRules,
  registerFormRules,
  registerTagSlot,
  registerSlaSlot,
  registerTaskSlot,
  registerTransferSlot,
} from '../features/records/slots.ts';
import { LazyGridSla } from '../features/sla/LazyGridSla.tsx';
import { useSlaColumn } from '../features/sla/sla-column.ts';
import { GridTagPicker } from '../features/tags/GridTagPicker.tsx';
import { TagChips, talkTagsOf } from '../features/tags/TagChip.tsx';
import { useRecordTagsLive } from '../features/tags/useRecordTagsLive.ts';
import { TransferActions } from '../features/record-transfer/TransferActions.tsx';

let filled = false;

/**
 * Fills the records screens' slots (features/records/slots.ts) with what tags, talk-transfer,
 * tickets and tasks put into them. app/screens.ts loads this module with each screen that shows
 * records (the context and search screens), so it travels with them, not with the first load; the
 * ticket rules and the task area load later still, with the form and the task views.
 */
export function fillRecordSlots(): void {
  if (filled) return;
  filled = true;
  registerTagSlot({ TagChips, talkTagsOf, GridTagPicker, useRecordTagsLive });
  registerTransferSlot({ TransferActions });
  registerSlaSlot({ GridSla: LazyGridSla, useSlaColumn });
  // The ticket rules load with the record form, as they did inside the form's chunk.
  registerFormRules('chamado', () =>
    import('../features/tickets/useTicketFormRules.ts').then((m) => m.useTicketFormRules),
  );
  // The task area loads only when a record or the active-task scenario shows it.
  registerTaskSlot({
    loadActiveTaskView: () => import('../features/tasks/ActiveTaskView.tsx').then((m) => m.ActiveTaskView),
    loadTaskRecordBar: () => import('../features/tasks/TaskRecordBar.tsx').then((m) => m.TaskRecordBar),
  });
}

/** The subjects' form rules, for a screen whose chunk holds the record form itself (search). */
export function loadRecordFormRules(): Promise<void> {
  return loadFormRules();
}
