import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import { emptyChunks, streamedPages, type StreamedList } from '../../http/streamed-list.ts';
import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn } from '../../records/subject-ddl.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { textOf } from '../../records/record-values.ts';
import * as talksRepo from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import { checkSavedFilterWrite } from './saved-filter-rule.ts';

/** 001 §9: saved filters are fetched 10,000 at a time. */
export const SAVED_FILTERS_FETCH_MAX = 10_000;

type FilterItem = { filterId: number; filterName: string };

/**
 * Saved filters are records of the built-in subject `filtro` (`nome`, `filtro` and our internal
 * `assunto`, the subject they were made for). GET /api/Filter/{subject} lists a subject's.
 */
export class SavedFiltersService {
  private readonly db: Db;
  private readonly talks: TalksService;
  constructor(deps: { db: Db; talks: TalksService }) {
    this.db = deps.db;
    this.talks = deps.talks;
    // Every write of a saved filter, whoever makes it, is checked against its subject (here rather
    // than in app.ts: the service is the module's one entry point there).
    deps.talks.writeRules.register(FILTER_SUBJECT, (input) => checkSavedFilterWrite(deps.talks, input));
  }

  async list(
    auth: AuthContext,
    subjectIdentifier: string,
    q: { page: number; fetch: number },
  ): Promise<PagedList<FilterItem>> {
    const p = paging(q.page, q.fetch);
    const query = await this.query(auth, subjectIdentifier);
    if (!query) return { itens: [], totalResults: 0, currentPage: p.page };
    const { rows, total } = await query.read(p.offset, p.fetch);
    return { itens: query.present(rows), totalResults: total, currentPage: p.page };
  }

  /** A page above MAX_PAGE_SIZE (001 §9: saved filters are fetched 10,000 at a time), read in chunks. */
  async listStreamed(
    auth: AuthContext,
    subjectIdentifier: string,
    q: { page: number; fetch: number },
  ): Promise<StreamedList<FilterItem>> {
    const p = paging(q.page, q.fetch, SAVED_FILTERS_FETCH_MAX);
    const query = await this.query(auth, subjectIdentifier);
    if (!query) return { totalResults: 0, currentPage: p.page, chunks: emptyChunks() };
    return streamedPages(p, query.read, query.present);
  }

  private async query(auth: AuthContext, subjectIdentifier: string) {
    // The subject itself must exist for the account.
    const { subject: target } = await this.talks.access(auth, subjectIdentifier, 'read');
    const { subject, view, rows } = await this.talks.access(auth, FILTER_SUBJECT, 'read');
    // Named by attributes the account may read; without them there is nothing it may list.
    const name = view.attributes.find((a) => a.identifier === 'nome');
    const about = view.attributes.find((a) => a.identifier === 'assunto');
    if (!name || !about) return undefined;
    const ctx = { alias: 't', timeZone: 'America/Sao_Paulo', now: Date.now() };
    const where = [
      sql`${sql.ref('t.is_active')} = 1`,
      compileFilter({ attribute: about.id, operator: 'equal', value: target.identifier }, subject, ctx),
    ];
    const orderBy = [
      { column: attributeColumn(name.id), desc: false },
      { column: 'id', desc: false },
    ];
    return {
      read: (offset: number, limit: number) =>
        talksRepo.pageTalks(this.db.kysely, subject, { rows, where, orderBy, offset, limit }),
      present: (rows: talksRepo.TalkRow[]): FilterItem[] =>
        rows.map((r) => ({ filterId: r.id, filterName: textOf(r[attributeColumn(name.id)]) })),
    };
  }
}
