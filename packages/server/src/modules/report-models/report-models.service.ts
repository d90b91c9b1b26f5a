import type { z } from 'zod';
import {
  reportModelMessages,
  type ReportModel,
  type ReportModelSummary,
  type reportModelInputSchema,
} from '@talkbase/domain/contracts/report-models';
import { placeholdersOf, validateReportColumns } from '@talkbase/domain/fields/report-columns';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import * as repo from './report-models.repository.ts';

type Input = z.output<typeof reportModelInputSchema>;

interface Document {
  subjects: number[];
  relatedSubjects: ReportModel['relatedSubjects'];
  columns: ReportModel['columns'];
}

function readDocument(text: string): Document {
  try {
    const v = JSON.parse(text) as Partial<Document>;
    return { subjects: v.subjects ?? [], relatedSubjects: v.relatedSubjects ?? [], columns: v.columns ?? [] };
  } catch {
    return { subjects: [], relatedSubjects: [], columns: [] };
  }
}

/**
 * Report models (spec 002 §7 `/report/model`): any account reads the models of subjects its room
 * reads; administrators create, change and remove them. Every model belongs to one company.
 */
export class ReportModelsService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly permissions: PermissionsService;

  constructor(deps: { db: Db; subjects: SubjectCatalogue; permissions: PermissionsService }) {
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.permissions = deps.permissions;
  }

  async list(
    auth: AuthContext,
    q: { page: number; fetch: number; term?: string | undefined },
  ): Promise<PagedList<ReportModelSummary>> {
    const p = paging(q.page, q.fetch);
    const readable = await this.permissions.readableSubjectIds(auth);
    const { rows, total } = await repo.pageModels(this.db.kysely, auth.companyId, {
      subjectIds: readable,
      offset: p.offset,
      fetch: p.fetch,
      term: q.term,
    });
    const catalog = await this.subjects.catalog.get(auth.companyId, undefined, auth);
    return {
      itens: rows.map((r) => ({
        templateId: r.id,
        templateName: r.name,
        subjectIdentifier: catalog.subjectsById.get(r.subject_id)?.identifier ?? '',
      })),
      totalResults: total,
      currentPage: p.page,
    };
  }

  async get(auth: AuthContext, id: number): Promise<ReportModel> {
    const row = await repo.findModel(this.db.kysely, auth.companyId, id);
    if (!row || !(await this.permissions.subjectActions(auth, row.subject_id)).read)
      throw notFound(reportModelMessages.notFound);
    const catalog = await this.subjects.catalog.get(auth.companyId, undefined, auth);
    const doc = readDocument(row.document);
    const main = catalog.subjectsById.get(row.subject_id);
    const subjects = [row.subject_id, ...doc.subjects.filter((s) => s !== row.subject_id)]
      .map((s) => catalog.subjectsById.get(s))
      .filter((s): s is SubjectMeta => s !== undefined)
      .map((s) => ({ subjectId: s.id, subjectIdentifier: s.identifier, subjectName: s.name }));
    return {
      templateId: row.id,
      templateName: row.name,
      name: row.name,
      subjectIdentifier: main?.identifier ?? '',
      version: row.version,
      subjects,
      relatedSubjects: doc.relatedSubjects,
      columns: doc.columns,
    };
  }

  async create(auth: AuthContext, input: Input): Promise<ReportModel> {
    const resolved = await this.resolve(auth, input);
    const id = await repo.insertModel(this.db.kysely, {
      companyId: auth.companyId,
      subjectId: resolved.mainId,
      name: input.templateName,
      document: JSON.stringify(resolved.document),
      at: Date.now(),
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: Input): Promise<ReportModel> {
    const row = await repo.findModel(this.db.kysely, auth.companyId, id);
    if (!row) throw notFound(reportModelMessages.notFound);
    const resolved = await this.resolve(auth, input);
    const changed = await repo.updateModel(this.db.kysely, auth.companyId, id, input.version ?? row.version, {
      subjectId: resolved.mainId,
      name: input.templateName,
      document: JSON.stringify(resolved.document),
      at: Date.now(),
    });
    if (!changed) throw conflict(reportModelMessages.stale, 'version');
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, ids: number[]): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteModels(this.db.kysely, auth.companyId, ids) };
  }

  /** Checks the subjects, relations and columns against the company's catalog; 400/422 listing every problem. */
  private async resolve(auth: AuthContext, input: Input): Promise<{ mainId: number; document: Document }> {
    const catalog = await this.subjects.catalog.get(auth.companyId, undefined, auth);
    const names = [
      ...(input.subjectIdentifier ? [input.subjectIdentifier] : []),
      ...input.subjects.map((s) => (typeof s === 'string' ? s : s.subjectIdentifier)),
    ];
    if (names.length === 0)
      throw badRequest([{ message: reportModelMessages.subjectRequired, field: 'subjects' }]);

    const shapeErrors: ErrorItem[] = validateReportColumns(input.columns).map((e) => ({
      message: e.message,
      field: ['columns', ...e.path].join('.'),
    }));
    if (shapeErrors.length) throw badRequest(shapeErrors);

    const errors: ErrorItem[] = [];
    const chosen: SubjectMeta[] = [];
    names.forEach((name, i) => {
      const s = catalog.subjectsByIdentifier.get(name.toLowerCase());
      const field = input.subjectIdentifier
        ? i === 0
          ? 'subjectIdentifier'
          : `subjects.${i - 1}`
        : `subjects.${i}`;
      if (!s) errors.push({ message: reportModelMessages.unknownSubject, field });
      else if (!chosen.includes(s)) chosen.push(s);
    });
    const allowed = new Map(chosen.map((s) => [s.identifier, s]));
    input.relatedSubjects.forEach((r, i) => {
      const owner = catalog.subjectsById.get(r.relationshipOwnerSubjectId);
      const related = catalog.subjectsById.get(r.relatedSubjectId);
      const attribute = [...(owner?.attributes ?? []), ...(related?.attributes ?? [])].find(
        (a) => a.id === r.relationshipSubjectAttributeId,
      );
      // The attribute points from one of the two subjects to the other, in either direction.
      const links =
        owner &&
        related &&
        attribute &&
        ((attribute.subjectId === owner.id && attribute.relatedSubjectId === related.id) ||
          (attribute.subjectId === related.id && attribute.relatedSubjectId === owner.id));
      if (!links)
        errors.push({ message: reportModelMessages.unknownRelation, field: `relatedSubjects.${i}` });
      else allowed.set(related.identifier, related).set(owner.identifier, owner);
    });

    const columns = input.columns.map((column, i) => ({
      ...column,
      order: i,
      attributes: column.attributes.map((a, j) => {
        const found = placeholdersOf(a.value).map((p) => {
          const s = allowed.get(p.subjectIdentifier);
          const ok = s?.attributes.some((x) => x.identifier === p.attributeIdentifier);
          if (!ok)
            errors.push({
              message: reportModelMessages.unknownAttribute(
                `\${${p.subjectIdentifier}.${p.attributeIdentifier}}`,
              ),
              field: `columns.${i}.attributes.${j}.value`,
            });
          return s;
        });
        return { ...a, subjectId: found[0]?.id ?? null };
      }),
    }));
    if (errors.length) throw unprocessable(errors);
    const main = chosen[0];
    if (!main) throw badRequest([{ message: reportModelMessages.subjectRequired, field: 'subjects' }]);
    return {
      mainId: main.id,
      document: {
        subjects: [...allowed.values()].map((s) => s.id),
        relatedSubjects: input.relatedSubjects,
        columns,
      },
    };
  }
}
