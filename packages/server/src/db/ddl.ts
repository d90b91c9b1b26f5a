import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './database.ts';

type ColumnArgs = [ColumnDataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/** An auto-numbered integer primary key in either dialect (explicit ids may still be inserted). */
export function idColumn(dialect: DialectName): ColumnArgs {
  return dialect === 'sqlite'
    ? ['integer', (c) => c.primaryKey().autoIncrement()]
    : ['serial', (c) => c.primaryKey()];
}
