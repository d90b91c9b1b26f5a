import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';

/**
 * The colour of a calendar entry (issue 38 item 3): by the option chosen in a single select, by the
 * record's first tag, or none. Options carry no colour of their own, so each option id keeps one
 * of a fixed palette of the theme's colours; a tag has its own.
 */

const PALETTE = [
  'blue',
  'teal',
  'grape',
  'orange',
  'cyan',
  'pink',
  'lime',
  'indigo',
  'red',
  'yellow',
  'violet',
  'green',
];

/** '' (none), 'tags' or a single select's identifier. */
export type ColorBy = string;
export const COLOR_TAGS = 'tags';

/** The single selects (4) an entry may be coloured by. */
export function colorAttributes(context: ContextResponse): ContextSubjectAttribute[] {
  return context.subject.subjectAttributes.filter(
    (a) => a.componentId === 4 && !a.isMultipleValues && !a.isInternal,
  );
}

/** One palette colour per key, the same on every load. */
export function paletteColor(key: number | string): string {
  let hash = 0;
  for (const ch of String(key)) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `var(--mantine-color-${PALETTE[hash % PALETTE.length] ?? 'blue'}-filled)`;
}

export interface EntryColor {
  /** What groups entries in the legend. */
  key: string;
  label: string;
  /** A CSS colour; undefined for "no value". */
  color: string | undefined;
}

export function entryColor(
  talk: ApiTalk,
  colorBy: ColorBy,
  noValue: string,
  noTag: string,
): EntryColor | undefined {
  if (!colorBy) return undefined;
  if (colorBy === COLOR_TAGS) {
    const tag = talk.tags[0];
    return tag
      ? { key: `tag:${tag.tagId}`, label: tag.tagName, color: tag.tagColor || paletteColor(tag.tagId) }
      : { key: 'tag:none', label: noTag, color: undefined };
  }
  const value = talk.talkValues.find(
    (v) => v.subjectAttributeIdentifier.toLowerCase() === colorBy.toLowerCase(),
  );
  const id = value?.value;
  if (id === null || id === undefined || id === '')
    return { key: 'option:none', label: noValue, color: undefined };
  const key = typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(id);
  return { key: `option:${key}`, label: value?.displayValue ?? key, color: paletteColor(key) };
}
