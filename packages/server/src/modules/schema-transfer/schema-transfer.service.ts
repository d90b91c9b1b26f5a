import {
  SCHEMA_FORMAT,
  SCHEMA_VERSION,
  type SchemaDocument,
  type SchemaImportSummary,
  type SchemaSubject,
  type SchemaTemplate,
  type SchemaTemplateArea,
} from '@talkbase/domain/contracts/schema-transfer';
import type { Subject, SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import type { Template, TemplateArea, TemplateSummary } from '@talkbase/domain/contracts/templates';
import type { Db } from '../../db/database.ts';
import { MAX_PAGE_SIZE, type PagedList } from '../../http/paging.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import { SchemaImport } from './schema-import.ts';

/** Every item of a paged list, page after page. */
async function everyItem<T>(pageOf: (page: number) => Promise<PagedList<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const p = await pageOf(page);
    out.push(...p.itens);
    if (p.itens.length < MAX_PAGE_SIZE || out.length >= p.totalResults) return out;
  }
}

function toSchemaAttribute(a: SubjectAttribute): SchemaSubject['attributes'][number] {
  return {
    identifier: a.identifier,
    name: a.name,
    componentId: a.componentId,
    isRequired: a.isRequired,
    isEditable: a.isEditable,
    isNaturalKey: a.isNaturalKey,
    isMultipleValues: a.isMultipleValues,
    isOrderable: a.isOrderable,
    isInternal: a.isInternal,
    length: a.length,
    defaultValue: a.defaultValue,
    componentConfigs: a.componentConfigs,
    relatedSubject: a.relatedSubject?.subjectIdentifier ?? null,
    tooltip: a.tooltip,
    description: a.description,
    icon: a.icon,
  };
}

function toSchemaSubject(s: Subject): SchemaSubject {
  return {
    identifier: s.subjectIdentifier,
    name: s.subjectName,
    icon: s.icon,
    isBuiltIn: s.isBuiltIn,
    attributes: s.subjectAttributes.map(toSchemaAttribute),
  };
}

function toSchemaArea(a: TemplateArea): SchemaTemplateArea {
  return {
    subjectAttributeIdentifier: a.subjectAttributeIdentifier,
    templateAreaName: a.templateAreaName,
    order: a.order,
    widgetId: a.widgetId,
    templateAreaConfigs: a.templateAreaConfigs.map((c) => ({
      configIdentifier: c.configIdentifier,
      value: c.value,
    })),
    templateAreaSubjectAttributes: a.templateAreaSubjectAttributes.map((x) => ({
      subjectAttributeIdentifier: x.subjectAttributeIdentifier,
      templateAreaSubjectAttributeLabel: x.templateAreaSubjectAttributeLabel,
    })),
    templateAreasMap: a.templateAreasMap.map(toSchemaArea),
  };
}

/** Keys name templates inside the document: `subject:name`, numbered when a name repeats. */
function templateKeys(templates: Template[]): Map<number, string> {
  const keys = new Map<number, string>();
  const taken = new Set<string>();
  for (const t of templates) {
    const base = `${t.subjectIdentifier}:${t.templateName}`;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base} (${n})`;
    taken.add(key);
    keys.set(t.templateId, key);
  }
  return keys;
}

const byTemplateOrder = (a: TemplateSummary, b: TemplateSummary) =>
  a.subjectIdentifier.localeCompare(b.subjectIdentifier) ||
  a.templateType - b.templateType ||
  a.templateName.localeCompare(b.templateName) ||
  a.templateId - b.templateId;

/**
 * A company's schema as one document (contracts/schema-transfer): exported for another company
 * or installation, imported there in one transaction. Both go through the subjects and templates
 * services, so a document obeys every rule the settings console does.
 */
export class SchemaTransferService {
  private readonly db: Db;
  private readonly subjects: SubjectsService;
  private readonly templates: TemplatesService;

  constructor(deps: { db: Db; subjects: SubjectsService; templates: TemplatesService }) {
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.templates = deps.templates;
  }

  async export(companyId: number): Promise<SchemaDocument> {
    const subjects = await everyItem((page) => this.subjects.page(companyId, { page, fetch: MAX_PAGE_SIZE }));
    subjects.sort((a, b) => a.subjectIdentifier.localeCompare(b.subjectIdentifier));
    // Without a type the list leaves out user templates: they are an account's, not the schema's.
    const summaries = await everyItem((page) =>
      this.templates.list(companyId, { page, fetch: MAX_PAGE_SIZE }),
    );
    summaries.sort(byTemplateOrder);
    const templates: Template[] = [];
    for (const s of summaries) templates.push(await this.templates.get(companyId, s.templateId));
    const keys = templateKeys(templates);
    return {
      format: SCHEMA_FORMAT,
      version: SCHEMA_VERSION,
      subjects: subjects.map(toSchemaSubject),
      templates: templates.map((t): SchemaTemplate => ({
        key: keys.get(t.templateId) ?? String(t.templateId),
        templateName: t.templateName,
        subjectIdentifier: t.subjectIdentifier,
        // The list above leaves out user templates, the one type a document cannot hold.
        templateType: t.templateType as SchemaTemplate['templateType'],
        showTalkIdOnGrid: t.showTalkIdOnGrid,
        relatedTemplates: t.relatedTemplateIds
          .map((id) => keys.get(id))
          .filter((k): k is string => k !== undefined),
        templateAreas: t.templateAreas.map(toSchemaArea),
      })),
    };
  }

  /** Creates what the document has and the company lacks, all or nothing (one transaction). */
  async import(companyId: number, doc: SchemaDocument): Promise<SchemaImportSummary> {
    return this.db.kysely
      .transaction()
      .execute((trx) =>
        new SchemaImport({ trx, companyId, doc, subjects: this.subjects, templates: this.templates }).run(),
      );
  }
}
