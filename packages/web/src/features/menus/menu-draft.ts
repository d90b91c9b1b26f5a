import {
  MENU_MAX_DEPTH,
  MENU_NAME_MAX,
  menuMessages,
  type MenuNode,
  type MenuNodeInput,
} from '@talkbase/domain/contracts/menus';

/** A node of the menu being edited; `key` is stable across edits, `id` is the server's (null: new). */
export interface MenuDraftNode {
  key: string;
  id: number | null;
  name: string;
  scenario: string | null;
  subject: string | null;
  templateId: number | null;
  /** Saved filter ids; null is an empty slot the administrator has not chosen yet. */
  filters: (number | null)[];
  icon: string | null;
  children: MenuDraftNode[];
}

export type MenuField = 'Name' | 'Scenario' | 'Subject' | 'TemplateId' | 'Filters' | 'Icon' | 'Id';
/** Problems by node key, then by field. */
export type MenuProblems = Map<string, Map<MenuField, string>>;

let counter = 0;
const newKey = () => `novo-${++counter}`;

export function newMenuNode(): MenuDraftNode {
  return {
    key: newKey(),
    id: null,
    name: '',
    scenario: 'grid',
    subject: null,
    templateId: null,
    filters: [],
    icon: null,
    children: [],
  };
}

export function fromServer(nodes: readonly MenuNode[]): MenuDraftNode[] {
  return nodes.map((n) => ({
    key: `menu-${n.Id}`,
    id: n.Id,
    name: n.Name,
    scenario: n.Scenario,
    subject: n.Subject,
    templateId: n.TemplateId,
    filters: n.Filters ?? [],
    icon: n.Icon,
    children: fromServer(n.Menus),
  }));
}

/** The body of PUT /api/presentation/menu/{companyId}: a parent sends no leaf settings. */
export function toInput(nodes: readonly MenuDraftNode[]): MenuNodeInput[] {
  return nodes.map((n) => {
    const parent = n.children.length > 0;
    return {
      ...(n.id !== null ? { Id: n.id } : {}),
      Name: n.name.trim(),
      Icon: n.icon,
      Scenario: parent ? null : n.scenario,
      Subject: parent ? null : n.subject,
      TemplateId: parent ? null : n.templateId,
      Filters: parent ? null : n.filters,
      Menus: toInput(n.children),
    };
  });
}

export function findNode(nodes: readonly MenuDraftNode[], key: string): MenuDraftNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const found = findNode(n.children, key);
    if (found) return found;
  }
  return undefined;
}

export function updateNode(
  nodes: readonly MenuDraftNode[],
  key: string,
  patch: Partial<Omit<MenuDraftNode, 'key' | 'children'>>,
): MenuDraftNode[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, ...patch } : { ...n, children: updateNode(n.children, key, patch) },
  );
}

/** Removes a node with everything under it. */
export function removeNode(nodes: readonly MenuDraftNode[], key: string): MenuDraftNode[] {
  return nodes.filter((n) => n.key !== key).map((n) => ({ ...n, children: removeNode(n.children, key) }));
}

/** A leaf that gains a child becomes a parent and loses its own subject, scenario, template and filters (001 §4). */
const asParent = (n: MenuDraftNode): MenuDraftNode => ({
  ...n,
  scenario: null,
  subject: null,
  templateId: null,
  filters: [],
});

/** Adds `child` last under `parentKey`, or last at the top when it is null. */
export function addNode(
  nodes: readonly MenuDraftNode[],
  parentKey: string | null,
  child: MenuDraftNode,
): MenuDraftNode[] {
  if (parentKey === null) return [...nodes, child];
  return nodes.map((n) =>
    n.key === parentKey
      ? { ...(n.children.length === 0 ? asParent(n) : n), children: [...n.children, child] }
      : { ...n, children: addNode(n.children, parentKey, child) },
  );
}

/** Adding under this node (or dropping into it) turns a leaf into a parent: the spec asks first. */
export function needsParentConfirmation(nodes: readonly MenuDraftNode[], parentKey: string | null): boolean {
  if (parentKey === null) return false;
  const parent = findNode(nodes, parentKey);
  return parent !== undefined && parent.children.length === 0;
}

/* ---------------------------------------------------------------- validation (001 §5 "Menu") */

export function nodeProblems(node: MenuDraftNode): Map<MenuField, string> {
  const problems = new Map<MenuField, string>();
  const name = node.name.trim();
  if (node.children.length > 0) {
    if (!name) problems.set('Name', menuMessages.parentName);
  } else {
    if (!name) problems.set('Name', menuMessages.leafName);
    if (!node.scenario) problems.set('Scenario', menuMessages.scenario);
    if (!node.subject) problems.set('Subject', menuMessages.subject);
    if (node.filters.some((f) => !f)) problems.set('Filters', menuMessages.emptyFilter);
  }
  if (name.length > MENU_NAME_MAX) problems.set('Name', menuMessages.nameTooLong);
  return problems;
}

export function treeProblems(nodes: readonly MenuDraftNode[]): MenuProblems {
  const out: MenuProblems = new Map();
  const walk = (list: readonly MenuDraftNode[]) => {
    for (const n of list) {
      const p = nodeProblems(n);
      if (p.size > 0) out.set(n.key, p);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/**
 * Places the server's errors (`Menus.0.Menus.1.Subject`) under their node and field. Errors that
 * name no node come back in `loose`.
 */
export function placeServerErrors(
  nodes: readonly MenuDraftNode[],
  errors: readonly { message: string; field?: string | null | undefined }[],
): { problems: MenuProblems; loose: string[] } {
  const problems: MenuProblems = new Map();
  const loose: string[] = [];
  for (const e of errors) {
    const parts = (e.field ?? '').split('.');
    let list: readonly MenuDraftNode[] = nodes;
    let node: MenuDraftNode | undefined;
    let i = 0;
    while (parts[i] === 'Menus' && parts[i + 1] !== undefined && /^\d+$/.test(parts[i + 1] ?? '')) {
      node = list[Number(parts[i + 1])];
      if (!node) break;
      list = node.children;
      i += 2;
    }
    const field = parts[i] as MenuField | undefined;
    if (!node || !field) {
      loose.push(e.message);
      continue;
    }
    const map = problems.get(node.key) ?? new Map<MenuField, string>();
    if (!map.has(field)) map.set(field, e.message);
    problems.set(node.key, map);
  }
  return { problems, loose };
}

/* ---------------------------------------------------------------- drag and drop (dnd-kit) */

export interface FlatNode {
  key: string;
  parentKey: string | null;
  depth: number;
  node: MenuDraftNode;
}

export function flatten(
  nodes: readonly MenuDraftNode[],
  parentKey: string | null = null,
  depth = 0,
): FlatNode[] {
  return nodes.flatMap((node) => [
    { key: node.key, parentKey, depth, node },
    ...flatten(node.children, node.key, depth + 1),
  ]);
}

/** Levels below a node (0 for a leaf). */
function height(node: MenuDraftNode): number {
  return node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(height));
}

/** The list shown while dragging: the dragged node's descendants travel with it. */
export function withoutDescendants(flat: readonly FlatNode[], key: string): FlatNode[] {
  const hidden = new Set<string>([key]);
  return flat.filter((f) => {
    if (f.parentKey !== null && hidden.has(f.parentKey)) {
      hidden.add(f.key);
      return false;
    }
    return true;
  });
}

function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

export interface Projection {
  depth: number;
  parentKey: string | null;
}

/**
 * Where a dragged node would land: over `overKey`'s place, at the depth its horizontal offset
 * asks for (one level per `indent` pixels), kept between the neighbours' levels and within
 * MENU_MAX_DEPTH counting the levels it carries.
 */
export function project(
  flat: readonly FlatNode[],
  activeKey: string,
  overKey: string,
  offsetX: number,
  indent: number,
): Projection | undefined {
  const items = withoutDescendants(flat, activeKey);
  const from = items.findIndex((f) => f.key === activeKey);
  const to = items.findIndex((f) => f.key === overKey);
  const active = items[from];
  if (!active || to < 0) return undefined;
  const moved = moveItem(items, from, to);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const deepest = Math.min(previous ? previous.depth + 1 : 0, MENU_MAX_DEPTH - 1 - height(active.node));
  const shallowest = next ? next.depth : 0;
  const depth = Math.max(shallowest, Math.min(wanted, Math.max(deepest, shallowest)));
  let parentKey: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parentKey = previous.parentKey;
    else if (depth > previous.depth) parentKey = previous.key;
    else
      parentKey =
        moved
          .slice(0, to)
          .reverse()
          .find((f) => f.depth === depth)?.parentKey ?? null;
  }
  return { depth, parentKey };
}

function build(flat: readonly FlatNode[]): MenuDraftNode[] {
  const children = new Map<string | null, MenuDraftNode[]>();
  const byKey = new Map<string, MenuDraftNode>();
  for (const f of flat) byKey.set(f.key, { ...f.node, children: [] });
  for (const f of flat) {
    const list = children.get(f.parentKey) ?? [];
    const node = byKey.get(f.key);
    if (node) list.push(node);
    children.set(f.parentKey, list);
  }
  for (const [key, node] of byKey) node.children = children.get(key) ?? [];
  return children.get(null) ?? [];
}

/** The tree after dropping `activeKey` over `overKey`'s place at `projection`. */
export function moveNode(
  nodes: readonly MenuDraftNode[],
  activeKey: string,
  overKey: string,
  projection: Projection,
): MenuDraftNode[] {
  const flat = flatten(nodes);
  const from = flat.findIndex((f) => f.key === activeKey);
  const to = flat.findIndex((f) => f.key === overKey);
  const active = flat[from];
  if (!active || to < 0) return [...nodes];
  const turnedParent = needsParentConfirmation(nodes, projection.parentKey);
  const updated = flat.map((f) => {
    if (f.key === activeKey) return { ...f, parentKey: projection.parentKey, depth: projection.depth };
    if (turnedParent && f.key === projection.parentKey) return { ...f, node: asParent(f.node) };
    return f;
  });
  // Descendants keep their parent; build() only needs each node's parent and the order.
  return build(moveItem(updated, from, to));
}

/** A new leaf (never saved) with a subject: the rooms reading that subject are offered it. */
export function newLeaves(nodes: readonly MenuDraftNode[]): MenuDraftNode[] {
  return flatten(nodes)
    .map((f) => f.node)
    .filter((n) => n.id === null && n.children.length === 0 && n.subject !== null);
}

/** The tree to send, with the rooms to give each node (by draft key) as its `Rooms`. */
export function toInputWithRooms(
  nodes: readonly MenuDraftNode[],
  rooms: ReadonlyMap<string, number[]>,
): MenuNodeInput[] {
  const input = toInput(nodes);
  const walk = (draft: readonly MenuDraftNode[], sent: MenuNodeInput[]) =>
    draft.forEach((n, i) => {
      const node = sent[i];
      if (!node) return;
      const given = rooms.get(n.key);
      if (given && given.length > 0) node.Rooms = given;
      walk(n.children, node.Menus ?? []);
    });
  walk(nodes, input);
  return input;
}
