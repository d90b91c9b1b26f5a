import { Loader } from '@mantine/core';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { createElement, Suspense } from 'react';
import { preloadable } from '../ui/preloadable.tsx';
import { basicEditors } from './editors/basic/index.ts';
import { FallbackEditor } from './editors/FallbackEditor.tsx';
import type { EditorSet, FieldEditor, FieldEditorProps } from './types.ts';

/**
 * The structured and designer editors (filter tree, pickers, schedule, files, report columns…)
 * weigh more than all the basic ones together and few subjects use them: they load with the
 * first field that needs one, so the grid and the form of a plain subject do not download them
 * (issue 18). Their component ids are listed here; registry.test.ts checks them against the sets.
 */
export const COMPLEX_IDS = [12, 16, 18, 20, 22, 34] as const;
export const DESIGNER_IDS = [15, 28, 29] as const;

const loadComplex = () => import('./editors/complex/index.ts').then((m) => m.complexEditors);
const loadDesigners = () => import('./editors/designers/index.ts').then((m) => m.designerEditors);

/** Each lazily loaded editor's `preload`, for `preloadEditors`. */
const preloads: (() => Promise<unknown>)[] = [];

function lazySet(ids: readonly number[], load: () => Promise<EditorSet>): EditorSet {
  return Object.fromEntries(
    ids.map((id) => {
      // Preloaded (below), a new instance renders the editor at once instead of a spinner first.
      const { Component, preload } = preloadable<FieldEditorProps>(() =>
        load().then((set) => set[id] ?? FallbackEditor),
      );
      preloads.push(preload);
      const LazyEditor: FieldEditor = (props: FieldEditorProps) =>
        createElement(
          Suspense,
          { fallback: createElement(Loader, { size: 'xs' }) },
          createElement(Component, props),
        );
      return [id, LazyEditor];
    }),
  );
}

/**
 * Fetches every lazily loaded editor now. For a screen where any type can show up next (the
 * subject designer's field preview): the editor then replaces nothing when it appears, so the
 * dialog does not grow under the pointer — a click on its button would land elsewhere.
 */
export function preloadEditors(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}

const editors: EditorSet = {
  ...basicEditors,
  ...lazySet(COMPLEX_IDS, loadComplex),
  ...lazySet(DESIGNER_IDS, loadDesigners),
};

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
