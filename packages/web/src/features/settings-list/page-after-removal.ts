/**
 * 001 §4: after a deletion, a later page left empty goes back one page. `rowsOnPage` is how many
 * rows the page showed before the deletion.
 */
export function pageAfterRemoval(page: number, rowsOnPage: number): number {
  return page > 1 && rowsOnPage <= 1 ? page - 1 : page;
}
