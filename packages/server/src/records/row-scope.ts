import type { RawBuilder } from 'kysely';

// The type every records read takes; access/row-scope.ts is the only place one is made (lint holds that).

/** Marks a row scope as decided by access/row-scope.ts: nothing can write one as a literal. */
declare const decided: unique symbol;

/**
 * Which rows of a subject a read may touch: every read of records in a repository takes one
 * (required, never optional), so a reader cannot forget the account's row condition. It comes
 * from the access policy (`policy.rows`: room filter AND room filters AND delimitations AND the
 * account's own limits) or, for reads made for no person, from `everyRow` with the reason.
 */
export interface RowScope {
  readonly [decided]: true;
  /** SQL condition over the subject's table aliased `t`; undefined when every row may be read. */
  readonly condition: RawBuilder<unknown> | undefined;
}
