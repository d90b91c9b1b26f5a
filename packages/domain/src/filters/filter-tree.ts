import { z } from 'zod';
import type { ValueKind } from '../records/value-kinds.ts';

/**
 * The filter tree (GUIDE §3 "filters"): groups joined by E (and) / OU (or), rules on an attribute
 * with an operator fitting its type. One schema for grids, saved filters, tags, automations,
 * delimitations and search; the server compiles it to parameterised SQL.
 */
export const MAX_FILTER_DEPTH = 10;
export const MAX_FILTER_RULES = 200;
/**
 * Values of all rules together (an `in` list counts each of its items). Every value is a bound
 * parameter, and engines bind at most 32766 (SQLite) or 65535 (PostgreSQL) per query; a grid's tree,
 * the room's delimitation and saved filters share one query, so each tree keeps well below that.
 */
export const MAX_FILTER_VALUES = 5000;
/** Groups and rules together: every rule under the deepest chain of groups the depth allows. */
const MAX_FILTER_NODES = MAX_FILTER_RULES * (MAX_FILTER_DEPTH + 1);

export const OPERATORS = [
  'equal',
  'not_equal',
  'contains',
  'not_contains',
  'begins_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
  'less',
  'less_or_equal',
  'greater',
  'greater_or_equal',
  'between',
  'in',
  'not_in',
  'today',
  'last_n_days',
  'next_n_days',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterRule {
  /** Attribute identifier, attribute id, or 'id' for the record's id. */
  attribute: string | number;
  operator: Operator;
  value?: unknown;
}

export interface FilterGroup {
  condition: 'E' | 'OU';
  rules: FilterNode[];
}

export type FilterNode = FilterGroup | FilterRule;

export const isGroup = (n: FilterNode): n is FilterGroup => 'rules' in n;

const ruleSchema = z.object({
  attribute: z.union([z.string().trim().min(1).max(60), z.number().int().positive()]),
  operator: z.enum(OPERATORS, { message: 'Operador desconhecido.' }),
  value: z.unknown().optional(),
});

export const filterNodeSchema: z.ZodType<FilterNode> = z.lazy(() =>
  z.union([
    z.object({
      condition: z.enum(['E', 'OU'], { message: 'A condição deve ser E ou OU.' }),
      rules: z.array(filterNodeSchema).max(MAX_FILTER_RULES),
    }),
    ruleSchema,
  ]),
);

/**
 * Depth and size of a raw filter tree, measured without recursion before the recursive schema
 * runs: a tree nested thousands of levels deep would otherwise overflow the stack inside schema
 * validation (a 500) before the depth rule is ever reached.
 */
export function filterShapeProblem(value: unknown): string | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (depth > MAX_FILTER_DEPTH) return `O filtro pode ter no máximo ${MAX_FILTER_DEPTH} níveis.`;
    if (++nodes > MAX_FILTER_NODES) return `O filtro pode ter no máximo ${MAX_FILTER_RULES} regras.`;
    const rules = typeof node === 'object' && node !== null ? (node as { rules?: unknown }).rules : undefined;
    if (Array.isArray(rules)) {
      if (rules.length > MAX_FILTER_RULES) return `O filtro pode ter no máximo ${MAX_FILTER_RULES} regras.`;
      for (const child of rules as unknown[]) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return undefined;
}

const boundedFilterNodeSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = filterShapeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, fatal: true });
  })
  .pipe(filterNodeSchema);

export const filterTreeSchema = boundedFilterNodeSchema.superRefine((tree, ctx) => {
  let rules = 0;
  let values = 0;
  const walk = (n: FilterNode, depth: number): boolean => {
    if (depth > MAX_FILTER_DEPTH) {
      ctx.addIssue({ code: 'custom', message: `O filtro pode ter no máximo ${MAX_FILTER_DEPTH} níveis.` });
      return false;
    }
    if (isGroup(n)) return n.rules.every((c) => walk(c, depth + 1));
    rules++;
    values += Array.isArray(n.value) ? n.value.length : 1;
    return true;
  };
  walk(tree, 1);
  if (values > MAX_FILTER_VALUES)
    ctx.addIssue({ code: 'custom', message: `O filtro pode ter no máximo ${MAX_FILTER_VALUES} valores.` });
  if (rules > MAX_FILTER_RULES)
    ctx.addIssue({ code: 'custom', message: `O filtro pode ter no máximo ${MAX_FILTER_RULES} regras.` });
});

/** Operators that take no value. */
export const VALUELESS: ReadonlySet<Operator> = new Set(['is_empty', 'is_not_empty', 'today']);

const comparable: Operator[] = [
  'equal',
  'not_equal',
  'less',
  'less_or_equal',
  'greater',
  'greater_or_equal',
  'between',
  'in',
  'not_in',
  'is_empty',
  'is_not_empty',
];

/** Which operators make sense for each kind of value. */
export const OPERATORS_BY_KIND: Record<ValueKind, readonly Operator[]> = {
  text: [
    'equal',
    'not_equal',
    'contains',
    'not_contains',
    'begins_with',
    'ends_with',
    'in',
    'not_in',
    'is_empty',
    'is_not_empty',
  ],
  integer: comparable,
  decimal: comparable,
  boolean: ['equal', 'not_equal', 'is_empty', 'is_not_empty'],
  date: [...comparable, 'today', 'last_n_days', 'next_n_days'],
  datetime: [...comparable, 'today', 'last_n_days', 'next_n_days'],
  reference: ['equal', 'not_equal', 'in', 'not_in', 'is_empty', 'is_not_empty'],
  json: ['is_empty', 'is_not_empty'],
  file: ['is_empty', 'is_not_empty'],
};

/** Operators for a multi-valued attribute ("any of its values …"). */
export const MULTI_OPERATORS: readonly Operator[] = ['equal', 'in', 'is_empty', 'is_not_empty'];
