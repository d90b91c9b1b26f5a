/**
 * How a record's tags follow its filters (000 §5, issue 14): a tag earned through a filter is kept
 * while the record matches one of the tag's filters and dropped when it stops matching; a tag an
 * automation set (SetTalkTag) stays until an automation removes it (RemoveTalkTag), whatever the
 * filters say.
 */
export type TagSource = 'filter' | 'manual';

export interface TagMembershipChange {
  /** Tags the record gains. */
  add: number[];
  /** Tags the record loses. */
  remove: number[];
}

/**
 * The change for one record: `carried` its tags now (by source), `evaluated` the tags whose filters
 * were evaluated, `matched` those of them the record matches.
 */
export function membershipChange(
  carried: ReadonlyMap<number, TagSource>,
  evaluated: Iterable<number>,
  matched: ReadonlySet<number>,
): TagMembershipChange {
  const add: number[] = [];
  const remove: number[] = [];
  for (const tagId of evaluated) {
    const source = carried.get(tagId);
    if (matched.has(tagId)) {
      if (source === undefined) add.push(tagId);
    } else if (source === 'filter') remove.push(tagId);
  }
  return { add, remove };
}
