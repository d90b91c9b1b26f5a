import { describe, expect, it } from 'vitest';
import {
  findFilterProblem,
  isValueOfKind,
  operatorsFor,
  valueShapeOf,
  type FilterableAttribute,
} from './filter-rule-shape.ts';
import { MAX_FILTER_RULES } from './filter-tree.ts';

const attributes: FilterableAttribute[] = [
  { identifier: 'titulo', kind: 'text', isMultipleValues: false },
  { identifier: 'numero', id: 12, kind: 'integer', isMultipleValues: false },
  { identifier: 'abertura', kind: 'datetime', isMultipleValues: false },
  { identifier: 'data', kind: 'date', isMultipleValues: false },
  { identifier: 'cliente', kind: 'reference', isMultipleValues: false },
  { identifier: 'etiquetas', kind: 'reference', isMultipleValues: true },
  { identifier: 'anexos', kind: 'file', isMultipleValues: false },
  { identifier: 'ativo', kind: 'boolean', isMultipleValues: false },
];
const attr = (identifier: string): FilterableAttribute => {
  const found = attributes.find((a) => a.identifier === identifier);
  if (!found) throw new Error(identifier);
  return found;
};
const rule = (attribute: unknown, operator: unknown, value?: unknown) => ({ attribute, operator, value });
const group = (...rules: unknown[]) => ({ condition: 'E', rules });

describe('value shapes', () => {
  it('gives each operator the number of values it takes', () => {
    expect(valueShapeOf('is_empty')).toBe('none');
    expect(valueShapeOf('is_not_empty')).toBe('none');
    expect(valueShapeOf('today')).toBe('none');
    expect(valueShapeOf('between')).toBe('two');
    expect(valueShapeOf('in')).toBe('list');
    expect(valueShapeOf('not_in')).toBe('list');
    expect(valueShapeOf('last_n_days')).toBe('days');
    expect(valueShapeOf('next_n_days')).toBe('days');
    expect(valueShapeOf('contains')).toBe('one');
  });

  it('reads values as the server reads them, per kind', () => {
    expect(isValueOfKind('integer', 12)).toBe(true);
    expect(isValueOfKind('integer', 1.5)).toBe(false);
    expect(isValueOfKind('decimal', '1.5')).toBe(true);
    expect(isValueOfKind('boolean', 'sim')).toBe(false);
    expect(isValueOfKind('date', '2026-03-01')).toBe(true);
    expect(isValueOfKind('date', '01/03/2026')).toBe(false);
    expect(isValueOfKind('datetime', '2026-03-01T10:00:00.000Z')).toBe(true);
    expect(isValueOfKind('text', '  ')).toBe(false);
  });
});

describe('operators by attribute', () => {
  it('follows the kind, the multi-valued list and leaves files out', () => {
    expect(operatorsFor(attr('titulo'))).toContain('contains');
    expect(operatorsFor(attr('numero'))).toContain('between');
    expect(operatorsFor(attr('numero'))).not.toContain('contains');
    expect(operatorsFor(attr('data'))).toEqual(expect.arrayContaining(['today', 'last_n_days', 'in']));
    expect(operatorsFor(attr('abertura'))).not.toContain('in');
    expect(operatorsFor(attr('etiquetas'))).toEqual(['equal', 'in', 'is_empty', 'is_not_empty']);
    expect(operatorsFor(attr('anexos'))).toEqual([]);
  });
});

describe('complete filter trees', () => {
  it('accepts a tree where every node, attribute, operator and value is set', () => {
    const tree = group(
      rule('titulo', 'contains', 'rede'),
      { condition: 'OU', rules: [rule('numero', 'between', [1, 9]), rule('data', 'today')] },
      rule('cliente', 'in', [3, 4]),
      rule('abertura', 'last_n_days', 7),
      rule('id', 'greater', 10),
      rule(12, 'less', 5),
    );
    expect(findFilterProblem(tree, attributes)).toBeUndefined();
  });

  it('names the first missing piece with its path', () => {
    expect(findFilterProblem(group(rule(null, null)), attributes)).toEqual({
      code: 'missingAttribute',
      path: [0],
    });
    expect(findFilterProblem(group(rule('titulo', null)), attributes)?.code).toBe('missingOperator');
    expect(findFilterProblem(group(rule('titulo', 'equal', '')), attributes)?.code).toBe('missingValue');
    expect(findFilterProblem(group(rule('numero', 'between', [1, null])), attributes)?.code).toBe(
      'missingValue',
    );
    expect(findFilterProblem(group(rule('numero', 'in', [])), attributes)?.code).toBe('missingValue');
    expect(findFilterProblem(group(rule('data', 'last_n_days', -1)), attributes)?.code).toBe('badValue');
    expect(findFilterProblem(group(rule('titulo', 'greater', 'a')), attributes)?.code).toBe('badOperator');
    expect(findFilterProblem(group(rule('sumiu', 'equal', 'a')), attributes)?.code).toBe('unknownAttribute');
    expect(findFilterProblem(group(rule('anexos', 'is_empty')), attributes)?.code).toBe('badOperator');
    expect(findFilterProblem(group(rule('ativo', 'equal', 'sim')), attributes)?.code).toBe('badValue');
    const nested = group(rule('titulo', 'is_empty'), group(rule('numero', 'equal', 1), group()));
    expect(findFilterProblem(nested, attributes)).toEqual({ code: 'emptyGroup', path: [1, 1] });
    expect(findFilterProblem({ condition: 'NEM', rules: [] }, attributes)?.code).toBe('badCondition');
  });

  it('allows an empty root only when asked', () => {
    expect(findFilterProblem(group(), attributes)?.code).toBe('emptyGroup');
    expect(findFilterProblem(group(), attributes, { allowEmptyRoot: true })).toBeUndefined();
  });

  it('keeps the schema limits', () => {
    const big = group(...Array.from({ length: MAX_FILTER_RULES + 1 }, () => rule('titulo', 'is_empty')));
    const problem = findFilterProblem(big, attributes);
    expect(problem?.code).toBe('tooLarge');
    expect(problem?.message).toBe('O filtro pode ter no máximo 200 regras.');
    let deep: unknown = rule('titulo', 'is_empty');
    for (let i = 0; i < 10; i++) deep = group(deep);
    expect(findFilterProblem(deep, attributes)?.message).toBe('O filtro pode ter no máximo 10 níveis.');
    const many = group(
      rule(
        'titulo',
        'in',
        Array.from({ length: 5001 }, (_, i) => `v${i}`),
      ),
    );
    expect(findFilterProblem(many, attributes)?.message).toBe('O filtro pode ter no máximo 5000 valores.');
  });
});
