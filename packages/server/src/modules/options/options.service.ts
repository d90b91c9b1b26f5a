import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { readableSearchConditions, searchWords } from '../../records/search.ts';
import type { AccessPolicy } from '../../access/permissions.service.ts';
import { displayAttribute, displayNameOf } from '../records/record-presenter.ts';
import * as talksRepo from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import { countsOf, type CountCache } from '../../records/count-cache.ts';
import * as repo from '../../records/subjects.repository.ts';

export const OPTIONS_PAGE_SIZE = 50;

export interface RelatedOption {
  id: number;
  name: string;
}

/**
 * GET /api/SubjectAttribute/related/{attrId}: the records a reference attribute may point to, 50 a
 * page, every word of the term matching (the related subject's search index), extra query
 * parameters `identifier=value` narrowing by the related subject's attributes. Only records the
 * account may read are offered.
 */
export class OptionsService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly talks: TalksService;

  private readonly counts: CountCache;

  constructor(deps: { db: Db; subjects: SubjectCatalogue; talks: TalksService; counts: CountCache }) {
    this.counts = deps.counts;
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.talks = deps.talks;
  }

  async related(
    auth: AuthContext,
    attributeId: number,
    q: { page: number; term?: string | undefined; extra: Record<string, string> },
  ): Promise<PagedList<RelatedOption> & { error: null }> {
    const attr = await this.db.kysely
      .selectFrom('attributes')
      .selectAll()
      .where('company_id', '=', auth.companyId)
      .where('id', '=', attributeId)
      .executeTakeFirst();
    if (!attr?.related_subject_id) throw notFound();
    const owner = await repo.findSubjectById(this.db.kysely, auth.companyId, attr.subject_id);
    const relatedRow = await repo.findSubjectById(this.db.kysely, auth.companyId, attr.related_subject_id);
    if (!owner || !relatedRow) throw notFound();
    // The attribute's own subject must be readable, and the options come from a readable subject.
    // An attribute the account may not read has no options for it: as if it did not exist.
    if ((await this.talks.access(auth, owner.identifier, 'read')).hidden.has(attributeId)) throw notFound();
    const policy = await this.talks.access(auth, relatedRow.identifier, 'read');
    return this.records(policy, q);
  }

  /** GET /api/talk/{subject}: the records of a subject the account may read, as options (the delimitation editor). */
  async subjectRecords(
    auth: AuthContext,
    identifier: string,
    q: { page: number; term?: string | undefined; extra: Record<string, string> },
  ): Promise<PagedList<RelatedOption> & { error: null }> {
    return this.records(await this.talks.access(auth, identifier, 'read'), q);
  }

  /**
   * A page of a subject's records as options `{id, name}`, through the account's policy: its rows,
   * and only attributes it may read — for the name, the term and the `identifier=value` narrowing.
   */
  async records(
    policy: AccessPolicy,
    q: { page: number; term?: string | undefined; extra: Record<string, string> },
  ): Promise<PagedList<RelatedOption> & { error: null }> {
    const { subject, view, rows, rules } = policy;
    const where: RawBuilder<unknown>[] = [sql`${sql.ref('t.is_active')} = 1`];
    const words = q.term ? searchWords(q.term) : [];
    if (words.length) where.push(readableSearchConditions(this.db.dialect, policy, 't', words).selective);
    const ctx = { alias: 't', timeZone: rules.timeZone, now: rules.now.getTime() };
    for (const [key, value] of Object.entries(q.extra)) {
      const a = view.attributes.find((x) => x.identifier === key.toLowerCase());
      if (!a) continue; // unknown extra parameters are the client's business, not a filter
      if (!hasColumn(a)) throw badRequest(`Não é possível filtrar opções por ${a.name}.`);
      where.push(compileFilter({ attribute: a.id, operator: 'equal', value }, view, ctx));
    }
    const named = displayAttribute(view);
    const p = paging(q.page, OPTIONS_PAGE_SIZE);
    const page = await talksRepo.pageTalks(
      this.db.kysely,
      subject,
      {
        rows,
        where,
        orderBy: named
          ? [
              { column: attributeColumn(named.id), desc: false },
              { column: 'id', desc: false },
            ]
          : [{ column: 'id', desc: false }],
        offset: p.offset,
        limit: p.fetch,
        explicitNulls: this.db.dialect === 'postgres',
      },
      countsOf(this.counts, subject.id),
    );
    return {
      itens: page.rows.map((r) => ({ id: r.id, name: displayNameOf(view, r) })),
      totalResults: page.total,
      currentPage: p.page,
      error: null,
    };
  }
}
