import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  attributeInputSchema,
  attributeUpdateSchema,
  Subject,
  subjectInputSchema,
  subjectUpdateSchema,
} from '@talkbase/domain/contracts/subjects';
import type { SubjectUsage } from '@talkbase/domain/contracts/subjects';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import type { Database } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import { grantAdminRooms } from '../../access/permissions.repository.ts';
import { SUBJECT_ACTIONS } from '../../access/permissions.service.ts';
import { createDefaultTemplate } from '../templates/default-template.ts';
import { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import * as checks from './subject-data-checks.ts';
import { blocked, messages } from './subject-messages.ts';
import * as ddl from '../../records/subject-ddl.ts';
import { toApiSubject, toSubjectMeta, type SubjectMeta } from '../../records/subject-meta.ts';
import * as repo from '../../records/subjects.repository.ts';

type SubjectInput = z.output<typeof subjectInputSchema>;
type AttributeInput = z.output<typeof attributeInputSchema>;

const REFERENCE_COMPONENTS_NEEDING_SUBJECT = new Set([4, 14]);

/**
 * Schema management (the designer): subjects are real tables and attributes typed columns, changed
 * in the same transaction as their metadata (both SQLite and PostgreSQL have transactional DDL).
 * Reading the catalogue is records/subject-catalogue.ts's; this adds what writes it.
 */
export class SubjectsService extends SubjectCatalogue {
  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  async toApi(companyId: number, subjects: SubjectMeta[]): Promise<Subject[]> {
    const relatedIds = [
      ...new Set(
        subjects
          .flatMap((s) => s.attributes.map((a) => a.relatedSubjectId))
          .filter((x): x is number => x !== null),
      ),
    ];
    const related = new Map((await repo.subjectsByIds(this.k, companyId, relatedIds)).map((r) => [r.id, r]));
    return subjects.map((s) => toApiSubject(s, related));
  }

  async page(
    companyId: number,
    q: { page: number; fetch: number; term?: string | undefined; onlyIds?: number[] },
  ): Promise<PagedList<Subject>> {
    const p = paging(q.page, q.fetch);
    const { rows, total } = await repo.pageSubjects(this.k, companyId, {
      term: q.term,
      offset: p.offset,
      fetch: p.fetch,
      onlyIds: q.onlyIds,
    });
    const attributes = await repo.listAttributes(
      this.k,
      rows.map((r) => r.id),
    );
    const itens = await this.toApi(
      companyId,
      rows.map((r) => toSubjectMeta(r, attributes)),
    );
    return { itens, totalResults: total, currentPage: p.page };
  }

  async create(
    companyId: number,
    input: SubjectInput,
    opts: { isBuiltIn?: boolean; trx?: Kysely<Database> } = {},
  ): Promise<SubjectMeta> {
    return this.inTransaction(opts.trx, async (trx) => {
      if (await repo.findSubjectByIdentifier(trx, companyId, input.identifier)) {
        throw unprocessable([{ message: messages.subjectTaken(input.identifier), field: 'identifier' }]);
      }
      const at = Date.now();
      const id = await repo.insertSubject(trx, {
        companyId,
        identifier: input.identifier,
        name: input.name,
        icon: input.icon ?? null,
        isBuiltIn: opts.isBuiltIn ?? false,
        at,
      });
      await ddl.createSubjectTable(trx, this.db.dialect, id);
      await grantAdminRooms(trx, companyId, id, SUBJECT_ACTIONS);
      const seen = new Set<string>();
      for (const [i, a] of input.attributes.entries()) {
        if (seen.has(a.identifier))
          throw unprocessable([
            { message: messages.attributeTaken(a.identifier), field: `attributes.${i}.identifier` },
          ]);
        seen.add(a.identifier);
        await this.insertAttribute(trx, companyId, id, a, i + 1, `attributes.${i}.`, input.identifier, id);
      }
      await createDefaultTemplate(trx, companyId, id);
      return this.loadById(companyId, id, trx);
    });
  }

  async update(
    companyId: number,
    identifier: string,
    patch: z.output<typeof subjectUpdateSchema>,
  ): Promise<SubjectMeta> {
    const s = await this.load(companyId, identifier);
    await repo.updateSubject(
      this.k,
      s.id,
      {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      },
      Date.now(),
    );
    return this.loadById(companyId, s.id);
  }

  async remove(companyId: number, identifier: string): Promise<void> {
    const s = await this.load(companyId, identifier);
    if (s.isBuiltIn) throw unprocessable(messages.builtIn);
    const refs = (await repo.referringAttributes(this.k, companyId, s.id)).filter(
      (r) => r.subjectId !== s.id,
    );
    if (refs.length > 0) {
      throw unprocessable(
        messages.referred([...new Set(refs.map((r) => `${r.subjectName} (${r.attributeName})`))].join(', ')),
      );
    }
    await this.k.transaction().execute(async (trx) => {
      if (!(await ddl.lockSubjectTables(trx, this.db.dialect, s.id)))
        throw notFound(messages.subjectNotFound);
      await repo.deleteSubject(trx, s.id);
      await ddl.dropSubjectTable(trx, this.db.dialect, s.id);
    });
  }

  async addAttribute(
    companyId: number,
    identifier: string,
    input: AttributeInput,
    within?: Kysely<Database>,
  ): Promise<SubjectMeta> {
    const s = await this.load(companyId, identifier, within);
    if (s.attributes.some((a) => a.identifier === input.identifier)) {
      throw unprocessable([{ message: messages.attributeTaken(input.identifier), field: 'identifier' }]);
    }
    await this.inTransaction(within, async (trx) => {
      const position = await repo.nextAttributePosition(trx, s.id);
      await this.insertAttribute(trx, companyId, s.id, input, position, '', s.identifier, s.id);
    });
    return this.loadById(companyId, s.id, within);
  }

  async updateAttribute(
    companyId: number,
    identifier: string,
    attributeIdentifier: string,
    patch: z.output<typeof attributeUpdateSchema>,
  ): Promise<SubjectMeta> {
    const s = await this.load(companyId, identifier);
    const a = s.attributes.find((x) => x.identifier === attributeIdentifier.toLowerCase());
    if (!a) throw notFound(messages.attributeNotFound);
    await this.k.transaction().execute(async (trx) => {
      const related =
        patch.relatedSubject !== undefined
          ? await this.resolveRelated(trx, companyId, patch.relatedSubject, 'relatedSubject', s)
          : undefined;
      const componentId = patch.componentId ?? a.componentId;
      if (
        REFERENCE_COMPONENTS_NEEDING_SUBJECT.has(componentId) &&
        (related === null || (related === undefined && a.relatedSubjectId === null))
      ) {
        throw unprocessable([{ message: messages.relatedRequired, field: 'relatedSubject' }]);
      }
      await this.checkChange(trx, a, patch);
      await repo.updateAttribute(trx, a.id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.componentId !== undefined ? { component_id: patch.componentId } : {}),
        ...(patch.isRequired !== undefined ? { is_required: patch.isRequired ? 1 : 0 } : {}),
        ...(patch.isEditable !== undefined ? { is_editable: patch.isEditable ? 1 : 0 } : {}),
        ...(patch.isNaturalKey !== undefined ? { is_natural_key: patch.isNaturalKey ? 1 : 0 } : {}),
        ...(patch.isOrderable !== undefined ? { is_orderable: patch.isOrderable ? 1 : 0 } : {}),
        ...(patch.isInternal !== undefined ? { is_internal: patch.isInternal ? 1 : 0 } : {}),
        ...(patch.length !== undefined ? { length: patch.length } : {}),
        ...(patch.defaultValue !== undefined ? { default_value: patch.defaultValue } : {}),
        ...(patch.componentConfigs !== undefined
          ? { component_configs: JSON.stringify(patch.componentConfigs) }
          : {}),
        ...(related !== undefined ? { related_subject_id: related } : {}),
        ...(patch.tooltip !== undefined ? { tooltip: patch.tooltip } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
        updated_at: Date.now(),
      });
      const next: ddl.ColumnSpec = {
        ...a,
        componentId,
        isNaturalKey: patch.isNaturalKey ?? a.isNaturalKey,
        isOrderable: patch.isOrderable ?? a.isOrderable,
      };
      if (componentId !== a.componentId && valueKindOf(componentId) !== a.kind) {
        // No record has a value (checked above): the column is made again with the new type.
        await ddl.dropAttributeColumn(trx, s.id, a);
        await ddl.addAttributeColumn(trx, this.db.dialect, s.id, next);
      } else if (
        patch.isNaturalKey !== undefined ||
        patch.isOrderable !== undefined ||
        componentId !== a.componentId
      ) {
        await this.reindex(trx, s.id, next, patch.isNaturalKey === true && !a.isNaturalKey, a.name);
      }
    });
    return this.loadById(companyId, s.id);
  }

  /**
   * Refuses (409, naming the first records) a change the subject's data cannot take: a unique flag
   * over repeated values, a required flag over records without a value, a shorter length than
   * stored texts, a type change that would lose values or leave them invalid.
   */
  private async checkChange(
    trx: Kysely<Database>,
    a: SubjectMeta['attributes'][number],
    patch: z.output<typeof attributeUpdateSchema>,
  ): Promise<void> {
    const limit = checks.BLOCKING_SAMPLE + 1;
    if (patch.componentId !== undefined && patch.componentId !== a.componentId) {
      const kind = valueKindOf(patch.componentId);
      if (kind !== a.kind) {
        if (a.isMultipleValues && (kind === 'file' || a.kind === 'file'))
          throw unprocessable([{ message: messages.multipleKind, field: 'componentId' }]);
        const ids = await checks.recordsWithValue(trx, a, limit);
        if (ids.length) throw blocked((l) => messages.blockedKind(a.name, l), ids, 'componentId');
      } else if (kind === 'text' && !a.isMultipleValues) {
        const bad = await this.invalidValues(trx, a, patch.componentId, limit);
        if (bad.length) throw blocked((l) => messages.blockedInvalid(a.name, l), bad, 'componentId');
      }
    }
    if (patch.isNaturalKey === true && !a.isNaturalKey) {
      const ids = await checks.recordsWithDuplicates(trx, a, limit);
      if (ids.length) throw blocked((l) => messages.blockedUnique(a.name, l), ids, 'isNaturalKey');
    }
    if (patch.isRequired === true && !a.isRequired) {
      const ids = await checks.recordsWithoutValue(trx, a, limit);
      if (ids.length) throw blocked((l) => messages.blockedRequired(a.name, l), ids, 'isRequired');
    }
    if (patch.length != null && (a.length === null || patch.length < a.length)) {
      const length = patch.length;
      const ids = await checks.recordsLongerThan(trx, a, length, limit);
      if (ids.length) throw blocked((l) => messages.blockedLength(a.name, length, l), ids, 'length');
    }
  }

  /** Records whose stored text the new component's rule refuses (CPF/CNPJ, e-mail, phone…). */
  private async invalidValues(
    trx: Kysely<Database>,
    a: SubjectMeta['attributes'][number],
    componentId: number,
    limit: number,
  ): Promise<number[]> {
    const attribute = { name: a.name, componentId, isRequired: false, length: null, componentConfigs: {} };
    const now = new Date();
    const bad: number[] = [];
    for (let after = 0; bad.length < limit;) {
      const page = await checks.valuesPage(trx, a, after, 1000);
      if (page.length === 0) break;
      for (const row of page) {
        if (validateValue(attribute, row.value, { now }).length) bad.push(row.id);
        if (bad.length >= limit) break;
      }
      after = page[page.length - 1]?.id ?? after;
    }
    return bad;
  }

  /** What removing the subject, or one of its attributes, loses: records (with a value) and files. */
  async usage(companyId: number, identifier: string, attributeIdentifier?: string): Promise<SubjectUsage> {
    const s = await this.load(companyId, identifier);
    const a =
      attributeIdentifier === undefined
        ? undefined
        : s.attributes.find((x) => x.identifier === attributeIdentifier.toLowerCase());
    if (attributeIdentifier !== undefined && !a) throw notFound(messages.attributeNotFound);
    try {
      const [records, files] = await Promise.all(
        a === undefined
          ? [checks.countRecords(this.k, s.id), checks.countFiles(this.k, s.id)]
          : [
              checks.countValues(this.k, a),
              a.kind === 'file' ? checks.countFiles(this.k, s.id, a.id) : Promise.resolve(0),
            ],
      );
      return { records, files };
    } catch (err) {
      // Removed by another request since it was read here: as if it had never been found.
      if (ddl.isMissingTable(err)) throw notFound(messages.subjectNotFound);
      throw err;
    }
  }

  /** Puts the subject's attributes in the given order (every identifier, once each). */
  async reorderAttributes(companyId: number, identifier: string, order: string[]): Promise<SubjectMeta> {
    const s = await this.load(companyId, identifier);
    const wanted = order.map((x) => x.toLowerCase());
    const byIdentifier = new Map(s.attributes.map((a) => [a.identifier, a]));
    if (
      wanted.length !== s.attributes.length ||
      new Set(wanted).size !== wanted.length ||
      wanted.some((x) => !byIdentifier.has(x))
    ) {
      throw unprocessable([{ message: messages.orderIncomplete, field: 'attributes' }]);
    }
    await this.k.transaction().execute(async (trx) => {
      const at = Date.now();
      for (const [i, x] of wanted.entries()) {
        const a = byIdentifier.get(x);
        if (a && a.position !== i + 1)
          await repo.updateAttribute(trx, a.id, { position: i + 1, updated_at: at });
      }
    });
    return this.loadById(companyId, s.id);
  }

  async removeAttribute(
    companyId: number,
    identifier: string,
    attributeIdentifier: string,
  ): Promise<SubjectMeta> {
    const s = await this.load(companyId, identifier);
    const a = s.attributes.find((x) => x.identifier === attributeIdentifier.toLowerCase());
    if (!a) throw notFound(messages.attributeNotFound);
    if (s.isBuiltIn) throw unprocessable(messages.builtIn);
    await this.k.transaction().execute(async (trx) => {
      await ddl.dropAttributeColumn(trx, s.id, a);
      await repo.deleteAttribute(trx, a.id);
    });
    return this.loadById(companyId, s.id);
  }

  /** Subjects whose attributes point to this one (spec 002 §7 GET /subject/related/other/{subject}). */
  /** Runs `work` in the caller's transaction when given one (a schema import), else in its own. */
  private inTransaction<T>(
    within: Kysely<Database> | undefined,
    work: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return within ? work(within) : this.k.transaction().execute(work);
  }

  private async reindex(
    trx: Kysely<Database>,
    subjectId: number,
    a: ddl.ColumnSpec,
    becameKey: boolean,
    name: string,
  ) {
    try {
      await ddl.indexAttribute(trx, this.db.dialect, subjectId, a);
    } catch (err) {
      // Existing duplicates make a unique index impossible: say so instead of failing obscurely.
      if (becameKey)
        throw unprocessable([
          {
            message: `Há registros com valores repetidos em ${name}; não é possível torná-lo chave.`,
            field: 'isNaturalKey',
          },
        ]);
      throw err;
    }
  }

  private async resolveRelated(
    trx: Kysely<Database>,
    companyId: number,
    identifier: string | null | undefined,
    field: string,
    self?: { identifier: string; id: number },
  ) {
    if (!identifier) return null;
    if (self && identifier.toLowerCase() === self.identifier) return self.id;
    const rel = await repo.findSubjectByIdentifier(trx, companyId, identifier);
    if (!rel) throw unprocessable([{ message: messages.relatedNotFound(identifier), field }]);
    return rel.id;
  }

  private async insertAttribute(
    trx: Kysely<Database>,
    companyId: number,
    subjectId: number,
    a: AttributeInput,
    position: number,
    fieldPrefix: string,
    subjectIdentifier: string,
    selfId: number,
  ): Promise<number> {
    const relatedId = await this.resolveRelated(
      trx,
      companyId,
      a.relatedSubject,
      `${fieldPrefix}relatedSubject`,
      { identifier: subjectIdentifier, id: selfId },
    );
    if (REFERENCE_COMPONENTS_NEEDING_SUBJECT.has(a.componentId) && relatedId === null) {
      throw unprocessable([{ message: messages.relatedRequired, field: `${fieldPrefix}relatedSubject` }]);
    }
    const at = Date.now();
    const id = await repo.insertAttribute(trx, {
      company_id: companyId,
      subject_id: subjectId,
      identifier: a.identifier,
      name: a.name,
      component_id: a.componentId,
      is_required: a.isRequired ? 1 : 0,
      is_editable: a.isEditable ? 1 : 0,
      is_natural_key: a.isNaturalKey ? 1 : 0,
      is_multiple_values: a.isMultipleValues ? 1 : 0,
      is_orderable: a.isOrderable ? 1 : 0,
      is_internal: a.isInternal ? 1 : 0,
      length: a.length ?? null,
      default_value: a.defaultValue ?? null,
      component_configs: JSON.stringify(a.componentConfigs),
      related_subject_id: relatedId,
      tooltip: a.tooltip ?? null,
      description: a.description ?? null,
      icon: a.icon ?? null,
      position,
      created_at: at,
      updated_at: at,
    });
    await ddl.addAttributeColumn(trx, this.db.dialect, subjectId, {
      id,
      componentId: a.componentId,
      isMultipleValues: a.isMultipleValues,
      isOrderable: a.isOrderable,
      isNaturalKey: a.isNaturalKey,
    });
    return id;
  }
}
