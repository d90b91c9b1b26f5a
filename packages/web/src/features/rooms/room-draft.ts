import type { MenuResource } from '@talkbase/domain/contracts/menus';
import type {
  RoomActionName,
  RoomDetail,
  RoomFilter,
  RoomInput,
  RoomNotification,
} from '@talkbase/domain/contracts/rooms';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Delimitation } from '../delimitations/delimitation-draft.ts';

/** What a room may do with an attribute (resource type 3), Visualizar first. */
export const ATTRIBUTE_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type AttributeAction = (typeof ATTRIBUTE_ACTIONS)[number];
export const SUBJECT_ACTIONS = ['read', 'create', 'update', 'delete', 'deactivate'] as const;

/**
 * An attribute action needs its subject's: reading needs Visualizar, filling needs Inserir,
 * changing and clearing need Alterar (the server's rule, permissions.service.ts).
 */
export const BASE_ACTION: Record<AttributeAction, RoomActionName> = {
  read: 'read',
  create: 'create',
  update: 'update',
  delete: 'update',
};

export interface SubjectDraft {
  actions: RoomActionName[];
  /** Attributes with their own rows; an attribute absent here follows its subject. */
  attributes: Record<number, AttributeAction[]>;
  /** The subject's own filter (a tree), apart from the room filters. */
  filter: unknown;
}

export interface RoomFilterDraft extends RoomFilter {
  key: number;
}

export interface RoomDraft {
  roomName: string;
  displayName: string;
  color: string;
  subjects: Record<number, SubjectDraft>;
  menus: number[];
  connectedRooms: number[];
  roomFilters: RoomFilterDraft[];
  sharedTalks: Delimitation[];
  requireDigitalSignature: number[];
  roomNotifications: RoomNotification[];
  /** The version of the room loaded (editing): the server refuses a save over someone else's. */
  version?: number | undefined;
}

export const emptySubject = (): SubjectDraft => ({ actions: [], attributes: {}, filter: null });

export function menuIds(menus: readonly MenuResource[]): number[] {
  return menus.flatMap((m) => [m.resourceId, ...menuIds(m.menus)]);
}

/** A new room: nothing allowed yet, but every menu ticked (the administrator unticks what it may not see). */
export function newRoomDraft(menus: readonly MenuResource[]): RoomDraft {
  return {
    roomName: '',
    displayName: '',
    color: '',
    subjects: {},
    menus: menuIds(menus),
    connectedRooms: [],
    roomFilters: [],
    sharedTalks: [],
    requireDigitalSignature: [],
    roomNotifications: [],
  };
}

export function roomToDraft(room: RoomDetail): RoomDraft {
  const subjects: Record<number, SubjectDraft> = {};
  for (const s of room.subjects) {
    const attributes: Record<number, AttributeAction[]> = {};
    for (const p of s.permissions)
      attributes[p.resourceId] = ATTRIBUTE_ACTIONS.filter((a) => p.actions.includes(a));
    subjects[s.resourceId] = { actions: [...s.actions], attributes, filter: s.filter ?? null };
  }
  return {
    roomName: room.roomName,
    displayName: room.displayName ?? '',
    color: room.color ?? '',
    subjects,
    menus: room.menus.filter((m) => m.actions.includes('read')).map((m) => m.resourceId),
    connectedRooms: room.connectedRooms.map((c) => c.roomId),
    roomFilters: room.roomFilters.map((f, i) => ({ ...f, key: i + 1 })),
    sharedTalks: room.sharedTalks.flatMap((d) =>
      d.subjectIdentifier ? [{ subjectIdentifier: d.subjectIdentifier, name: d.name, talks: d.talks }] : [],
    ),
    requireDigitalSignature: [...room.requireDigitalSignature],
    roomNotifications: room.roomNotifications,
    version: room.version,
  };
}

/** The body of POST /api/room and PUT /api/room/{id}. */
export function draftToInput(draft: RoomDraft): RoomInput {
  const subjects = Object.entries(draft.subjects)
    .map(([id, s]) => ({
      resourceId: Number(id),
      actions: SUBJECT_ACTIONS.filter((a) => s.actions.includes(a)),
      permissions: Object.entries(s.attributes).map(([attributeId, actions]) => ({
        resourceId: Number(attributeId),
        actions: [...actions],
      })),
      // The tree came from the server or the filter editor, both in the filter tree's shape.
      filter: (s.filter ?? null) as FilterNode | null,
    }))
    .filter((s) => s.actions.length > 0 || s.permissions.length > 0 || s.filter !== null);
  return {
    roomName: draft.roomName.trim(),
    displayName: draft.displayName.trim() || null,
    color: draft.color.trim() || null,
    permissions: {
      subjects,
      menus: draft.menus.map((resourceId) => ({ resourceId, actions: ['read'] })),
    },
    sharedTalks: draft.sharedTalks.map((d) => ({
      subjectIdentifier: d.subjectIdentifier,
      ...(d.name ? { name: d.name } : {}),
      talks: d.talks.map((t) => ({ id: t.id })),
    })),
    requireDigitalSignature: draft.requireDigitalSignature,
    roomFilters: draft.roomFilters.map(({ key: _key, ...f }) => f),
    connectedRooms: draft.connectedRooms.map((roomToId) => ({ roomToId })),
    roomNotifications: draft.roomNotifications,
    ...(draft.version === undefined ? {} : { version: draft.version }),
  };
}

export function toggleSubjectAction(draft: RoomDraft, subjectId: number, action: RoomActionName): RoomDraft {
  const s = draft.subjects[subjectId] ?? emptySubject();
  const actions = s.actions.includes(action) ? s.actions.filter((a) => a !== action) : [...s.actions, action];
  return { ...draft, subjects: { ...draft.subjects, [subjectId]: { ...s, actions } } };
}

/** Whether the attribute's box is ticked: its own rows when it has them, else its subject's. */
export function attributeAllows(
  s: SubjectDraft | undefined,
  attributeId: number,
  action: AttributeAction,
): boolean {
  if (!s?.actions.includes(BASE_ACTION[action])) return false;
  const own = s.attributes[attributeId];
  return own ? own.includes(action) : true;
}

/**
 * Ticks or unticks one attribute action. The first change gives the attribute its own rows (all
 * four, then the change); an attribute back to all four follows its subject again. A field one
 * may not see cannot be filled, changed or cleared (issue 39 item 11): unticking Visualizar
 * unticks them, and ticking one of them ticks Visualizar.
 */
export function toggleAttributeAction(
  draft: RoomDraft,
  subjectId: number,
  attributeId: number,
  action: AttributeAction,
): RoomDraft {
  const s = draft.subjects[subjectId] ?? emptySubject();
  const own = s.attributes[attributeId] ?? [...ATTRIBUTE_ACTIONS];
  const removing = own.includes(action);
  const next = removing
    ? action === 'read'
      ? []
      : own.filter((a) => a !== action)
    : [...own, action, ...(own.includes('read') ? [] : (['read'] as const))];
  const back = ATTRIBUTE_ACTIONS.every((a) => next.includes(a));
  const attributes = Object.fromEntries(
    Object.entries(s.attributes).filter(([id]) => Number(id) !== attributeId),
  ) as Record<number, AttributeAction[]>;
  if (!back) attributes[attributeId] = ATTRIBUTE_ACTIONS.filter((a) => next.includes(a));
  return { ...draft, subjects: { ...draft.subjects, [subjectId]: { ...s, attributes } } };
}

function findPath(menus: readonly MenuResource[], id: number): MenuResource[] | null {
  for (const m of menus) {
    if (m.resourceId === id) return [m];
    const below = findPath(m.menus, id);
    if (below) return [m, ...below];
  }
  return null;
}

/**
 * Ticks or unticks a menu. A menu is seen only under its parents, so ticking one ticks the menus
 * above it, and unticking one unticks the menus below it.
 */
export function toggleMenu(draft: RoomDraft, menus: readonly MenuResource[], id: number): RoomDraft {
  const path = findPath(menus, id);
  if (!path) return draft;
  const node = path[path.length - 1];
  const set = new Set(draft.menus);
  if (set.has(id)) {
    for (const below of menuIds(node ? [node] : [])) set.delete(below);
  } else {
    for (const above of path) set.add(above.resourceId);
  }
  return { ...draft, menus: [...set] };
}

/** Adds a room filter, or replaces the one with the same key (or saved filter id). */
export function upsertRoomFilter(draft: RoomDraft, filter: RoomFilterDraft): RoomDraft {
  const at = draft.roomFilters.findIndex(
    (f) => f.key === filter.key || (filter.filterId != null && f.filterId === filter.filterId),
  );
  if (at < 0) return { ...draft, roomFilters: [...draft.roomFilters, filter] };
  const roomFilters = [...draft.roomFilters];
  roomFilters[at] = { ...filter, key: roomFilters[at]?.key ?? filter.key };
  return { ...draft, roomFilters };
}

/** The subjects' own filters (the subject matrix's `filter`), by subject id. */
export function ownFilters(draft: RoomDraft): { subjectId: number; filter: unknown }[] {
  return Object.entries(draft.subjects).flatMap(([id, s]) =>
    s.filter != null ? [{ subjectId: Number(id), filter: s.filter }] : [],
  );
}

/** A subject's own filter as a new named room filter, for the 'Filtro' modal. */
export function ownFilterDraft(
  filter: unknown,
  subjectIdentifier: string,
  filterName: string,
): RoomFilterDraft {
  const tree = (
    typeof filter === 'object' && filter !== null && 'rules' in filter
      ? filter
      : { condition: 'E', rules: [filter] }
  ) as FilterNode;
  return { key: 0, filterId: null, filterName, subjectIdentifier, filter: tree };
}

/**
 * Saves an edited own filter as a room filter and drops the own one: the rows stay the same (the
 * server ANDs both kinds), and from then on the room's filters are all in one list.
 */
export function moveOwnFilter(draft: RoomDraft, subjectId: number, filter: RoomFilterDraft): RoomDraft {
  return upsertRoomFilter(removeOwnFilter(draft, subjectId), filter);
}

export function removeOwnFilter(draft: RoomDraft, subjectId: number): RoomDraft {
  const s = draft.subjects[subjectId];
  if (!s) return draft;
  return { ...draft, subjects: { ...draft.subjects, [subjectId]: { ...s, filter: null } } };
}

export const nextFilterKey = (draft: RoomDraft): number =>
  Math.max(0, ...draft.roomFilters.map((f) => f.key)) + 1;

export interface InfoErrors {
  roomName?: string;
  displayName?: string;
  color?: string;
}

/** 001 §5 Room: title required max 150; channel max 150. */
export function infoErrors(
  draft: Pick<RoomDraft, 'roomName' | 'displayName' | 'color'>,
  text: { required: string; max: (n: number) => string; colorInvalid: string },
): InfoErrors {
  const errors: InfoErrors = {};
  const name = draft.roomName.trim();
  if (!name) errors.roomName = text.required;
  else if (name.length > 150) errors.roomName = text.max(150);
  if (draft.displayName.trim().length > 150) errors.displayName = text.max(150);
  if (draft.color.trim() && !/^#[0-9a-fA-F]{6}$/.test(draft.color.trim())) errors.color = text.colorInvalid;
  return errors;
}
