import type { EditorSet } from '../../types.ts';
import { JoinObjectEditor } from './JoinObjectEditor.tsx';
import { ReportColumnsEditor } from './ReportColumnsEditor.tsx';
import { TimeWindowEditor } from './TimeWindowEditor.tsx';

/** The designer-style editors: report columns (15), time window (28), carrier relationship (29). */
export const designerEditors: EditorSet = {
  15: ReportColumnsEditor,
  28: TimeWindowEditor,
  29: JoinObjectEditor,
};
