import { describe, expect, it } from 'vitest';
import { filterShapeProblem, filterTreeSchema, MAX_FILTER_DEPTH } from './filter-tree.ts';

/** A group nested `levels` deep around one rule, built without recursion. */
function nested(levels: number): unknown {
  let node: unknown = { attribute: 'titulo', operator: 'equal', value: 'x' };
  for (let i = 0; i < levels; i++) node = { condition: 'E', rules: [node] };
  return node;
}

describe('filter tree bounds', () => {
  it('refuses a tree nested far past the limit with the depth message, without overflowing the stack', () => {
    for (const levels of [MAX_FILTER_DEPTH, 1_000, 100_000]) {
      const result = filterTreeSchema.safeParse(nested(levels));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        `O filtro pode ter no máximo ${MAX_FILTER_DEPTH} níveis.`,
      );
    }
  });

  it('accepts a tree at the depth limit', () => {
    // MAX_FILTER_DEPTH levels in all: the rule is the last one.
    expect(filterTreeSchema.safeParse(nested(MAX_FILTER_DEPTH - 1)).success).toBe(true);
    expect(filterShapeProblem(nested(MAX_FILTER_DEPTH - 1))).toBeUndefined();
  });

  it('refuses a tree with too many nodes before validating them one by one', () => {
    // Empty groups are no rules, but 40,000 of them are still refused before the schema walks them.
    const group = () => ({
      condition: 'E',
      rules: Array.from({ length: 200 }, () => ({ condition: 'E', rules: [] })),
    });
    const wide = { condition: 'OU', rules: Array.from({ length: 200 }, group) };
    expect(filterShapeProblem(wide)).toMatch(/no máximo 200 regras/);
  });
});
