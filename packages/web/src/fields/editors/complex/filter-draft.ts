import type { FilterNode, Operator } from '@talkbase/domain/filters/filter-tree';

/**
 * The filter tree while it is edited: every node carries a key for React, and a rule may still
 * lack its attribute, operator or value. `fromDraft` gives the tree of filter-tree.ts.
 */
export interface DraftRule {
  type: 'rule';
  key: string;
  attribute: string | number | null;
  operator: Operator | null;
  value: unknown;
}

export interface DraftGroup {
  type: 'group';
  key: string;
  condition: 'E' | 'OU';
  rules: DraftNode[];
}

export type DraftNode = DraftRule | DraftGroup;
export type NodePath = readonly number[];

let counter = 0;
const nextKey = (): string => `n${++counter}`;

export const emptyRule = (): DraftRule => ({
  type: 'rule',
  key: nextKey(),
  attribute: null,
  operator: null,
  value: null,
});

export const emptyGroup = (withRule = false): DraftGroup => ({
  type: 'group',
  key: nextKey(),
  condition: 'E',
  rules: withRule ? [emptyRule()] : [],
});

function nodeOf(value: unknown): DraftNode {
  if (value === null || typeof value !== 'object') return emptyRule();
  const node = value as Record<string, unknown>;
  if (Array.isArray(node.rules)) {
    return {
      type: 'group',
      key: nextKey(),
      condition: node.condition === 'OU' ? 'OU' : 'E',
      rules: (node.rules as unknown[]).map(nodeOf),
    };
  }
  const attribute =
    typeof node.attribute === 'string' || typeof node.attribute === 'number' ? node.attribute : null;
  return {
    type: 'rule',
    key: nextKey(),
    attribute,
    operator: typeof node.operator === 'string' ? (node.operator as Operator) : null,
    value: node.value ?? null,
  };
}

/** The draft of a stored value; the root is always a group (a lone rule is wrapped in one). */
export function toDraft(value: unknown): DraftGroup {
  if (value === null || value === undefined || value === '') return emptyGroup();
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return emptyGroup();
    }
  }
  const node = nodeOf(parsed);
  return node.type === 'group' ? node : { ...emptyGroup(), rules: [node] };
}

/** The tree as the API takes it; incomplete rules keep their gaps (the editor checks them). */
export function fromDraft(node: DraftNode): FilterNode {
  if (node.type === 'group') return { condition: node.condition, rules: node.rules.map(fromDraft) };
  const rule: Record<string, unknown> = { attribute: node.attribute, operator: node.operator };
  if (node.value !== null && node.value !== undefined) rule.value = node.value;
  return rule as unknown as FilterNode;
}

/** The node at a path (indexes from the root). */
export function nodeAt(root: DraftGroup, path: NodePath): DraftNode | undefined {
  let node: DraftNode | undefined = root;
  for (const i of path) node = node?.type === 'group' ? node.rules[i] : undefined;
  return node;
}

/** A copy of the tree with the node at `path` replaced by `change(node)` (or removed when null). */
export function updateAt(
  root: DraftGroup,
  path: NodePath,
  change: (node: DraftNode) => DraftNode | null,
): DraftGroup {
  const walk = (node: DraftNode, depth: number): DraftNode | null => {
    if (depth === path.length) return change(node);
    if (node.type !== 'group') return node;
    const index = path[depth];
    const rules: DraftNode[] = [];
    node.rules.forEach((child, i) => {
      const next = i === index ? walk(child, depth + 1) : child;
      if (next) rules.push(next);
    });
    return { ...node, rules };
  };
  const next = walk(root, 0);
  return next?.type === 'group' ? next : emptyGroup();
}

/** "1.2" for the second node of the first group; "" for the root. */
export const pathLabel = (path: NodePath): string => path.map((i) => i + 1).join('.');
