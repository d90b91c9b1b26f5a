import { z } from 'zod';
import type { SubjectAttribute } from './subjects.ts';
import { lowerCaseKeys, type Template, type TemplateConfigValue } from './templates.ts';

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
export interface ContextSubjectActions {
  Read: boolean;
  Create: boolean;
  Update: boolean;
  Delete: boolean;
  Deactivate: boolean;
}

export interface ContextSubjectAttribute extends SubjectAttribute {
  actions: { create: boolean; update: boolean; delete: boolean };
  /** The `preselect` config of the attribute's column in the context's template, if any. */
  preSelect: TemplateConfigValue;
}

export interface ContextRelatedSubject {
  subjectAttributeId: number;
  subjectAttributeIdentifier: string;
  attributeName: string;
  isMultipleValues: boolean;
  relatedSubject: { subjectId: number; subjectIdentifier: string; subjectName: string; icon: string | null };
}

export interface ContextResponse {
  contextId: string;
  scenario: ContextScenario;
  subject: {
    subjectId: number;
    subjectName: string;
    subjectIdentifier: string;
    icon: string | null;
    isBuiltIn: boolean;
    subjectAttributes: ContextSubjectAttribute[];
    actions: ContextSubjectActions;
  };
  relatedSubjects: ContextRelatedSubject[];
  subjectsThatReferThis: ContextRelatedSubject[];
  template: Template | null;
}

/** GET /context/subjects: a subject the account's room may read (the "Registros" list). */
export interface ReadableSubject {
  subjectId: number;
  subjectIdentifier: string;
  subjectName: string;
  icon: string | null;
  isBuiltIn: boolean;
}
