import type { Kysely } from 'kysely';
import {
  documentFieldOf,
  isEmptyDefault,
  templateInputOf,
  type SchemaDocument,
  type SchemaImportSummary,
  type SchemaSubject,
  type SchemaTemplate,
  type SchemaTemplateArea,
} from '@talkbase/domain/contracts/schema-transfer';
import {
  TEMPLATE_SCENARIO,
  TEMPLATE_TYPE,
  scenarioOfType,
  templateInputSchema,
  type TemplateInput,
} from '@talkbase/domain/contracts/templates';
import type { Database } from '../../db/schema.ts';
import { HttpError, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { MAX_PAGE_SIZE } from '../../http/paging.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import * as subjectsRepo from '../../records/subjects.repository.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import * as templatesRepo from '../templates/templates.repository.ts';
import type { TemplatesService } from '../templates/templates.service.ts';

export const importMessages = {
  relatedSubjectNotFound: (id: string) =>
    `Assunto relacionado ${id} não encontrado no documento nem nesta empresa.`,
  subjectNotFound: (id: string) => `Assunto ${id} não encontrado no documento nem nesta empresa.`,
  attributeNotFound: (attribute: string, subject: string) =>
    `O atributo ${attribute} não existe no assunto ${subject}.`,
  exists: 'Já existe nesta empresa.',
  existsDifferent: 'Já existe nesta empresa com outra definição; não foi alterado.',
  builtIn: 'Assunto do sistema: uma importação não o cria.',
  defaultKept: 'O assunto já possui um template padrão; ele não é substituído.',
};

type Attribute = SchemaSubject['attributes'][number];

/** What the import does with one subject of the document. */
interface SubjectPlan {
  index: number;
  subject: SchemaSubject;
  existing: SubjectMeta | undefined;
  create: boolean;
  /** Attributes to create, with their index in the document. */
  attributes: { index: number; attribute: Attribute }[];
}

const relatedOf = (a: Attribute) => a.relatedSubject?.trim().toLowerCase() || null;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every attribute identifier a template names, with the document path of each. */
function areaAttributes(
  areas: SchemaTemplateArea[],
  prefix: string,
): { identifier: string; field: string }[] {
  return areas.flatMap((a, i) => {
    const path = `${prefix}.${i}`;
    return [
      ...(a.subjectAttributeIdentifier !== null
        ? [{ identifier: a.subjectAttributeIdentifier, field: `${path}.subjectAttributeIdentifier` }]
        : []),
      ...a.templateAreaSubjectAttributes.map((x, j) => ({
        identifier: x.subjectAttributeIdentifier,
        field: `${path}.templateAreaSubjectAttributes.${j}.subjectAttributeIdentifier`,
      })),
      ...areaAttributes(a.templateAreasMap, `${path}.templateAreasMap`),
    ];
  });
}

/**
 * Errors of a service called by the import point to the document: `fieldOf` turns the service's
 * field (relative to its own body) into the document's path. A 404 there is a reference the
 * document makes, so it answers 422 like the others.
 */
async function pointingToDocument<T>(
  fieldOf: (field: string | undefined) => string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw new HttpError(
      err.statusCode === 404 ? 422 : err.statusCode,
      err.errors.map((e) => ({ message: e.message, field: fieldOf(e.field) })),
      err.headers,
      err.extra,
    );
  }
}

/**
 * One import, inside the caller's transaction: checks every reference of the document against
 * the document and the company first (all errors at once), then creates what is missing through
 * the subjects and templates services. Nothing is ever changed or removed, except the default
 * grid template of a subject this same import created, which becomes the document's.
 */
export class SchemaImport {
  private readonly trx: Kysely<Database>;
  private readonly companyId: number;
  private readonly doc: SchemaDocument;
  private readonly subjects: SubjectsService;
  private readonly templates: TemplatesService;
  private readonly summary: SchemaImportSummary = {
    createdSubjects: 0,
    createdAttributes: 0,
    createdTemplates: 0,
    skipped: [],
  };
  private readonly existing = new Map<string, SubjectMeta>();
  private readonly created = new Set<string>();

  constructor(deps: {
    trx: Kysely<Database>;
    companyId: number;
    doc: SchemaDocument;
    subjects: SubjectsService;
    templates: TemplatesService;
  }) {
    this.trx = deps.trx;
    this.companyId = deps.companyId;
    this.doc = deps.doc;
    this.subjects = deps.subjects;
    this.templates = deps.templates;
  }

  async run(): Promise<SchemaImportSummary> {
    await this.readExisting();
    const plans = this.plan();
    const errors = [...this.checkSubjects(plans), ...this.checkTemplates(plans)];
    if (errors.length) throw unprocessable(errors);
    const deferred = await this.createSubjects(plans);
    await this.addAttributes(plans, deferred);
    await this.createTemplates();
    return this.summary;
  }

  private async find(identifier: string): Promise<SubjectMeta | undefined> {
    try {
      return await this.subjects.load(this.companyId, identifier, this.trx);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return undefined;
      throw err;
    }
  }

  /** The company's subjects the document names (as subjects, related subjects or template subjects). */
  private async readExisting() {
    const named = new Set([
      ...this.doc.subjects.map((s) => s.identifier),
      ...this.doc.subjects.flatMap((s) => s.attributes.map(relatedOf)),
      ...this.doc.templates.map((t) => t.subjectIdentifier),
    ]);
    for (const identifier of named) {
      if (!identifier) continue;
      const s = await this.find(identifier);
      if (s) this.existing.set(identifier, s);
    }
  }

  private skip(kind: SchemaImportSummary['skipped'][number]['kind'], key: string, reason: string) {
    this.summary.skipped.push({ kind, key, reason });
  }

  private plan(): SubjectPlan[] {
    return this.doc.subjects.map((subject, index) => {
      const existing = this.existing.get(subject.identifier);
      const indexed = subject.attributes.map((attribute, i) => ({ index: i, attribute }));
      if (existing) {
        this.skip('subject', subject.identifier, importMessages.exists);
        const attributes = indexed.filter(({ attribute: a }) => {
          const there = existing.attributes.find((x) => x.identifier === a.identifier);
          if (!there) return true;
          const same = there.componentId === a.componentId && there.isMultipleValues === a.isMultipleValues;
          this.skip(
            'attribute',
            `${subject.identifier}.${a.identifier}`,
            same ? importMessages.exists : importMessages.existsDifferent,
          );
          return false;
        });
        return { index, subject, existing, create: false, attributes };
      }
      if (subject.isBuiltIn || subject.identifier === FILTER_SUBJECT) {
        this.skip('subject', subject.identifier, importMessages.builtIn);
        return { index, subject, existing, create: false, attributes: [] };
      }
      return { index, subject, existing, create: true, attributes: indexed };
    });
  }

  /** Whether a subject will exist once the subjects of the document are created. */
  private willExist(plans: SubjectPlan[], identifier: string): boolean {
    return (
      this.existing.has(identifier) || plans.some((p) => p.create && p.subject.identifier === identifier)
    );
  }

  private checkSubjects(plans: SubjectPlan[]): ErrorItem[] {
    const errors: ErrorItem[] = [];
    for (const p of plans)
      for (const { index, attribute } of p.attributes) {
        const related = relatedOf(attribute);
        if (related && related !== p.subject.identifier && !this.willExist(plans, related))
          errors.push({
            message: importMessages.relatedSubjectNotFound(related),
            field: `subjects.${p.index}.attributes.${index}.relatedSubject`,
          });
      }
    return errors;
  }

  private checkTemplates(plans: SubjectPlan[]): ErrorItem[] {
    const errors: ErrorItem[] = [];
    this.doc.templates.forEach((t, i) => {
      if (!this.willExist(plans, t.subjectIdentifier)) {
        errors.push({
          message: importMessages.subjectNotFound(t.subjectIdentifier),
          field: `templates.${i}.subjectIdentifier`,
        });
        return;
      }
      const known = new Set([
        ...(this.existing.get(t.subjectIdentifier)?.attributes.map((a) => a.identifier) ?? []),
        ...plans
          .filter((p) => p.subject.identifier === t.subjectIdentifier)
          .flatMap((p) => p.attributes.map((a) => a.attribute.identifier)),
      ]);
      for (const a of areaAttributes(t.templateAreas, `templates.${i}.templateAreas`))
        if (!known.has(a.identifier.toLowerCase()))
          errors.push({
            message: importMessages.attributeNotFound(a.identifier, t.subjectIdentifier),
            field: a.field,
          });
    });
    return errors;
  }

  /**
   * New subjects in dependency order, so an attribute's related subject exists before it. In a
   * cycle, the first subject left is created without the attributes that point to subjects not
   * created yet; they are answered as deferred and added once every subject exists.
   */
  private async createSubjects(plans: SubjectPlan[]): Promise<Map<SubjectPlan, SubjectPlan['attributes']>> {
    const pending = new Map(plans.filter((p) => p.create).map((p) => [p.subject.identifier, p]));
    const deferred = new Map<SubjectPlan, SubjectPlan['attributes']>();
    const waitsFor = (p: SubjectPlan, a: Attribute) => {
      const related = relatedOf(a);
      return related !== null && related !== p.subject.identifier && pending.has(related);
    };
    while (pending.size > 0) {
      const all = [...pending.values()];
      const plan = all.find((p) => !p.attributes.some((a) => waitsFor(p, a.attribute))) ?? all[0];
      if (!plan) break;
      const now = plan.attributes.filter((a) => !waitsFor(plan, a.attribute));
      const later = plan.attributes.filter((a) => waitsFor(plan, a.attribute));
      const { identifier, name, icon } = plan.subject;
      await pointingToDocument(
        (field) => {
          const m = field ? /^attributes\.(\d+)\.(.+)$/.exec(field) : null;
          const at = m ? now[Number(m[1])]?.index : undefined;
          if (m && at !== undefined) return `subjects.${plan.index}.attributes.${at}.${m[2] ?? ''}`;
          return field ? `subjects.${plan.index}.${field}` : `subjects.${plan.index}`;
        },
        () =>
          this.subjects.create(
            this.companyId,
            { identifier, name, icon, attributes: now.map((a) => a.attribute) },
            { trx: this.trx },
          ),
      );
      pending.delete(identifier);
      this.created.add(identifier);
      if (later.length) deferred.set(plan, later);
      this.summary.createdSubjects += 1;
      this.summary.createdAttributes += now.length;
    }
    return deferred;
  }

  /** Deferred attributes of new subjects, then the missing attributes of existing ones. */
  private async addAttributes(plans: SubjectPlan[], deferred: Map<SubjectPlan, SubjectPlan['attributes']>) {
    for (const plan of plans) {
      const list = plan.create ? (deferred.get(plan) ?? []) : plan.attributes;
      for (const { index, attribute } of list) {
        await pointingToDocument(
          (field) => `subjects.${plan.index}.attributes.${index}${field ? `.${field}` : ''}`,
          () => this.subjects.addAttribute(this.companyId, plan.subject.identifier, attribute, this.trx),
        );
        this.summary.createdAttributes += 1;
      }
      // A new subject keeps the document's order of attributes, deferred ones included.
      if (plan.create && list.length) await this.keepOrder(plan.subject);
    }
  }

  private async keepOrder(subject: SchemaSubject) {
    const meta = await this.subjects.load(this.companyId, subject.identifier, this.trx);
    const position = new Map(subject.attributes.map((a, i) => [a.identifier, i + 1]));
    for (const a of meta.attributes) {
      const wanted = position.get(a.identifier);
      if (wanted !== undefined && wanted !== a.position)
        await subjectsRepo.updateAttribute(this.trx, a.id, { position: wanted });
    }
  }

  /**
   * Templates missing by name in their subject. Forms first, as grids name them as related
   * templates; a relation to a template created later (forms naming forms) is set at the end.
   */
  private async createTemplates() {
    const isForm = (t: SchemaTemplate) => scenarioOfType(t.templateType) === TEMPLATE_SCENARIO.form;
    const order = this.doc.templates
      .map((t, i) => ({ t, i }))
      .sort((a, b) => Number(isForm(b.t)) - Number(isForm(a.t)) || a.i - b.i);
    const ids = new Map<string, number>();
    const known = new Map<number, { id: number; name: string }[]>();
    const later: { index: number; template: SchemaTemplate; id: number }[] = [];
    for (const { t, i } of order) {
      const subject = await this.subjects.load(this.companyId, t.subjectIdentifier, this.trx);
      const isNew = this.created.has(subject.identifier);
      let list = known.get(subject.id);
      if (!list) {
        // The templates of a subject this import created are all the import's own.
        list = isNew ? [] : await this.templatesOf(subject.id);
        known.set(subject.id, list);
      }
      // The default made with a new subject is replaced by the document's; any other is kept.
      let replacing: number | undefined;
      if (t.templateType === TEMPLATE_TYPE.companyDefault) {
        const current = await templatesRepo.findCompanyDefault(this.trx, this.companyId, subject.id);
        // An empty default (a subject with no attributes) is the one the new subject was made with.
        if (current && (!isNew || isEmptyDefault(t))) {
          ids.set(t.key, current.id);
          const same = sameName(current.name, t.templateName);
          this.skip('template', t.key, same ? importMessages.exists : importMessages.defaultKept);
          continue;
        }
        replacing = current?.id;
      } else {
        const sameNamed = list.find((x) => sameName(x.name, t.templateName));
        if (sameNamed) {
          ids.set(t.key, sameNamed.id);
          this.skip('template', t.key, importMessages.exists);
          continue;
        }
      }
      const saved = await this.saveTemplate(i, t, subject, ids, replacing);
      ids.set(t.key, saved.id);
      list.push({ id: saved.id, name: t.templateName });
      this.summary.createdTemplates += 1;
      if (saved.unresolved) later.push({ index: i, template: t, id: saved.id });
    }
    for (const { index, template, id } of later) {
      const subject = await this.subjects.load(this.companyId, template.subjectIdentifier, this.trx);
      await this.saveTemplate(index, template, subject, ids, id);
    }
  }

  /** Creates the template, or replaces the one of id `replacing`, through the templates service. */
  private async saveTemplate(
    index: number,
    t: SchemaTemplate,
    subject: SubjectMeta,
    ids: Map<string, number>,
    replacing: number | undefined,
  ): Promise<{ id: number; unresolved: boolean }> {
    const input = this.templateInput(index, t, subject, ids);
    const saved = await pointingToDocument(
      (field) => `templates.${index}${field ? `.${documentFieldOf(field.split('.'))}` : ''}`,
      () =>
        replacing === undefined
          ? this.templates.create(this.companyId, input.value, this.trx)
          : this.templates.update(this.companyId, replacing, input.value, this.trx),
    );
    return { id: saved.templateId, unresolved: input.unresolved };
  }

  /** The subject's templates a document template may match by name (user templates are personal). */
  private async templatesOf(subjectId: number): Promise<{ id: number; name: string }[]> {
    const out: { id: number; name: string }[] = [];
    for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
      const { rows } = await templatesRepo.pageTemplates(
        this.trx,
        this.companyId,
        { subjectId },
        offset,
        MAX_PAGE_SIZE,
      );
      out.push(...rows.map((r) => ({ id: r.id, name: r.name })));
      if (rows.length < MAX_PAGE_SIZE) return out;
    }
  }

  /** The templates contract's body for a document template; `unresolved` when a related one is still to come. */
  private templateInput(
    index: number,
    t: SchemaTemplate,
    subject: SubjectMeta,
    ids: Map<string, number>,
  ): { value: TemplateInput; unresolved: boolean } {
    const attributes = new Map(subject.attributes.map((a) => [a.identifier, a.id]));
    const related = t.relatedTemplates.map((key) => ids.get(key));
    const parsed = templateInputSchema.safeParse(
      templateInputOf(t, {
        subjectId: subject.id,
        attributeId: (identifier) => attributes.get(identifier.toLowerCase()) ?? 0,
        relatedTemplateIds: related.filter((x): x is number => x !== undefined),
      }),
    );
    if (!parsed.success)
      throw unprocessable(
        parsed.error.issues.map((x) => ({
          message: x.message,
          field: `templates.${index}.${documentFieldOf(x.path)}`,
        })),
      );
    return { value: parsed.data, unresolved: related.some((x) => x === undefined) };
  }
}
