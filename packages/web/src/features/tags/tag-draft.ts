import {
  tagMessages,
  tagWriteSchema,
  TAG_DEFAULT_COLOR,
  type Tag,
  type TagWriteInput,
} from '@talkbase/domain/contracts/tags';

/** One filter row of the editor; `key` tells rows apart before they have a filterId. */
export interface TagFilterDraft {
  key: number;
  filterId: number | null;
  filterName: string;
  /** The tree, as the filter-tree editor holds it. */
  filter: unknown;
  subject: string;
  subjectAttributeId: number | null;
}

export interface TagDraft {
  tagName: string;
  tagColor: string;
  filters: TagFilterDraft[];
}

export function newTagDraft(): TagDraft {
  return { tagName: '', tagColor: TAG_DEFAULT_COLOR, filters: [] };
}

function parseTree(filter: string): unknown {
  try {
    return JSON.parse(filter) as unknown;
  } catch {
    return null;
  }
}

export function tagToDraft(tag: Tag): TagDraft {
  return {
    tagName: tag.tagName,
    tagColor: tag.tagColor,
    filters: tag.tagFilters.map((f, i) => ({
      key: i + 1,
      filterId: f.filterId,
      filterName: f.filterName,
      filter: parseTree(f.filter),
      subject: f.subject,
      subjectAttributeId: f.subjectAttributeId,
    })),
  };
}

export function draftToInput(draft: TagDraft): TagWriteInput {
  return {
    tagName: draft.tagName,
    tagColor: draft.tagColor,
    tagFilters: draft.filters.map((f) => ({
      filterId: f.filterId,
      filterName: f.filterName,
      filter: (f.filter ?? '') as Record<string, unknown>,
      subject: f.subject,
      subjectAttributeId: f.subjectAttributeId,
    })),
  };
}

/** Problems by field: `tagName`, `tagColor`, `tagFilters` (the list), `tagFilters.<i>` (a row). */
export type TagProblems = Map<string, string>;

/**
 * The same rules the server applies (the contract's schema, 000 §5): text required and at most
 * 50, at least one filter, each named (at most 100) over a subject with a well-formed tree.
 */
export function tagProblems(draft: TagDraft): TagProblems {
  const problems: TagProblems = new Map();
  const parsed = tagWriteSchema.safeParse(draftToInput(draft));
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    const field =
      head === 'tagFilters' && typeof index === 'number' ? `tagFilters.${index}` : String(head ?? '');
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return problems;
}

/** Where a server error's `field` shows in the editor. */
export function problemField(field: string | undefined): string {
  if (!field) return '';
  const match = /^tagFilters[.[](\d+)/.exec(field);
  if (match) return `tagFilters.${match[1]}`;
  return field.split('.')[0] ?? '';
}

export { tagMessages };
