import type { ValueKind } from '../records/value-kinds.ts';
import {
  filterTreeSchema,
  MAX_FILTER_DEPTH,
  MAX_FILTER_RULES,
  MAX_FILTER_VALUES,
  MULTI_OPERATORS,
  OPERATORS,
  OPERATORS_BY_KIND,
  VALUELESS,
  type Operator,
} from './filter-tree.ts';

/**
 * What a filter-tree editor needs beyond the schema (filter-tree.ts): which operators an attribute
 * offers, what value each operator takes, and whether a tree being edited is complete. The rules
 * mirror the server's compiler (server/src/modules/records/filter-compiler.ts), so a tree this file
 * calls complete is one the server compiles.
 */

/** How many values an operator takes: none, one, a pair (between), a list (in) or a day count. */
export type ValueShape = 'none' | 'one' | 'two' | 'list' | 'days';

export function valueShapeOf(operator: Operator): ValueShape {
  if (VALUELESS.has(operator)) return 'none';
  if (operator === 'between') return 'two';
  if (operator === 'in' || operator === 'not_in') return 'list';
  if (operator === 'last_n_days' || operator === 'next_n_days') return 'days';
  return 'one';
}

/** The longest relative range the server accepts (filter-compiler: 0…36500 days). */
export const MAX_RELATIVE_DAYS = 36500;

/** An attribute as far as filtering goes. */
export interface FilterableAttribute {
  readonly identifier: string;
  /** The attribute's id: saved trees may name attributes by id. */
  readonly id?: number;
  readonly kind: ValueKind | undefined;
  readonly isMultipleValues: boolean;
}

/**
 * The operators offered for an attribute; empty when it cannot be filtered (files, whose values
 * live outside the record's table, and unknown component types). A list of exact instants means
 * nothing to a person, so date-times offer no `in`/`not_in` (the server would accept them).
 */
export function operatorsFor(attribute: FilterableAttribute): readonly Operator[] {
  const { kind } = attribute;
  if (kind === undefined || kind === 'file') return [];
  if (attribute.isMultipleValues) return MULTI_OPERATORS;
  if (kind === 'datetime') return OPERATORS_BY_KIND.datetime.filter((op) => op !== 'in' && op !== 'not_in');
  return OPERATORS_BY_KIND[kind];
}

/** The pseudo-attribute every subject has: the record's id. */
export const RECORD_ID_ATTRIBUTE: FilterableAttribute = {
  identifier: 'id',
  kind: 'integer',
  isMultipleValues: false,
};

export type FilterProblemCode =
  | 'emptyGroup'
  | 'badCondition'
  | 'missingAttribute'
  | 'unknownAttribute'
  | 'missingOperator'
  | 'badOperator'
  | 'missingValue'
  | 'badValue'
  | 'tooLarge';

export interface FilterProblem {
  readonly code: FilterProblemCode;
  /** Indexes from the root to the node (empty for the root). */
  readonly path: readonly number[];
  /** The schema's own message, for 'tooLarge'. */
  readonly message?: string;
}

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || Number.isNaN(v);

/** Whether a single value fits the attribute's kind (the forms the server reads, value-kinds.ts). */
export function isValueOfKind(kind: ValueKind | undefined, v: unknown): boolean {
  if (isBlank(v)) return false;
  switch (kind) {
    case 'integer':
    case 'reference':
      return typeof v === 'number' ? Number.isInteger(v) : typeof v === 'string' && /^-?\d+$/.test(v.trim());
    case 'decimal':
      return typeof v === 'number'
        ? Number.isFinite(v)
        : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim());
    case 'boolean':
      return typeof v === 'boolean';
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    case 'datetime':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v));
    default:
      return typeof v === 'string' || typeof v === 'number';
  }
}

function valueProblem(
  shape: ValueShape,
  kind: ValueKind | undefined,
  v: unknown,
): 'missingValue' | 'badValue' | undefined {
  switch (shape) {
    case 'none':
      return undefined;
    case 'days': {
      if (isBlank(v)) return 'missingValue';
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isInteger(n) && n >= 0 && n <= MAX_RELATIVE_DAYS ? undefined : 'badValue';
    }
    case 'one':
      return isBlank(v) ? 'missingValue' : isValueOfKind(kind, v) ? undefined : 'badValue';
    case 'two': {
      if (!Array.isArray(v) || v.length !== 2 || v.some(isBlank)) return 'missingValue';
      return v.every((x) => isValueOfKind(kind, x)) ? undefined : 'badValue';
    }
    case 'list': {
      if (!Array.isArray(v) || v.length === 0) return 'missingValue';
      return v.every((x) => isValueOfKind(kind, x)) ? undefined : 'badValue';
    }
  }
}

/** The schema's limits (levels, rules, values), with its messages; undefined within them. */
function limitProblem(tree: unknown): string | undefined {
  let rules = 0;
  let values = 0;
  let depth = 0;
  const walk = (node: unknown, level: number): void => {
    depth = Math.max(depth, level);
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.rules)) {
      for (const child of n.rules as unknown[]) walk(child, level + 1);
      return;
    }
    rules++;
    values += Array.isArray(n.value) ? n.value.length : 1;
  };
  walk(tree, 1);
  if (depth > MAX_FILTER_DEPTH) return `O filtro pode ter no máximo ${MAX_FILTER_DEPTH} níveis.`;
  if (rules > MAX_FILTER_RULES) return `O filtro pode ter no máximo ${MAX_FILTER_RULES} regras.`;
  if (values > MAX_FILTER_VALUES) return `O filtro pode ter no máximo ${MAX_FILTER_VALUES} valores.`;
  // Anything else the schema refuses (it should be nothing once the walk above passed).
  return filterTreeSchema.safeParse(tree).success ? undefined : 'Filtro inválido.';
}

const isOperator = (op: unknown): op is Operator => (OPERATORS as readonly unknown[]).includes(op);

/**
 * The first problem of a filter tree being edited, in reading order, or undefined when every
 * group has a condition and at least one rule, and every rule an attribute of the subject, an
 * operator fitting it and the value(s) the operator takes. `attributes` are the subject's; the
 * record id ('id') is always known. An empty root group is allowed ("no filter") when
 * `allowEmptyRoot` is set.
 */
export function findFilterProblem(
  tree: unknown,
  attributes: readonly FilterableAttribute[],
  options: { allowEmptyRoot?: boolean } = {},
): FilterProblem | undefined {
  const byIdentifier = new Map(attributes.map((a) => [a.identifier.toLowerCase(), a]));
  const byId = new Map(attributes.filter((a) => a.id !== undefined).map((a) => [String(a.id), a]));
  const walk = (node: unknown, path: number[]): FilterProblem | undefined => {
    if (node === null || typeof node !== 'object') return { code: 'missingAttribute', path };
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.rules)) {
      if (n.condition !== 'E' && n.condition !== 'OU') return { code: 'badCondition', path };
      const rules = n.rules as unknown[];
      if (rules.length === 0 && !(path.length === 0 && options.allowEmptyRoot === true))
        return { code: 'emptyGroup', path };
      for (const [i, child] of rules.entries()) {
        const found = walk(child, [...path, i]);
        if (found) return found;
      }
      return undefined;
    }
    if (isBlank(n.attribute)) return { code: 'missingAttribute', path };
    const ref = String(n.attribute).toLowerCase();
    const attribute = ref === 'id' ? RECORD_ID_ATTRIBUTE : (byIdentifier.get(ref) ?? byId.get(ref));
    if (!attribute) return { code: 'unknownAttribute', path };
    if (isBlank(n.operator)) return { code: 'missingOperator', path };
    if (!isOperator(n.operator) || !operatorsFor(attribute).includes(n.operator))
      return { code: 'badOperator', path };
    const code = valueProblem(valueShapeOf(n.operator), attribute.kind, n.value);
    return code ? { code, path } : undefined;
  };
  const found = walk(tree, []);
  if (found) return found;
  const limit = limitProblem(tree);
  return limit ? { code: 'tooLarge', path: [], message: limit } : undefined;
}
