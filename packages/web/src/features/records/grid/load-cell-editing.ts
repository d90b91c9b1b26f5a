import type * as CellEditingModule from './cell-editing.ts';

type CellEditing = typeof CellEditingModule;

let loading: Promise<CellEditing> | undefined;

/** The editors and value rules of grid editing (./cell-editing.ts), fetched once. */
export function loadCellEditing(): Promise<CellEditing> {
  loading ??= import('./cell-editing.ts').catch((err: unknown) => {
    // A failed fetch (offline) is tried again at the next edit.
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Starts fetching grid editing ahead of the first edit (focus or pointer in the grid). */
export function preloadCellEditing(): void {
  loadCellEditing().catch(() => undefined);
}
