import { arrayMove } from '@dnd-kit/sortable';
import { TEMPLATE_LIMITS } from '@talkbase/domain/contracts/templates';
import type { EditorArea } from './template-draft.ts';

/**
 * The form template editor's moves on the tree of areas (issue 34 item 2): order among siblings
 * by dragging, into the area above (nesting, up to the API's 5 levels) and back out. Each answers
 * the same tree when the move is not possible.
 */

/** How many levels an area's subtree takes (1 for an area without children). */
export const subtreeHeight = (a: EditorArea): number =>
  1 + a.children.reduce((h, c) => Math.max(h, subtreeHeight(c)), 0);

interface Place {
  /** The sibling list holding the area. */
  siblings: EditorArea[];
  index: number;
  /** 1 for the first level. */
  level: number;
  parent: EditorArea | null;
}

export function findPlace(
  areas: EditorArea[],
  key: string,
  level = 1,
  parent: EditorArea | null = null,
): Place | null {
  const index = areas.findIndex((a) => a.key === key);
  if (index >= 0) return { siblings: areas, index, level, parent };
  for (const a of areas) {
    const hit = findPlace(a.children, key, level + 1, a);
    if (hit) return hit;
  }
  return null;
}

/** The tree with the sibling list that holds `key` (or the first level for null) replaced. */
function replaceList(
  areas: EditorArea[],
  parentKey: string | null,
  change: (list: EditorArea[]) => EditorArea[],
): EditorArea[] {
  if (parentKey === null) return change(areas);
  return areas.map((a) =>
    a.key === parentKey
      ? { ...a, children: change(a.children) }
      : { ...a, children: replaceList(a.children, parentKey, change) },
  );
}

/** One area changed in place. */
export function updateArea(
  areas: EditorArea[],
  key: string,
  change: (a: EditorArea) => EditorArea,
): EditorArea[] {
  return areas.map((a) =>
    a.key === key ? change(a) : { ...a, children: updateArea(a.children, key, change) },
  );
}

/** The area (with what it holds) taken out. */
export function removeArea(areas: EditorArea[], key: string): EditorArea[] {
  return areas.filter((a) => a.key !== key).map((a) => ({ ...a, children: removeArea(a.children, key) }));
}

/** A drag among siblings: `activeKey` takes the place of `overKey` (both under the same parent). */
export function moveAmongSiblings(
  areas: EditorArea[],
  activeKey: string,
  overKey: string | null,
): EditorArea[] {
  if (overKey === null || overKey === activeKey) return areas;
  const place = findPlace(areas, activeKey);
  if (!place) return areas;
  const to = place.siblings.findIndex((a) => a.key === overKey);
  if (to < 0) return areas;
  return replaceList(areas, place.parent?.key ?? null, (list) => arrayMove(list, place.index, to));
}

/** Whether the area can go into the one above it without passing the 5 levels. */
export function canIndent(areas: EditorArea[], key: string): boolean {
  const place = findPlace(areas, key);
  if (!place || place.index === 0) return false;
  const area = place.siblings[place.index];
  return area !== undefined && place.level + subtreeHeight(area) <= TEMPLATE_LIMITS.depth;
}

/** Into the area above, as its last nested area. */
export function indentArea(areas: EditorArea[], key: string): EditorArea[] {
  if (!canIndent(areas, key)) return areas;
  const place = findPlace(areas, key);
  const area = place?.siblings[place.index];
  const above = place?.siblings[place.index - 1];
  if (!place || !area || !above) return areas;
  return replaceList(areas, place.parent?.key ?? null, (list) =>
    list
      .filter((a) => a.key !== key)
      .map((a) => (a.key === above.key ? { ...a, children: [...a.children, area] } : a)),
  );
}

export const canOutdent = (areas: EditorArea[], key: string): boolean =>
  (findPlace(areas, key)?.parent ?? null) !== null;

/** Out of its parent, right after it. */
export function outdentArea(areas: EditorArea[], key: string): EditorArea[] {
  const place = findPlace(areas, key);
  const area = place?.siblings[place.index];
  if (!place?.parent || !area) return areas;
  const parent = place.parent;
  const grand = findPlace(areas, parent.key);
  if (!grand) return areas;
  return replaceList(areas, grand.parent?.key ?? null, (list) =>
    list.flatMap((a) =>
      a.key === parent.key ? [{ ...a, children: a.children.filter((c) => c.key !== key) }, area] : [a],
    ),
  );
}

/** Attribute ids the form already shows (fields and their extra attributes), at any depth. */
export function placedAttributeIds(areas: readonly EditorArea[]): Set<number> {
  const out = new Set<number>();
  const walk = (list: readonly EditorArea[]) => {
    for (const a of list) {
      if (a.subjectAttributeId !== null) out.add(a.subjectAttributeId);
      for (const x of a.extras) out.add(x.subjectAttributeId);
      walk(a.children);
    }
  };
  walk(areas);
  return out;
}
