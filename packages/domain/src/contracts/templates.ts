import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';

/**
 * Templates (spec 001 §3 Template, Template area; 002 §3 Template configs per attribute): which
 * columns a grid shows, or which fields and areas a form shows, for one subject.
 */

/** Template types by number (001 §3, §9). The number is what is stored and answered. */
export const TEMPLATE_TYPE = {
  user: 2,
  companyDefault: 3,
  registration: 5,
  edition: 6,
  custom: 7,
} as const;
export type TemplateType = (typeof TEMPLATE_TYPE)[keyof typeof TEMPLATE_TYPE];

/** The spec's text names of the types, accepted on input and answered as `templateTypeName`. */
export const TEMPLATE_TYPE_NAMES: Record<TemplateType, string> = {
  2: 'UserByWebInterface',
  3: 'CompanyDefault',
  5: 'TalkModalCompanyCreate',
  6: 'TalkModalCompanyEdit',
  7: 'CustomTemplate',
};

/** scenarioId 1 grid, 2 registration (form) (001 §9). Registration and edition templates are forms. */
export const TEMPLATE_SCENARIO = { grid: 1, form: 2 } as const;
export type TemplateScenarioId = (typeof TEMPLATE_SCENARIO)[keyof typeof TEMPLATE_SCENARIO];
export const scenarioOfType = (type: TemplateType): TemplateScenarioId =>
  type === TEMPLATE_TYPE.registration || type === TEMPLATE_TYPE.edition
    ? TEMPLATE_SCENARIO.form
    : TEMPLATE_SCENARIO.grid;
export const scenarioName = (id: TemplateScenarioId): 'grid' | 'form' => (id === 1 ? 'grid' : 'form');

/** A column without a Width is drawn 150 wide (002 §9); the column editor proposes 200 (001 §9). */
export const DEFAULT_COLUMN_WIDTH = 150;
export const EDITOR_DEFAULT_WIDTH = 200;
export const MIN_COLUMN_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 1000;

/** Limits of one template, so a body cannot make the server insert without bound. */
export const TEMPLATE_LIMITS = { areas: 500, depth: 5, configsPerArea: 20, attributesPerArea: 100 } as const;

export const templateMessages = {
  nameRequired: 'Digite um nome',
  baseRequired: 'Selecione um template base',
  userRequired: 'Selecione um usuário',
  subjectRequired: 'Selecione um assunto',
  columnsRequired: 'Selecione pelo menos um campo.',
  areaNameRequired: 'Digite um nome',
  maxLength: (n: number) => `Máximo de ${n} caracteres.`,
  unknownType: 'Tipo de template desconhecido.',
  unknownConfig: (id: string) => `Configuração de coluna desconhecida: ${id}.`,
  width: `A largura deve ser um número entre ${MIN_COLUMN_WIDTH} e ${MAX_COLUMN_WIDTH}.`,
  booleanConfig: 'Informe verdadeiro ou falso.',
  sortDirection: 'Informe a ordenação: 0 (decrescente), 1 (crescente) ou falso.',
  tooManyAreas: `Um template pode ter no máximo ${TEMPLATE_LIMITS.areas} áreas.`,
  tooDeep: `As áreas podem ser aninhadas em no máximo ${TEMPLATE_LIMITS.depth} níveis.`,
} as const;

/** Accepts the number or the spec's text name (case-insensitive) of a template type. */
export function parseTemplateType(v: unknown): TemplateType | undefined {
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) {
    const n = Number(v);
    return n in TEMPLATE_TYPE_NAMES ? (n as TemplateType) : undefined;
  }
  if (typeof v !== 'string') return undefined;
  const wanted = v.trim().toLowerCase();
  const hit = Object.entries(TEMPLATE_TYPE_NAMES).find(([, name]) => name.toLowerCase() === wanted);
  return hit ? (Number(hit[0]) as TemplateType) : undefined;
}

export const templateTypeSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const type = parseTemplateType(v);
  if (type === undefined) {
    ctx.addIssue({ code: 'custom', message: templateMessages.unknownType });
    return z.NEVER;
  }
  return type;
});

/**
 * Column and field settings (002 §3). Identifiers are matched case-insensitively and stored in
 * these spellings; values are typed: Width a number, the flags booleans, IsOrderable false or a
 * direction (0 descending, 1 ascending; true means ascending, the editor's default).
 */
export const TEMPLATE_CONFIGS = [
  'Width',
  'IsFixed',
  'IsOrderable',
  'ishidden',
  'isrequired',
  'hiddenfielddefaultvalue',
  'preselect',
] as const;
export type TemplateConfigIdentifier = (typeof TEMPLATE_CONFIGS)[number];
export type TemplateConfigValue = string | number | boolean | null;

const BOOLEAN_CONFIGS = new Set<TemplateConfigIdentifier>(['IsFixed', 'ishidden', 'isrequired']);

function asBoolean(v: TemplateConfigValue): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return false;
  return undefined;
}

/** The canonical value of a config, or a message saying why it is refused. */
export function normalizeConfig(
  identifier: TemplateConfigIdentifier,
  value: TemplateConfigValue,
): { value: TemplateConfigValue } | { error: string } {
  if (identifier === 'Width') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < MIN_COLUMN_WIDTH || n > MAX_COLUMN_WIDTH)
      return { error: templateMessages.width };
    return { value: Math.round(n) };
  }
  if (identifier === 'IsOrderable') {
    if (value === true) return { value: 1 };
    if (value === false || value === null || value === 'false') return { value: false };
    if (value === 0 || value === 1 || value === '0' || value === '1') return { value: Number(value) };
    return { error: templateMessages.sortDirection };
  }
  if (BOOLEAN_CONFIGS.has(identifier)) {
    const b = asBoolean(value);
    return b === undefined ? { error: templateMessages.booleanConfig } : { value: b };
  }
  if (typeof value === 'string' && value.length > 800) return { error: templateMessages.maxLength(800) };
  return { value };
}

const configInputSchema = z
  .object({
    templateAreaConfigId: z.unknown().optional(),
    configIdentifier: z.string().trim().min(1).max(60),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).default(null),
  })
  .transform((c, ctx) => {
    const identifier = TEMPLATE_CONFIGS.find((k) => k.toLowerCase() === c.configIdentifier.toLowerCase());
    if (!identifier) {
      ctx.addIssue({
        code: 'custom',
        message: templateMessages.unknownConfig(c.configIdentifier),
        path: ['configIdentifier'],
      });
      return z.NEVER;
    }
    const normalized = normalizeConfig(identifier, c.value);
    if ('error' in normalized) {
      ctx.addIssue({ code: 'custom', message: normalized.error, path: ['value'] });
      return z.NEVER;
    }
    return { configIdentifier: identifier, value: normalized.value };
  });

const areaAttributeInputSchema = z.object({
  subjectAttributeId: idSchema,
  templateAreaSubjectAttributeId: z.unknown().optional(),
  templateAreaSubjectAttributeLabel: z
    .string()
    .trim()
    .max(150, templateMessages.maxLength(150))
    .nullable()
    .optional(),
});

export interface TemplateAreaInput {
  subjectAttributeId?: number | null | undefined;
  templateAreaName?: string | null | undefined;
  order?: number | undefined;
  widgetId: number;
  templateAreaConfigs: { configIdentifier: TemplateConfigIdentifier; value: TemplateConfigValue }[];
  templateAreaSubjectAttributes: z.output<typeof areaAttributeInputSchema>[];
  templateAreasMap: TemplateAreaInput[];
}

/** A column or a form area; `templateAreasMap` holds nested areas. Ids in the body are ignored. */
export const templateAreaInputSchema: z.ZodType<TemplateAreaInput> = z
  .object({
    templateAreaId: z.unknown().optional(),
    subjectAttributeId: idSchema.nullable().optional(),
    templateAreaName: z.string().trim().max(150, templateMessages.maxLength(150)).nullable().optional(),
    order: z.coerce.number().int().min(0).max(100_000).optional(),
    widgetId: z.coerce.number().int().min(1).max(1000).default(1),
    templateAreaConfigs: z.array(configInputSchema).max(TEMPLATE_LIMITS.configsPerArea).default([]),
    templateAreaSubjectAttributes: z
      .array(areaAttributeInputSchema)
      .max(TEMPLATE_LIMITS.attributesPerArea)
      .default([]),
    get templateAreasMap() {
      return z.array(templateAreaInputSchema).max(TEMPLATE_LIMITS.areas).default([]);
    },
  })
  .superRefine((a, ctx) => {
    // An area that shows no attribute is a group (a form legend): it needs its name.
    if (!a.subjectAttributeId && !a.templateAreaName)
      ctx.addIssue({
        code: 'custom',
        message: templateMessages.areaNameRequired,
        path: ['templateAreaName'],
      });
  });

function countAreas(areas: TemplateAreaInput[], depth: number): { count: number; depth: number } {
  let count = areas.length;
  let deepest = areas.length > 0 ? depth : depth - 1;
  for (const a of areas) {
    const sub = countAreas(a.templateAreasMap, depth + 1);
    count += sub.count;
    deepest = Math.max(deepest, sub.depth);
  }
  return { count, depth: deepest };
}

/** POST /template and PUT /template/{id} (001 §7). companyId and scenario come from the server. */
export const templateInputSchema = z
  .object({
    templateName: z.string().trim().max(100, templateMessages.maxLength(100)).nullable().optional(),
    companyId: z.unknown().optional(),
    subjectId: z
      .union([z.number().int().positive(), z.string().trim().max(60)])
      .nullable()
      .optional(),
    scenario: z.unknown().optional(),
    scenarioId: z.unknown().optional(),
    templateType: templateTypeSchema,
    parentTemplateId: idSchema.nullable().optional(),
    accountId: idSchema.nullable().optional(),
    showTalkIdOnGrid: z.boolean().default(false),
    relatedTemplateIds: z.array(idSchema).max(50).default([]),
    templateAreas: z.array(templateAreaInputSchema).max(TEMPLATE_LIMITS.areas).default([]),
    /** The version the editor loaded; a stale one gets 409. */
    version: z.coerce.number().int().positive().optional(),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (t.subjectId === undefined || t.subjectId === null || t.subjectId === '')
      issue('subjectId', templateMessages.subjectRequired);
    const named = t.templateType === TEMPLATE_TYPE.user || t.templateType === TEMPLATE_TYPE.custom;
    if (named && !t.templateName) issue('templateName', templateMessages.nameRequired);
    if (t.templateType === TEMPLATE_TYPE.user) {
      if (!t.parentTemplateId) issue('parentTemplateId', templateMessages.baseRequired);
      if (!t.accountId) issue('accountId', templateMessages.userRequired);
    }
    if (t.templateAreas.length === 0) issue('templateAreas', templateMessages.columnsRequired);
    const size = countAreas(t.templateAreas, 1);
    if (size.count > TEMPLATE_LIMITS.areas) issue('templateAreas', templateMessages.tooManyAreas);
    if (size.depth > TEMPLATE_LIMITS.depth) issue('templateAreas', templateMessages.tooDeep);
  });
export type TemplateInput = z.output<typeof templateInputSchema>;

/** DELETE /template (001 §7). */
export const templateIdsSchema = z.object({
  templateIds: z.array(idSchema).min(1).max(500),
});

/** Query keys are matched case-insensitively: the spec writes scenarioId and scenarioid, templatetype and templateType. */
export const lowerCaseKeys = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x]))
    : v;

/** GET /template: scenarioId, templatetype, subjectId, term (max 25, 001 §9), accountId, page, fetch. */
export const templateListQuerySchema = z.preprocess(
  lowerCaseKeys,
  z.object({
    page: z.coerce.number().int().min(1).catch(1).default(1),
    fetch: z.coerce.number().int().min(1).catch(10).default(10),
    term: z.string().trim().max(25, templateMessages.maxLength(25)).optional(),
    scenarioid: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
    templatetype: templateTypeSchema.optional(),
    subjectid: z.union([idSchema, z.string().trim().min(1).max(60)]).optional(),
    accountid: idSchema.optional(),
  }),
);

const templateTypeOutSchema = z.literal([2, 3, 5, 6, 7]) satisfies z.ZodType<TemplateType>;
const configValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const templateAreaConfigSchema = z.object({
  templateAreaConfigId: z.number().int(),
  configIdentifier: z.enum(TEMPLATE_CONFIGS),
  value: configValueSchema,
});
export type TemplateAreaConfig = z.infer<typeof templateAreaConfigSchema>;

/** Every config of a column with its effective value (defaults filled in), as the views read it. */
export const viewTemplateAreaConfigsSchema = z.object({
  Width: z.number(),
  IsFixed: z.boolean(),
  IsOrderable: z.union([z.literal(false), z.literal(0), z.literal(1)]),
  ishidden: z.boolean(),
  isrequired: z.boolean(),
  hiddenfielddefaultvalue: configValueSchema,
  preselect: configValueSchema,
});
export type ViewTemplateAreaConfigs = z.infer<typeof viewTemplateAreaConfigsSchema>;

export interface TemplateArea {
  templateAreaId: number;
  subjectAttributeId: number | null;
  subjectAttributeIdentifier: string | null;
  attributeName: string | null;
  templateAreaName: string | null;
  order: number;
  widgetId: number;
  templateAreaConfigs: TemplateAreaConfig[];
  viewTemplateAreaConfigs: ViewTemplateAreaConfigs;
  templateAreaSubjectAttributes: {
    templateAreaSubjectAttributeId: number;
    subjectAttributeId: number;
    subjectAttributeIdentifier: string;
    attributeName: string;
    templateAreaSubjectAttributeLabel: string | null;
  }[];
  templateAreasMap: TemplateArea[];
  templateAreaTalkModal: null;
}

/** A column or a form area as answered; `templateAreasMap` holds its nested areas. */
export const templateAreaSchema: z.ZodType<TemplateArea> = z.object({
  templateAreaId: z.number().int(),
  subjectAttributeId: z.number().int().nullable(),
  subjectAttributeIdentifier: z.string().nullable(),
  attributeName: z.string().nullable(),
  templateAreaName: z.string().nullable(),
  order: z.number().int(),
  widgetId: z.number().int(),
  templateAreaConfigs: z.array(templateAreaConfigSchema),
  viewTemplateAreaConfigs: viewTemplateAreaConfigsSchema,
  templateAreaSubjectAttributes: z.array(
    z.object({
      templateAreaSubjectAttributeId: z.number().int(),
      subjectAttributeId: z.number().int(),
      subjectAttributeIdentifier: z.string(),
      attributeName: z.string(),
      templateAreaSubjectAttributeLabel: z.string().nullable(),
    }),
  ),
  get templateAreasMap() {
    return z.array(templateAreaSchema);
  },
  templateAreaTalkModal: z.null(),
});

export const templateSummarySchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  templateType: templateTypeOutSchema,
  templateTypeName: z.string(),
  scenarioId: z.literal([1, 2]),
  subjectId: z.number().int(),
  subjectIdentifier: z.string(),
  subjectName: z.string(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  parentTemplateId: z.number().int().nullable(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** GET /api/template: a page of summaries. */
export const templatePageSchema = pageOf(templateSummarySchema);

export const templateSchema = templateSummarySchema.extend({
  scenario: z.enum(['grid', 'form']),
  companyId: z.number().int(),
  showTalkIdOnGrid: z.boolean(),
  version: z.number().int(),
  relatedTemplateIds: z.array(z.number().int()),
  relatedTemplates: z.array(
    z.object({ templateId: z.number().int(), templateName: z.string(), templateType: templateTypeOutSchema }),
  ),
  templateAreas: z.array(templateAreaSchema),
});
export type Template = z.infer<typeof templateSchema>;
