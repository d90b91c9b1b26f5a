import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { ReportModel, ReportModelInput } from '@talkbase/domain/contracts/report-models';
import { reportModelMessages } from '@talkbase/domain/contracts/report-models';
import type { ReportColumn } from '@talkbase/domain/fields/report-columns';
import { reportModelsText } from '../../i18n/report-models.ts';

/** One way from the main subject to another: an attribute of either that points to the other. */
export interface RelationOption {
  key: string;
  label: string;
  subjectIdentifier: string;
  relation: ReportModelInput['relatedSubjects'] extends (infer R)[] | undefined ? R : never;
}

export interface ReportModelDraft {
  templateName: string;
  subjectIdentifier: string;
  /** Keys of the chosen RelationOptions. */
  relations: string[];
  columns: ReportColumn[];
  version: number | undefined;
}

const relationKey = (r: {
  relationshipOwnerSubjectId: number;
  relationshipSubjectAttributeId: number;
  relatedSubjectId: number;
}) => `${r.relationshipOwnerSubjectId}:${r.relationshipSubjectAttributeId}:${r.relatedSubjectId}`;

/**
 * The relations the model may use from its main subject: its own reference attributes (one
 * related record per row) and the other subjects' attributes that point to it (many per row).
 */
export function relationOptions(subjects: readonly Subject[], main: string): RelationOption[] {
  const m = subjects.find((s) => s.subjectIdentifier === main);
  if (!m) return [];
  const text = reportModelsText.editor;
  const out: RelationOption[] = [];
  for (const a of m.subjectAttributes) {
    const target = a.relatedSubject
      ? subjects.find((s) => s.subjectId === a.relatedSubject?.subjectId)
      : undefined;
    if (!target || target.subjectId === m.subjectId) continue;
    const relation = {
      relatedSubjectId: target.subjectId,
      relationshipSubjectAttributeId: a.subjectAttributeId,
      relationshipOwnerSubjectId: m.subjectId,
      order: 0,
    };
    out.push({
      key: relationKey(relation),
      label: text.relationTo(target.subjectName, a.name),
      subjectIdentifier: target.subjectIdentifier,
      relation,
    });
  }
  for (const s of subjects) {
    if (s.subjectId === m.subjectId) continue;
    for (const a of s.subjectAttributes) {
      if (a.relatedSubject?.subjectId !== m.subjectId || a.isMultipleValues) continue;
      const relation = {
        relatedSubjectId: s.subjectId,
        relationshipSubjectAttributeId: a.subjectAttributeId,
        relationshipOwnerSubjectId: m.subjectId,
        order: 0,
      };
      out.push({
        key: relationKey(relation),
        label: text.relationFrom(s.subjectName, a.name),
        subjectIdentifier: s.subjectIdentifier,
        relation,
      });
    }
  }
  return out;
}

export function newDraft(): ReportModelDraft {
  return { templateName: '', subjectIdentifier: '', relations: [], columns: [], version: undefined };
}

export function modelToDraft(model: ReportModel): ReportModelDraft {
  return {
    templateName: model.templateName,
    subjectIdentifier: model.subjectIdentifier,
    relations: model.relatedSubjects.map(relationKey),
    columns: model.columns.map((c) => ({
      columnIdentifier: c.columnIdentifier,
      configs: c.configs,
      attributes: c.attributes,
    })),
    version: model.version,
  };
}

/** The subjects the columns may name: the main one, then each chosen relation's. */
export function draftSubjects(draft: ReportModelDraft, options: readonly RelationOption[]): string[] {
  if (!draft.subjectIdentifier) return [];
  const related = options.filter((o) => draft.relations.includes(o.key)).map((o) => o.subjectIdentifier);
  return [...new Set([draft.subjectIdentifier, ...related])];
}

export function draftToInput(draft: ReportModelDraft, options: readonly RelationOption[]): ReportModelInput {
  const chosen = options.filter((o) => draft.relations.includes(o.key));
  return {
    templateName: draft.templateName.trim(),
    subjectIdentifier: draft.subjectIdentifier,
    subjects: [draft.subjectIdentifier],
    relatedSubjects: chosen.map((o, order) => ({ ...o.relation, order })),
    columns: draft.columns,
    ...(draft.version === undefined ? {} : { version: draft.version }),
  };
}

/** What the form says before asking the server (the server says the same and more). */
export function draftProblems(draft: ReportModelDraft): Map<string, string> {
  const problems = new Map<string, string>();
  if (!draft.templateName.trim()) problems.set('templateName', reportModelMessages.nameRequired);
  if (!draft.subjectIdentifier) problems.set('subjectIdentifier', reportModelMessages.subjectRequired);
  return problems;
}
