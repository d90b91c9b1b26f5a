import type { EditorSet } from '../../types.ts';

/** Editors of the simple component types (text, masks, numbers, dates, booleans, selects, e-mail). */
export const basicEditors: EditorSet = {};
