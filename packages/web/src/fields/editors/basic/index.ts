import type { EditorSet } from '../../types.ts';
import { DateEditor } from './DateEditor.tsx';
import { DecimalEditor } from './DecimalEditor.tsx';
import { EmailEditor } from './EmailEditor.tsx';
import { IdentificationEditor } from './IdentificationEditor.tsx';
import { LicencePlateEditor } from './LicencePlateEditor.tsx';
import { MultiEmailEditor } from './MultiEmailEditor.tsx';
import { NumberEditor } from './NumberEditor.tsx';
import { PhoneEditor } from './PhoneEditor.tsx';
import { SelectEditor } from './SelectEditor.tsx';
import { SwitchEditor } from './SwitchEditor.tsx';
import { TextEditor } from './TextEditor.tsx';
import { TimeEditor } from './TimeEditor.tsx';
import { YesNoEditor } from './YesNoEditor.tsx';

/**
 * Editors of the simple component types (spec 002 §3, §5, §9), by component id: text, masks,
 * numbers, dates, booleans, selects, e-mail. The model picker (20) is in complex/: it also
 * announces the model's subject to the filter picker (16).
 */
export const basicEditors: EditorSet = {
  1: TextEditor,
  2: IdentificationEditor,
  3: NumberEditor,
  4: SelectEditor,
  5: DecimalEditor,
  6: PhoneEditor,
  10: YesNoEditor,
  11: DateEditor,
  13: EmailEditor,
  14: SelectEditor,
  17: MultiEmailEditor,
  19: TimeEditor,
  23: DecimalEditor,
  24: DecimalEditor,
  25: DecimalEditor,
  26: TextEditor,
  27: SwitchEditor,
  30: TextEditor,
  31: LicencePlateEditor,
  32: DateEditor,
  33: MultiEmailEditor,
};
