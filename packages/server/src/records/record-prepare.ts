import { normalizeForSearch } from '@talkbase/domain/fields/select';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import { badRequest, type ErrorItem } from '../http/errors.ts';
import { attributeColumn } from './subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from './subject-meta.ts';
import { talkMessages } from './record-messages.ts';
import { attributeWordsOf, searchableTexts } from '@talkbase/domain/search/attribute-words';
import { toDbValue, type DbValue } from './record-values.ts';
import type { MultiValue } from './records.repository.ts';

/** A write's values checked and shaped for the subject's table (columns) and list table (multi). */
export interface Prepared {
  columns: Record<string, DbValue>;
  multi: MultiValue[];
  touched: AttributeMeta[];
}

/** The body's values by attribute id; an attribute the subject does not have is refused. */
export function valuesByAttribute(subject: SubjectMeta, body: TalkWrite): Map<number, unknown> {
  const values = new Map<number, unknown>();
  const errors: ErrorItem[] = [];
  body.talkValues.forEach((tv, i) => {
    const a =
      (tv.subjectAttributeId !== undefined
        ? subject.attributes.find((x) => x.id === tv.subjectAttributeId)
        : undefined) ??
      (tv.subjectAttributeIdentifier
        ? subject.attributes.find((x) => x.identifier === tv.subjectAttributeIdentifier?.toLowerCase())
        : undefined);
    if (!a) errors.push({ message: talkMessages.unknownAttribute, field: `talkValues.${i}` });
    else values.set(a.id, tv.value);
  });
  if (errors.length) throw badRequest(errors);
  return values;
}

/**
 * The field rules of 002 §5 (shared with the web editors, packages/domain/src/fields) and the
 * value's shape for its column. What is left (references, keys) needs the database.
 */
export function prepareValues(
  subject: SubjectMeta,
  values: Map<number, unknown>,
  mode: 'create' | 'update',
  ctx: { now: Date; timeZone: string },
): Prepared {
  const out: Prepared = { columns: {}, multi: [], touched: [] };
  const errors: ErrorItem[] = [];
  for (const a of subject.attributes) {
    const given = values.has(a.id);
    if ((!given && mode === 'update') || a.kind === 'file') continue;
    const raw = values.get(a.id);
    const ruleErrors = validateValue({ ...a, isRequired: a.isRequired && !a.isInternal }, raw, ctx);
    if (ruleErrors.length) {
      errors.push(...ruleErrors.map((e) => ({ message: e.message, field: a.identifier })));
      continue;
    }
    if (!given) continue;
    if (a.isMultipleValues) {
      const list: unknown[] =
        raw === null || raw === undefined ? [] : Array.isArray(raw) ? (raw as unknown[]) : [raw];
      const converted: DbValue[] = [];
      for (const item of list) {
        const c = toDbValue(a, item, a.identifier);
        if (!c.ok) errors.push(c.error);
        else if (c.value !== null) converted.push(c.value);
      }
      out.multi.push({ attributeId: a.id, values: converted });
      out.touched.push(a);
      continue;
    }
    const c = toDbValue(a, raw, a.identifier);
    if (!c.ok) {
      errors.push(c.error);
      continue;
    }
    out.columns[attributeColumn(a.id)] = c.value;
    out.touched.push(a);
  }
  if (errors.length) throw badRequest(errors);
  return out;
}

/** What the search indexes hold of a record (search.ts): all its text, and its words by attribute. */
export interface SearchTexts {
  /** Text and numbers, accents and case folded: the index of accounts that read every attribute. */
  text: string;
  /** The same words tagged with their attribute (attribute-words.ts). */
  attributeWords: string;
}

export function searchTextOf(
  subject: SubjectMeta,
  columns: Record<string, unknown>,
  multi: MultiValue[],
): SearchTexts {
  const texts = searchableTexts(subject.attributes, columns, multi);
  return {
    text: normalizeForSearch(texts.flatMap((t) => t.texts).join(' ')).slice(0, 20_000),
    attributeWords: attributeWordsOf(texts),
  };
}
