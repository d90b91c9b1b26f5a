import type { TalkTag } from '@talkbase/domain/contracts/tags';
import { tagBackground, tagTextColor } from './tag-colors.ts';
import './tags.css';

/** A tag as a coloured chip, its text black or white for contrast. */
export function TagChip({ tag }: { tag: Pick<TalkTag, 'tagName' | 'tagColor'> }) {
  return (
    <span
      className="tag-chip"
      data-tag={tag.tagName}
      style={{ backgroundColor: tagBackground(tag.tagColor), color: tagTextColor(tag.tagColor) }}
      title={tag.tagName}
    >
      {tag.tagName}
    </span>
  );
}

/** Reads a talk's `tags` (typed loosely in the talk contract) as tags with a name and a colour. */
export function talkTagsOf(tags: readonly unknown[] | undefined): TalkTag[] {
  return (tags ?? []).flatMap((raw) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const tag = raw as Partial<TalkTag>;
    if (typeof tag.tagId !== 'number' || typeof tag.tagName !== 'string') return [];
    return [{ tagId: tag.tagId, tagName: tag.tagName, tagColor: tag.tagColor ?? '' }];
  });
}

/** A record's tags in a row; nothing when it has none. */
export function TagChips({
  tags,
  label,
  nowrap,
}: {
  tags: readonly TalkTag[];
  label: string;
  nowrap?: boolean;
}) {
  if (tags.length === 0) return null;
  return (
    <ul
      className="tag-chips"
      aria-label={label}
      data-nowrap={nowrap || undefined}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag.tagId}>
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}
