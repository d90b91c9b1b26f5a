import { fieldsDesignersText } from '../../i18n/fields-designers.ts';

/** A delimitation of a room (spec 002 §3 "Delimitation"; the rooms API's `sharedTalks`). */
export interface Delimitation {
  subjectIdentifier: string;
  name?: string | null | undefined;
  talks: { id: number; name?: string | null | undefined }[];
}

/** A delimitation being edited: `key` tells cards apart while the subject is not chosen yet. */
export interface DelimitationDraft {
  key: number;
  subjectIdentifier: string | null;
  name: string;
  talks: { id: number; name?: string | null | undefined }[];
}

export interface DraftErrors {
  subject?: string;
  items?: string;
}

const messages = fieldsDesignersText.delimitations;

export function toDrafts(list: readonly Delimitation[]): DelimitationDraft[] {
  return list.map((d, i) => ({
    key: i + 1,
    subjectIdentifier: d.subjectIdentifier,
    name: d.name ?? '',
    talks: d.talks.map((t) => ({ id: t.id, name: t.name ?? null })),
  }));
}

/** §5 "Delimitation save": each needs a subject and at least one item. */
export function draftErrors(drafts: readonly DelimitationDraft[]): Map<number, DraftErrors> {
  const errors = new Map<number, DraftErrors>();
  for (const d of drafts) {
    const e: DraftErrors = {};
    if (!d.subjectIdentifier) e.subject = messages.chooseSubject;
    else if (d.talks.length === 0) e.items = messages.chooseItem;
    if (e.subject || e.items) errors.set(d.key, e);
  }
  return errors;
}

/** The drafts as the rooms API takes them (`sharedTalks`). */
export function fromDrafts(drafts: readonly DelimitationDraft[]): Delimitation[] {
  return drafts.map((d) => ({
    subjectIdentifier: d.subjectIdentifier ?? '',
    ...(d.name.trim() ? { name: d.name.trim() } : {}),
    talks: d.talks.map((t) => ({ id: t.id, ...(t.name ? { name: t.name } : {}) })),
  }));
}
