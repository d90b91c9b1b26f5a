import type { UseQueryResult } from '@tanstack/react-query';
import type { SavedFilterItem } from './editors/complex/structured-api.ts';

/**
 * What the field editors get from the features without importing them (issue 40: `fields/` is
 * below every feature). The saved-filter picker (component 16) lists a subject's saved filters
 * from the cache the grid's toolbar and the filter forms share, so features/filters registers its
 * `useSavedFilters` here: app/Shell.tsx does it as the signed-in layout loads, test/setup.ts for a
 * component test.
 */
export type SavedFilterSource = (subject: string | null) => UseQueryResult<SavedFilterItem[]>;

let savedFilterSource: SavedFilterSource | undefined;

export function registerSavedFilterSource(source: SavedFilterSource): void {
  savedFilterSource = source;
}

/** The saved filters of a subject (none without one), through the registered source. */
export function useSavedFilterSource(subject: string | null): UseQueryResult<SavedFilterItem[]> {
  if (!savedFilterSource) throw new Error('No saved-filter source: call registerSavedFilterSource first.');
  return savedFilterSource(subject);
}
