import { z } from 'zod';
import { pageOf } from './pages.ts';
import { normalizeComponentId } from '../records/value-kinds.ts';

/** Identifiers become part of URLs and of the schema export: lower-case letters, digits and _. */
export const identifierSchema = z
  .string()
  .trim()
  .min(1, 'Campo obrigatório.')
  .max(60, 'Máximo de 60 caracteres.')
  .regex(/^[a-z][a-z0-9_]*$/, 'Use letras minúsculas, números e _, começando por uma letra.');

const nameSchema = z.string().trim().min(1, 'Campo obrigatório.').max(150, 'Máximo de 150 caracteres.');
const iconSchema = z.string().trim().max(60).nullable().optional();

export const componentIdSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const id = normalizeComponentId(v);
  if (id === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Tipo de componente desconhecido.' });
    return z.NEVER;
  }
  return id;
});

export const attributeInputSchema = z.object({
  identifier: identifierSchema,
  name: nameSchema,
  componentId: componentIdSchema,
  isRequired: z.boolean().default(false),
  isEditable: z.boolean().default(true),
  isNaturalKey: z.boolean().default(false),
  isMultipleValues: z.boolean().default(false),
  isOrderable: z.boolean().default(false),
  isInternal: z.boolean().default(false),
  length: z.number().int().min(1).max(100_000).nullable().optional(),
  defaultValue: z.string().max(800).nullable().optional(),
  componentConfigs: z.record(z.string(), z.unknown()).default({}),
  /** Identifier of the subject a reference (select, tree, model, filter) points to. */
  relatedSubject: z.string().trim().max(60).nullable().optional(),
  tooltip: z.string().max(500).nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
  icon: iconSchema,
});
export type AttributeInput = z.input<typeof attributeInputSchema>;

export const subjectInputSchema = z.object({
  identifier: identifierSchema,
  name: nameSchema,
  icon: iconSchema,
  attributes: z.array(attributeInputSchema).max(500).default([]),
});
export type SubjectInput = z.input<typeof subjectInputSchema>;

export const subjectUpdateSchema = z.object({
  name: nameSchema.optional(),
  icon: iconSchema,
});

/**
 * A change of an attribute. `componentId` may change: within the same stored kind the values must
 * be valid for the new type; to another kind only while no record has a value (nothing is lost).
 */
export const attributeUpdateSchema = z.object({
  // Fields are optional without defaults: what a change leaves out stays as it was.
  name: nameSchema.optional(),
  componentId: componentIdSchema.optional(),
  isRequired: z.boolean().optional(),
  isEditable: z.boolean().optional(),
  isNaturalKey: z.boolean().optional(),
  isOrderable: z.boolean().optional(),
  isInternal: z.boolean().optional(),
  length: attributeInputSchema.shape.length,
  defaultValue: attributeInputSchema.shape.defaultValue,
  componentConfigs: z.record(z.string(), z.unknown()).optional(),
  relatedSubject: attributeInputSchema.shape.relatedSubject,
  tooltip: attributeInputSchema.shape.tooltip,
  description: attributeInputSchema.shape.description,
  icon: iconSchema,
});

/** PUT /subject/{subject}/attribute-order: every attribute identifier of the subject, in the new order. */
export const attributeOrderSchema = z.object({
  attributes: z.array(z.string().trim().min(1).max(60)).min(1).max(500),
});

/** GET /subject/{subject}/usage (and …/attribute/{attribute}/usage): what a removal would lose. */
export const subjectUsageSchema = z.object({
  /** Records of the subject (active or not); for an attribute, the records with a value in it. */
  records: z.number().int(),
  /** Stored files (not removed) of the subject, or of the attribute. */
  files: z.number().int(),
});
export type SubjectUsage = z.infer<typeof subjectUsageSchema>;

/** Answer fields of a 409 refusing a schema change: the first records that block it. */
export interface SchemaChangeConflict {
  errors: { message: string; field?: string }[];
  talkIds: number[];
}

/** A subject as other answers point to it (a reference's target, a menu entry). */
export const subjectRefSchema = z.object({
  subjectId: z.number().int(),
  subjectIdentifier: z.string(),
  subjectName: z.string(),
  icon: z.string().nullable(),
});
export type SubjectRef = z.infer<typeof subjectRefSchema>;

/** A subject attribute as the API answers it (spec 002 §3 "Subject attribute"). */
export const subjectAttributeSchema = z.object({
  subjectAttributeId: z.number().int(),
  identifier: z.string(),
  subjectAttributeIdentifier: z.string(),
  name: z.string(),
  attributeName: z.string(),
  subjectAttributeName: z.string(),
  componentId: z.number().int(),
  isRequired: z.boolean(),
  isEditable: z.boolean(),
  isNaturalKey: z.boolean(),
  isMultipleValues: z.boolean(),
  isOrderable: z.boolean(),
  isInternal: z.boolean(),
  length: z.number().int().nullable(),
  defaultValue: z.string().nullable(),
  /** The component type's settings (fields/…): their keys vary by component. */
  componentConfigs: z.record(z.string(), z.unknown()),
  relatedSubject: subjectRefSchema.nullable(),
  tooltip: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  order: z.number().int(),
});
export type SubjectAttribute = z.infer<typeof subjectAttributeSchema>;

export const subjectSchema = subjectRefSchema.extend({
  isBuiltIn: z.boolean(),
  subjectAttributes: z.array(subjectAttributeSchema),
});
export type Subject = z.infer<typeof subjectSchema>;

/** GET /api/subject: a page of subjects. */
export const subjectPageSchema = pageOf(subjectSchema);

/** GET /api/subject/related/other/{subject}: the attributes of other subjects that refer to this one. */
export const referringAttributeSchema = z.object({
  subjectAttributeId: z.number().int(),
  subjectAttributeIdentifier: z.string(),
  attributeName: z.string(),
  isMultipleValues: z.boolean(),
  relatedSubject: subjectRefSchema,
});
export type ReferringAttribute = z.infer<typeof referringAttributeSchema>;
