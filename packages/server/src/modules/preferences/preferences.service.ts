import type { Kysely } from 'kysely';
import {
  preferencesMessages,
  type AccountPreferences,
  type FontSizeLevelValue,
  type savePreferencesBodySchema,
} from '@talkbase/domain/contracts/preferences';
import {
  customerPalette,
  DEFAULT_THEME,
  isOfferedTheme,
  type PaletteColor,
} from '@talkbase/domain/themes/palettes';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';

type SaveBody = z.output<typeof savePreferencesBodySchema>;

/** The signed-in account's theme, dark mode and font size (spec 001 §2.14, 000 §1). */
export class PreferencesService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The customer's palette: the colours the company gave its access profiles, in room order. */
  private async customerColors(companyId: number): Promise<PaletteColor[]> {
    const rows = await this.db
      .selectFrom('rooms')
      .select('color')
      .where('company_id', '=', companyId)
      .where('color', 'is not', null)
      .orderBy('id')
      .execute();
    return customerPalette(rows.map((r) => r.color));
  }

  private row(accountId: number) {
    return this.db
      .selectFrom('account_preferences')
      .select(['theme', 'dark_mode', 'font_size'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  private static present(
    row: { theme: string; dark_mode: number; font_size: number } | undefined,
    customerColors: PaletteColor[],
  ): AccountPreferences {
    if (!row) return { theme: DEFAULT_THEME, darkMode: false, fontSize: 0, saved: false, customerColors };
    return {
      theme: row.theme,
      darkMode: row.dark_mode === 1,
      fontSize: Math.min(2, Math.max(0, row.font_size)) as FontSizeLevelValue,
      saved: true,
      customerColors,
    };
  }

  async get(auth: AuthContext): Promise<AccountPreferences> {
    const [row, customerColors] = await Promise.all([
      this.row(auth.accountId),
      this.customerColors(auth.companyId),
    ]);
    return PreferencesService.present(row, customerColors);
  }

  /**
   * Saves the whole choice and answers what the account holds after it: the choice itself, or — for
   * a save of a browser that has since saved a newer one (a lower or equal `sequence` under the same
   * `browser`, arriving late) — the newer choice, which the late one does not overwrite.
   */
  async save(auth: AuthContext, body: SaveBody): Promise<AccountPreferences> {
    const customerColors = await this.customerColors(auth.companyId);
    if (!isOfferedTheme(body.theme, customerColors))
      throw badRequest([{ message: preferencesMessages.theme, field: 'theme' }]);
    const values = {
      theme: body.theme,
      dark_mode: body.darkMode ? 1 : 0,
      font_size: body.fontSize,
      updated_at: Date.now(),
      saved_by: body.browser ?? null,
      saved_sequence: body.sequence ?? null,
    };
    await this.db
      .insertInto('account_preferences')
      .values({ account_id: auth.accountId, ...values })
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet(values)
          .where((eb) =>
            eb.or([
              eb('account_preferences.saved_by', 'is', null),
              eb('excluded.saved_by', 'is', null),
              eb('account_preferences.saved_by', '<>', eb.ref('excluded.saved_by')),
              eb('account_preferences.saved_sequence', '<', eb.ref('excluded.saved_sequence')),
            ]),
          ),
      )
      .execute();
    return PreferencesService.present(await this.row(auth.accountId), customerColors);
  }
}
