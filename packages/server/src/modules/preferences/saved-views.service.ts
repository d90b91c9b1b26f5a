import type { Kysely } from 'kysely';
import {
  SAVED_VIEW_KINDS,
  savedViewsMessages,
  type SavedSubjectView,
  type SavedViews,
  type SavedViewKind,
  type saveSubjectViewBodySchema,
} from '@talkbase/domain/contracts/saved-views';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';

type SaveBody = z.output<typeof saveSubjectViewBodySchema>;

const kind = (value: string): SavedViewKind =>
  (SAVED_VIEW_KINDS as readonly string[]).includes(value) ? (value as SavedViewKind) : 'grid';

/**
 * A person's last view of each subject (issue 38 item 5): kept per account, like the theme; only the
 * account itself reads and writes it. It names no records, so it needs no subject permission.
 */
export class SavedViewsService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async list(auth: AuthContext): Promise<SavedViews> {
    const rows = await this.db
      .selectFrom('account_saved_views as v')
      .innerJoin('subjects as s', 's.id', 'v.subject_id')
      .select(['s.identifier', 'v.view', 'v.board_by', 'v.calendar_by'])
      .where('v.account_id', '=', auth.accountId)
      .where('s.company_id', '=', auth.companyId)
      .orderBy('s.identifier')
      .execute();
    return {
      views: rows.map((r) => ({
        subject: r.identifier.toLowerCase(),
        view: kind(r.view),
        boardBy: r.board_by,
        calendarBy: r.calendar_by,
      })),
    };
  }

  async save(auth: AuthContext, subject: string, body: SaveBody): Promise<SavedSubjectView> {
    const found = await this.db
      .selectFrom('subjects')
      .select('id')
      .where('company_id', '=', auth.companyId)
      .where('identifier', '=', subject.trim().toLowerCase())
      .executeTakeFirst();
    if (!found) throw notFound(savedViewsMessages.subjectNotFound);
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('account_saved_views')
        .select(['view', 'board_by', 'calendar_by'])
        .where('account_id', '=', auth.accountId)
        .where('subject_id', '=', found.id)
        .executeTakeFirst();
      const next = {
        view: body.view ?? before?.view ?? 'grid',
        board_by: body.boardBy !== undefined ? body.boardBy : (before?.board_by ?? null),
        calendar_by: body.calendarBy !== undefined ? body.calendarBy : (before?.calendar_by ?? null),
        updated_at: Date.now(),
      };
      await trx
        .insertInto('account_saved_views')
        .values({ account_id: auth.accountId, subject_id: found.id, ...next })
        .onConflict((oc) => oc.columns(['account_id', 'subject_id']).doUpdateSet(next))
        .execute();
      return { view: kind(next.view), boardBy: next.board_by, calendarBy: next.calendar_by };
    });
  }
}
