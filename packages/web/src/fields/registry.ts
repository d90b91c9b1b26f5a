import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { basicEditors } from './editors/basic/index.ts';
import { complexEditors } from './editors/complex/index.ts';
import { designerEditors } from './editors/designers/index.ts';
import { FallbackEditor } from './editors/FallbackEditor.tsx';
import type { FieldEditor } from './types.ts';

const editors = { ...basicEditors, ...complexEditors, ...designerEditors };

/** The editor of a component type (spec 002 §3); 'Identificacao' is 2. */
export function editorFor(componentId: number | string): FieldEditor {
  const id = resolveComponentId(componentId);
  return (id !== undefined ? editors[id] : undefined) ?? FallbackEditor;
}

/** Whether a component type has its own editor (the fallback shows JSON read-only). */
export function hasEditor(componentId: number | string): boolean {
  const id = resolveComponentId(componentId);
  return id !== undefined && editors[id] !== undefined;
}
