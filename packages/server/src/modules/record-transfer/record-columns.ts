/**
 * The record's own columns in a CSV (issue 39): an export with the id column ("exibir coluna de id"
 * in the grid's template, or every field) writes the record's id first and its version last; an
 * import whose file has the id column changes those records instead of creating new ones, refused
 * for a row whose record changed since the version in the file (docs/decisions.md).
 * `target` is what a mapping names them by: never an attribute's identifier (no `@` there).
 */
export const ID_COLUMN = { header: 'ID', target: '@id', name: 'ID do registro' } as const;
export const VERSION_COLUMN = {
  header: 'Versão do registro',
  target: '@version',
  name: 'Versão do registro',
} as const;
