import type { EditorSet } from '../../types.ts';
import { FileEditor, FileOnDemandEditor } from './FileEditor.tsx';
import { FilterPickerEditor } from './FilterPickerEditor.tsx';
import { FilterTreeEditor } from './FilterTreeEditor.tsx';
import { ModelPickerEditor } from './ModelPickerEditor.tsx';
import { ScheduleEditor } from './ScheduleEditor.tsx';

/**
 * Editors of the structured component types (filter tree, pickers, schedule, files, time window,
 * join object, report columns).
 */
export const complexEditors: EditorSet = {
  12: FilterTreeEditor,
  16: FilterPickerEditor,
  18: ScheduleEditor,
  20: ModelPickerEditor,
  22: FileEditor,
  34: FileOnDemandEditor,
};
