import { z } from 'zod';
import { referringAttributeSchema, subjectAttributeSchema, subjectRefSchema } from './subjects.ts';
import { lowerCaseKeys, templateSchema } from './templates.ts';

/**
 * Contexts (spec 002 §3 "Context response", §7): what a records screen loads to open a subject,
 * with the template it shows (contracts/templates.ts).
 */

/** Scenarios a context is opened for (002 §2), and `talkmodal` for a record opened in a modal. */
export const CONTEXT_SCENARIOS = [
  'grid',
  'form',
  'talk',
  'timeline',
  'help',
  'attachments',
  'activetask',
  'talkmodal',
] as const;
export type ContextScenario = (typeof CONTEXT_SCENARIOS)[number];

// The spec's client sends `templateId=&talkId=` with empty values: empty means absent.
const emptyAsAbsent = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
const optionalId = (min: number) => z.preprocess(emptyAsAbsent, z.coerce.number().int().min(min).optional());

/** GET /context/web/{scenario}/{subject}?templateId=&talkId= (002 §7). */
export const contextQuerySchema = z.preprocess(
  lowerCaseKeys,
  z.object({ templateid: optionalId(1), talkid: optionalId(0) }),
);

/** GET /context/{contextId}/template?templateid=&IsNewTalk= (002 §7). */
export const contextTemplateQuerySchema = z.preprocess(
  lowerCaseKeys,
  z.object({
    templateid: optionalId(1),
    isnewtalk: z.preprocess(
      (v) => (typeof v === 'string' ? emptyAsAbsent(v.toLowerCase()) : v),
      z
        .enum(['true', 'false', '1', '0'])
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    ),
  }),
);

/** What the signed-in account may do with the subject (002 §3 Context response). */
export const contextSubjectActionsSchema = z.object({
  Read: z.boolean(),
  Create: z.boolean(),
  Update: z.boolean(),
  Delete: z.boolean(),
  Deactivate: z.boolean(),
});
export type ContextSubjectActions = z.infer<typeof contextSubjectActionsSchema>;

export const contextSubjectAttributeSchema = subjectAttributeSchema.extend({
  actions: z.object({ create: z.boolean(), update: z.boolean(), delete: z.boolean() }),
  /** The `preselect` config of the attribute's column in the context's template, if any. */
  preSelect: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type ContextSubjectAttribute = z.infer<typeof contextSubjectAttributeSchema>;

export const contextRelatedSubjectSchema = referringAttributeSchema;
export type ContextRelatedSubject = z.infer<typeof contextRelatedSubjectSchema>;

export const contextResponseSchema = z.object({
  contextId: z.string(),
  scenario: z.enum(CONTEXT_SCENARIOS),
  subject: subjectRefSchema.extend({
    isBuiltIn: z.boolean(),
    subjectAttributes: z.array(contextSubjectAttributeSchema),
    actions: contextSubjectActionsSchema,
  }),
  relatedSubjects: z.array(contextRelatedSubjectSchema),
  subjectsThatReferThis: z.array(contextRelatedSubjectSchema),
  template: templateSchema.nullable(),
});
export type ContextResponse = z.infer<typeof contextResponseSchema>;

/** GET /context/{contextId}/template. */
export const contextTemplateResponseSchema = z.object({
  contextId: z.string(),
  template: templateSchema.nullable(),
});

/** GET /context/subjects: a subject the account's room may read (the "Registros" list). */
export const readableSubjectSchema = subjectRefSchema.extend({ isBuiltIn: z.boolean() });
export type ReadableSubject = z.infer<typeof readableSubjectSchema>;
