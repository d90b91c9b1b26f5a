/**
 * What editing a grid cell needs and showing the grid does not: every field editor (the
 * registry) and the domain's value rules. `loadCellEditing` fetches it the first time a cell or
 * a new row is edited — or earlier, when the grid first gets the focus or a pointer — so the
 * grid's first load does not download it (issue 18).
 */
export { editorFor } from '../../../fields/registry.ts';
export { validateValue } from '@talkbase/domain/fields/validate-value';
