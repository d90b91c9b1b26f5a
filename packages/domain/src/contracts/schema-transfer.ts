import { z } from 'zod';
import { subjectInputSchema } from './subjects.ts';
import {
  TEMPLATE_LIMITS,
  TEMPLATE_SCENARIO,
  TEMPLATE_TYPE,
  scenarioOfType,
  templateInputSchema,
  templateMessages,
  templateTypeSchema,
  type TemplateConfigValue,
} from './templates.ts';

/**
 * A company's whole schema as one versioned JSON document: subjects with their attributes and
 * the company's templates, every reference by identifier (subjects, attributes) or by a key
 * inside the document (templates), never by a database id, so it moves between companies and
 * installations. User templates are personal (an account's) and are not part of it.
 */

export const SCHEMA_FORMAT = 'talkbase-schema';
export const SCHEMA_VERSION = 1;
export const SCHEMA_LIMITS = { subjects: 1000, templates: 5000, relatedTemplates: 50 } as const;

export const schemaTransferPaths = {
  export: '/api/subject/schema/export',
  import: '/api/subject/schema/import',
} as const;

export const schemaTransferMessages = {
  format: `Este documento não é um esquema do Talkbase (format deve ser "${SCHEMA_FORMAT}").`,
  version: `Versão de esquema não suportada: esta versão do Talkbase lê a versão ${SCHEMA_VERSION}.`,
  duplicateSubject: (id: string) => `O assunto ${id} aparece mais de uma vez no documento.`,
  duplicateAttribute: (id: string) => `O atributo ${id} aparece mais de uma vez neste assunto.`,
  duplicateKey: (key: string) => `A chave de template ${key} aparece mais de uma vez no documento.`,
  userTemplate: 'Templates de usuário são pessoais e não fazem parte do esquema.',
  relatedKeyNotFound: (key: string) => `Template relacionado ${key} não encontrado no documento.`,
  relatedNotForm:
    'Um template relacionado deve ser um formulário (cadastro ou edição) do mesmo assunto, e não o próprio template.',
  twoDefaults: (subject: string) => `O assunto ${subject} tem mais de um template padrão no documento.`,
} as const;

/** A subject of the document: the subject contract, attributes with `relatedSubject` by identifier. */
export const schemaSubjectSchema = subjectInputSchema.extend({
  /** Built-in subjects (`filtro`) are exported for reference; an import never creates them. */
  isBuiltIn: z.boolean().default(false),
});
export type SchemaSubject = z.output<typeof schemaSubjectSchema>;

const label = z.string().trim().max(150).nullable().default(null);

const schemaAreaAttributeSchema = z.object({
  subjectAttributeIdentifier: z.string().trim().min(1).max(60),
  templateAreaSubjectAttributeLabel: label,
});

export interface SchemaTemplateArea {
  /** The attribute the area shows, of the template's subject; null for a group (a form legend). */
  subjectAttributeIdentifier: string | null;
  templateAreaName: string | null;
  order?: number | undefined;
  widgetId: number;
  templateAreaConfigs: { configIdentifier: string; value: TemplateConfigValue }[];
  templateAreaSubjectAttributes: z.output<typeof schemaAreaAttributeSchema>[];
  templateAreasMap: SchemaTemplateArea[];
}

/** A template area of the document: the template contract's area with attributes by identifier. */
export const schemaTemplateAreaSchema: z.ZodType<SchemaTemplateArea> = z.object({
  subjectAttributeIdentifier: z.string().trim().min(1).max(60).nullable().default(null),
  templateAreaName: label,
  order: z.number().int().min(0).max(100_000).optional(),
  widgetId: z.number().int().min(1).max(1000).default(1),
  templateAreaConfigs: z
    .array(
      z.object({
        configIdentifier: z.string().trim().min(1).max(60),
        value: z.union([z.string(), z.number(), z.boolean(), z.null()]).default(null),
      }),
    )
    .max(TEMPLATE_LIMITS.configsPerArea)
    .default([]),
  templateAreaSubjectAttributes: z
    .array(schemaAreaAttributeSchema)
    .max(TEMPLATE_LIMITS.attributesPerArea)
    .default([]),
  get templateAreasMap() {
    return z.array(schemaTemplateAreaSchema).max(TEMPLATE_LIMITS.areas).default([]);
  },
});

/** A template of the document; `key` names it for `relatedTemplates` of other templates. */
export const schemaTemplateSchema = z.object({
  key: z.string().trim().min(1).max(200),
  templateName: z.string().trim().min(1).max(100),
  subjectIdentifier: z.string().trim().toLowerCase().min(1).max(60),
  templateType: templateTypeSchema.refine(
    (t) => t !== TEMPLATE_TYPE.user,
    schemaTransferMessages.userTemplate,
  ),
  showTalkIdOnGrid: z.boolean().default(false),
  relatedTemplates: z
    .array(z.string().trim().min(1).max(200))
    .max(SCHEMA_LIMITS.relatedTemplates)
    .default([]),
  templateAreas: z.array(schemaTemplateAreaSchema).max(TEMPLATE_LIMITS.areas).default([]),
});
export type SchemaTemplate = z.output<typeof schemaTemplateSchema>;

/**
 * The body of POST /template (templates contract) for a template of the document, with the
 * attribute and template ids the caller resolved. Parsed with `templateInputSchema`, so a
 * template of the document obeys every rule a template saved from the console does.
 */
export function templateInputOf(
  t: SchemaTemplate,
  ids: { subjectId: number; attributeId: (identifier: string) => number; relatedTemplateIds: number[] },
): unknown {
  const area = (a: SchemaTemplateArea): Record<string, unknown> => ({
    subjectAttributeId:
      a.subjectAttributeIdentifier === null ? null : ids.attributeId(a.subjectAttributeIdentifier),
    templateAreaName: a.templateAreaName,
    ...(a.order !== undefined ? { order: a.order } : {}),
    widgetId: a.widgetId,
    templateAreaConfigs: a.templateAreaConfigs,
    templateAreaSubjectAttributes: a.templateAreaSubjectAttributes.map((x) => ({
      subjectAttributeId: ids.attributeId(x.subjectAttributeIdentifier),
      templateAreaSubjectAttributeLabel: x.templateAreaSubjectAttributeLabel,
    })),
    templateAreasMap: a.templateAreasMap.map(area),
  });
  return {
    templateName: t.templateName,
    subjectId: ids.subjectId,
    templateType: t.templateType,
    showTalkIdOnGrid: t.showTalkIdOnGrid,
    relatedTemplateIds: ids.relatedTemplateIds,
    templateAreas: t.templateAreas.map(area),
  };
}

/** A field of the templates contract, spelled as the document spells it. */
export function documentFieldOf(path: readonly PropertyKey[]): string {
  const names: Record<string, string> = {
    subjectAttributeId: 'subjectAttributeIdentifier',
    subjectId: 'subjectIdentifier',
    relatedTemplateIds: 'relatedTemplates',
  };
  return path.map((p) => names[String(p)] ?? String(p)).join('.');
}

export const schemaDocumentSchema = z
  .object({
    format: z.literal(SCHEMA_FORMAT, { error: schemaTransferMessages.format }),
    version: z.literal(SCHEMA_VERSION, { error: schemaTransferMessages.version }),
    subjects: z.array(schemaSubjectSchema).max(SCHEMA_LIMITS.subjects).default([]),
    templates: z.array(schemaTemplateSchema).max(SCHEMA_LIMITS.templates).default([]),
  })
  .superRefine((doc, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', message, path });
    const subjects = new Set<string>();
    doc.subjects.forEach((s, i) => {
      if (subjects.has(s.identifier))
        issue(['subjects', i, 'identifier'], schemaTransferMessages.duplicateSubject(s.identifier));
      subjects.add(s.identifier);
      const attributes = new Set<string>();
      s.attributes.forEach((a, j) => {
        if (attributes.has(a.identifier))
          issue(
            ['subjects', i, 'attributes', j, 'identifier'],
            schemaTransferMessages.duplicateAttribute(a.identifier),
          );
        attributes.add(a.identifier);
      });
    });
    const byKey = new Map<string, SchemaTemplate>();
    const defaults = new Set<string>();
    doc.templates.forEach((t, i) => {
      if (byKey.has(t.key)) issue(['templates', i, 'key'], schemaTransferMessages.duplicateKey(t.key));
      else byKey.set(t.key, t);
      if (t.templateType === TEMPLATE_TYPE.companyDefault) {
        if (defaults.has(t.subjectIdentifier))
          issue(['templates', i, 'templateType'], schemaTransferMessages.twoDefaults(t.subjectIdentifier));
        defaults.add(t.subjectIdentifier);
      }
    });
    doc.templates.forEach((t, i) => {
      t.relatedTemplates.forEach((key, j) => {
        const related = byKey.get(key);
        const path = ['templates', i, 'relatedTemplates', j];
        if (!related) issue(path, schemaTransferMessages.relatedKeyNotFound(key));
        else if (
          related === t ||
          related.subjectIdentifier !== t.subjectIdentifier ||
          scenarioOfType(related.templateType) !== TEMPLATE_SCENARIO.form
        )
          issue(path, schemaTransferMessages.relatedNotForm);
      });
      // The templates contract's own rules (names, columns, configs, sizes), ids set aside.
      const parsed = templateInputSchema.safeParse(
        templateInputOf(t, { subjectId: 1, attributeId: () => 1, relatedTemplateIds: [] }),
      );
      if (!parsed.success)
        for (const x of parsed.error.issues) {
          // A subject with no attributes yet has a default template with no columns: the one made
          // with the subject, which the import keeps as it is (schema-import.ts).
          if (isEmptyDefault(t) && x.message === templateMessages.columnsRequired) continue;
          issue(['templates', i, ...documentFieldOf(x.path).split('.')], x.message);
        }
    });
  });

/** The default template of a subject without attributes: no columns to carry. */
export function isEmptyDefault(t: Pick<SchemaTemplate, 'templateType' | 'templateAreas'>): boolean {
  return t.templateType === TEMPLATE_TYPE.companyDefault && t.templateAreas.length === 0;
}
export type SchemaDocument = z.output<typeof schemaDocumentSchema>;
export type SchemaDocumentInput = z.input<typeof schemaDocumentSchema>;

/** What an import did: counts of what it created and each thing it left as it was, with why. */
export const schemaImportSummarySchema = z.object({
  createdSubjects: z.number().int(),
  createdAttributes: z.number().int(),
  createdTemplates: z.number().int(),
  skipped: z.array(
    z.object({ kind: z.enum(['subject', 'attribute', 'template']), key: z.string(), reason: z.string() }),
  ),
});
export type SchemaImportSummary = z.infer<typeof schemaImportSummarySchema>;
