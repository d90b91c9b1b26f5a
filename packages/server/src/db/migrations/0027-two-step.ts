import type { Kysely } from 'kysely';

/**
 * Two-step sign-in that can be switched on (issue 34 item 4, modules/auth/two-step.*):
 *
 * - `passcodes.purpose`: what an e-mailed code is for. `sign-in` (every code before this
 *   migration) opens a session at `POST /api/account/verifypasscode`; `enrol` only confirms that
 *   the signed-in person receives the codes before two-step is switched on for them
 *   (`POST /api/account/twostep/confirm`). A code of one purpose is never accepted for the other.
 * - `accounts.two_factor_changed_at`: when two-step was last switched on or off for the account
 *   (shown on the profile and the user form).
 *
 * `companies.two_factor_required` (0001, set by nothing until now) becomes the company rule
 * `requireTwoStepForAdmins` of `PUT /api/company/security`.
 */
export function twoStep() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('passcodes')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('sign-in'))
        .execute();
      await db.schema.alterTable('accounts').addColumn('two_factor_changed_at', 'bigint').execute();
    },
  };
}
