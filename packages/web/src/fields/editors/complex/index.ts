import type { EditorSet } from '../../types.ts';

/**
 * Editors of the structured component types (filter tree, pickers, schedule, files, time window,
 * join object, report columns).
 */
export const complexEditors: EditorSet = {};
