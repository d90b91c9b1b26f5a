import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  TEMPLATE_SCENARIO,
  TEMPLATE_TYPE,
  TEMPLATE_TYPE_NAMES,
  scenarioOfType,
  templateMessages,
  type Template,
  type TemplateInput,
  type templateListQuerySchema,
  type TemplateScenarioId,
  type TemplateSummary,
  type TemplateType,
} from '@talkbase/domain/contracts/templates';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, HttpError, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import { emptyChunks, streamedPages, type StreamedList } from '../../http/streamed-list.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { checkAreas, insertAreas } from './template-areas.ts';
import { attributeIdsOf, presentTemplates } from './template-presenter.ts';
import * as repo from './templates.repository.ts';

export const templateErrors = {
  notFound: 'Template não encontrado.',
  subjectNotFound: 'Assunto não encontrado.',
  baseNotFound: 'Template base não encontrado.',
  relatedNotFound: 'Template relacionado não encontrado.',
  subjectFixed: 'O assunto de um template não pode ser alterado.',
  typeFixed: 'O tipo de um template não pode ser alterado.',
  userFixed: 'O template base e o usuário de um template de usuário não podem ser alterados.',
  defaultTaken: 'Este assunto já possui um template padrão.',
  userTaken: 'Este usuário já possui um template para este assunto.',
  defaultKept: 'O template padrão de um assunto não pode ser removido.',
  stale:
    'Este template foi alterado por outra pessoa depois que você o abriu. Recarregue-o e tente novamente.',
};

type ListQuery = z.output<typeof templateListQuerySchema>;

/** A unique index refused the row (another request won the race the service's check ran). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** 001 §9: template lists and selections ask for 10,000 (and match 9,999) at a time. */
export const TEMPLATE_FETCH_MAX = 10_000;

function templateSummary(r: Awaited<ReturnType<typeof repo.pageTemplates>>['rows'][number]): TemplateSummary {
  return {
    templateId: r.id,
    templateName: r.name,
    templateType: r.template_type as TemplateType,
    templateTypeName: TEMPLATE_TYPE_NAMES[r.template_type as TemplateType],
    scenarioId: r.scenario_id as TemplateScenarioId,
    subjectId: r.subject_id,
    subjectIdentifier: r.subject_identifier,
    subjectName: r.subject_name,
    accountId: r.account_id,
    accountName: r.account_name,
    parentTemplateId: r.parent_template_id,
  };
}

/**
 * Templates of the settings console (001 §2.8, §2.9, §7): administrators list, read, create,
 * change and remove them. Every query is bounded by the signed-in account's company.
 */
export class TemplatesService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;

  constructor(deps: { db: Db; subjects: SubjectCatalogue }) {
    this.db = deps.db;
    this.subjects = deps.subjects;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  async list(companyId: number, q: ListQuery): Promise<PagedList<TemplateSummary>> {
    const p = paging(q.page, q.fetch);
    const filter = await this.listFilter(companyId, q);
    // An unknown subject has no templates: an empty page, not an error.
    if (!filter) return { itens: [], totalResults: 0, currentPage: p.page };
    const { rows, total } = await repo.pageTemplates(this.k, companyId, filter, p.offset, p.fetch);
    return { itens: rows.map(templateSummary), totalResults: total, currentPage: p.page };
  }

  /** A page above MAX_PAGE_SIZE (001 §9: templates are fetched 10,000 at a time), read in chunks. */
  async listStreamed(companyId: number, q: ListQuery): Promise<StreamedList<TemplateSummary>> {
    const p = paging(q.page, q.fetch, TEMPLATE_FETCH_MAX);
    const filter = await this.listFilter(companyId, q);
    if (!filter) return { totalResults: 0, currentPage: p.page, chunks: emptyChunks() };
    return streamedPages(
      p,
      (offset, limit) => repo.pageTemplates(this.k, companyId, filter, offset, limit),
      (rows) => rows.map(templateSummary),
    );
  }

  private async listFilter(companyId: number, q: ListQuery) {
    let subjectId: number | undefined;
    if (q.subjectid !== undefined) {
      const s = await this.findSubject(companyId, q.subjectid, this.k);
      if (!s) return undefined;
      subjectId = s.id;
    }
    return {
      scenarioId: q.scenarioid,
      templateType: q.templatetype,
      subjectId,
      accountId: q.accountid,
      term: q.term,
    };
  }

  async get(companyId: number, id: number, db: Kysely<Database> = this.k): Promise<Template> {
    const row = await repo.findTemplate(db, companyId, id);
    if (!row) throw notFound(templateErrors.notFound);
    const [one] = await presentTemplates(db, [row]);
    if (!one) throw notFound(templateErrors.notFound);
    return one;
  }

  async present(rows: repo.TemplateRow[]): Promise<Template[]> {
    return presentTemplates(this.k, rows);
  }

  async create(companyId: number, input: TemplateInput, within?: Kysely<Database>): Promise<Template> {
    try {
      return await this.inTransaction(within, async (trx) => {
        const subject = await this.subjectOf(companyId, input, trx);
        const type = input.templateType;
        if (
          type === TEMPLATE_TYPE.companyDefault &&
          (await repo.findCompanyDefault(trx, companyId, subject.id))
        )
          throw unprocessable([{ message: templateErrors.defaultTaken, field: 'templateType' }]);
        const owner = await this.checkInput(trx, companyId, subject, input);
        if (type === TEMPLATE_TYPE.user && owner.accountId !== null) {
          if (await repo.findUserTemplate(trx, companyId, subject.id, owner.accountId))
            throw unprocessable([{ message: templateErrors.userTaken, field: 'accountId' }]);
        }
        const at = Date.now();
        const id = await repo.insertTemplate(trx, {
          company_id: companyId,
          subject_id: subject.id,
          template_type: type,
          scenario_id: scenarioOfType(type),
          name: input.templateName || subject.name,
          account_id: owner.accountId,
          parent_template_id: owner.parentTemplateId,
          show_talk_id_on_grid: input.showTalkIdOnGrid ? 1 : 0,
          created_at: at,
          updated_at: at,
        });
        await insertAreas(trx, companyId, id, input.templateAreas);
        await repo.replaceRelations(trx, companyId, id, [...new Set(input.relatedTemplateIds)]);
        return this.get(companyId, id, trx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const user = input.templateType === TEMPLATE_TYPE.user;
        throw unprocessable([
          user
            ? { message: templateErrors.userTaken, field: 'accountId' }
            : { message: templateErrors.defaultTaken, field: 'templateType' },
        ]);
      }
      throw err;
    }
  }

  /** Replaces the template's name, switches, areas and related templates; its subject and type stay. */
  async update(
    companyId: number,
    id: number,
    input: TemplateInput,
    within?: Kysely<Database>,
  ): Promise<Template> {
    return this.inTransaction(within, async (trx) => {
      const row = await repo.findTemplate(trx, companyId, id);
      if (!row) throw notFound(templateErrors.notFound);
      if (input.version !== undefined && input.version !== row.version) throw conflict(templateErrors.stale);
      const subject = await this.subjectOf(companyId, input, trx);
      const fixed: ErrorItem[] = [];
      if (subject.id !== row.subject_id)
        fixed.push({ message: templateErrors.subjectFixed, field: 'subjectId' });
      if (input.templateType !== row.template_type)
        fixed.push({ message: templateErrors.typeFixed, field: 'templateType' });
      if (
        row.template_type === TEMPLATE_TYPE.user &&
        (input.accountId !== row.account_id || input.parentTemplateId !== row.parent_template_id)
      )
        fixed.push({ message: templateErrors.userFixed, field: 'parentTemplateId' });
      if (fixed.length) throw unprocessable(fixed);
      await this.checkInput(trx, companyId, subject, input, id);
      await repo.updateTemplate(trx, id, {
        name: input.templateName || row.name,
        show_talk_id_on_grid: input.showTalkIdOnGrid ? 1 : 0,
        updated_at: Date.now(),
      });
      await repo.deleteAreas(trx, id);
      await insertAreas(trx, companyId, id, input.templateAreas);
      await repo.replaceRelations(trx, companyId, id, [...new Set(input.relatedTemplateIds)]);
      return this.get(companyId, id, trx);
    });
  }

  /** Removes the company's templates among the ids; a subject's default template always stays. */
  async remove(companyId: number, ids: number[]): Promise<{ deleted: number }> {
    return this.k.transaction().execute(async (trx) => {
      const rows = await repo.findTemplates(trx, companyId, [...new Set(ids)]);
      if (rows.some((r) => r.template_type === TEMPLATE_TYPE.companyDefault))
        throw unprocessable([{ message: templateErrors.defaultKept, field: 'templateIds' }]);
      const deleted = await repo.deleteTemplates(
        trx,
        companyId,
        rows.map((r) => r.id),
      );
      return { deleted };
    });
  }

  /**
   * GET /template/accounts/{baseTemplateId}: the people who may still get a user template on the
   * base template's subject (one each), and `accountId` when editing that account's template.
   */
  async accountsFor(
    companyId: number,
    baseTemplateId: number,
    q: { accountId?: number | undefined; term?: string | undefined; page: number; fetch: number },
  ): Promise<PagedList<{ accountId: number; displayName: string }>> {
    const base = await repo.findTemplate(this.k, companyId, baseTemplateId);
    if (!base || base.template_type === TEMPLATE_TYPE.user) throw notFound(templateErrors.notFound);
    const p = paging(q.page, q.fetch);
    const { rows, total } = await repo.pageAccountsForUserTemplate(this.k, companyId, base.subject_id, {
      includeAccountId: q.accountId,
      term: q.term,
      offset: p.offset,
      fetch: p.fetch,
    });
    return {
      itens: rows.map((r) => ({ accountId: r.id, displayName: r.display_name })),
      totalResults: total,
      currentPage: p.page,
    };
  }

  /**
   * The template a context shows (spec issue 4): the one asked for when it is a template of the
   * subject the account may use, else the account's own user template, else the company default.
   */
  async resolve(
    auth: AuthContext,
    subjectId: number,
    askedId?: number,
  ): Promise<repo.TemplateRow | undefined> {
    if (askedId !== undefined) {
      const asked = await this.usable(auth, subjectId, askedId);
      if (asked) return asked;
    }
    return (
      (await repo.findUserTemplate(this.k, auth.companyId, subjectId, auth.accountId)) ??
      (await repo.findCompanyDefault(this.k, auth.companyId, subjectId))
    );
  }

  /** A template of the subject the account may read: user templates are their owner's (and admins'). */
  async usable(auth: AuthContext, subjectId: number, id: number): Promise<repo.TemplateRow | undefined> {
    const t = await repo.findTemplate(this.k, auth.companyId, id);
    if (!t || t.subject_id !== subjectId) return undefined;
    if (t.template_type === TEMPLATE_TYPE.user && t.account_id !== auth.accountId && !auth.isAdmin)
      return undefined;
    return t;
  }

  /**
   * The form a talk modal opens with: the context template's related registration (new talk) or
   * edition template, else the company's first of that type for the subject, else none. Never the
   * grid's template: its columns decide the grid only, and without a form the record form lays
   * out every attribute the account may read (issue 39).
   */
  async modalTemplate(
    auth: AuthContext,
    subjectId: number,
    base: repo.TemplateRow | undefined,
    isNewTalk: boolean,
  ): Promise<repo.TemplateRow | undefined> {
    const type = isNewTalk ? TEMPLATE_TYPE.registration : TEMPLATE_TYPE.edition;
    const related = base
      ? (await repo.relatedOf(this.k, [base.id])).find((r) => r.related_type === type)
      : undefined;
    return (
      (related ? await repo.findTemplate(this.k, auth.companyId, related.related_id) : undefined) ??
      (await repo.firstOfType(this.k, auth.companyId, subjectId, type))
    );
  }

  /** Runs `work` in the caller's transaction when given one (a schema import), else in its own. */
  private inTransaction<T>(
    within: Kysely<Database> | undefined,
    work: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return within ? work(within) : this.k.transaction().execute(work);
  }

  private async findSubject(companyId: number, ref: number | string, db: Kysely<Database>) {
    try {
      if (typeof ref === 'number') return await this.subjects.loadById(companyId, ref, db);
      return /^\d+$/.test(ref)
        ? await this.subjects.loadById(companyId, Number(ref), db)
        : await this.subjects.load(companyId, ref, db);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return undefined;
      throw err;
    }
  }

  private async subjectOf(
    companyId: number,
    input: TemplateInput,
    db: Kysely<Database>,
  ): Promise<SubjectMeta> {
    const s = input.subjectId ? await this.findSubject(companyId, input.subjectId, db) : undefined;
    if (!s) throw unprocessable([{ message: templateErrors.subjectNotFound, field: 'subjectId' }]);
    return s;
  }

  /**
   * References of the body: the base template and the account of a user template, related
   * templates (forms of the same subject), and the areas' attributes. Answers the owner fields to store.
   */
  private async checkInput(
    trx: Kysely<Database>,
    companyId: number,
    subject: SubjectMeta,
    input: TemplateInput,
    selfId?: number,
  ): Promise<{ accountId: number | null; parentTemplateId: number | null }> {
    const errors: ErrorItem[] = [];
    let owner: { accountId: number | null; parentTemplateId: number | null } = {
      accountId: null,
      parentTemplateId: null,
    };
    let baseAttributes: Set<number> | undefined;
    if (input.templateType === TEMPLATE_TYPE.user && input.parentTemplateId && input.accountId) {
      const base = await repo.findTemplate(trx, companyId, input.parentTemplateId);
      if (
        !base ||
        base.subject_id !== subject.id ||
        base.template_type === TEMPLATE_TYPE.user ||
        base.scenario_id !== TEMPLATE_SCENARIO.grid
      )
        errors.push({ message: templateErrors.baseNotFound, field: 'parentTemplateId' });
      else baseAttributes = attributeIdsOf((await presentTemplates(trx, [base]))[0]?.templateAreas ?? []);
      if (!(await repo.findPerson(trx, companyId, input.accountId)))
        errors.push({ message: templateMessages.userRequired, field: 'accountId' });
      owner = { accountId: input.accountId, parentTemplateId: input.parentTemplateId };
    }
    const relatedIds = [...new Set(input.relatedTemplateIds)];
    const related = await repo.findTemplates(trx, companyId, relatedIds);
    const relatedOk = related.filter(
      (r) => r.subject_id === subject.id && r.scenario_id === TEMPLATE_SCENARIO.form && r.id !== selfId,
    );
    if (relatedOk.length !== relatedIds.length)
      errors.push({ message: templateErrors.relatedNotFound, field: 'relatedTemplateIds' });
    errors.push(...checkAreas(subject, input.templateAreas, baseAttributes));
    if (errors.length) throw unprocessable(errors);
    return owner;
  }
}
