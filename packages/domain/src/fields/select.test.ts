import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyOptionsMessage,
  matchesSearch,
  normalizeForSearch,
  SELECT_SEARCH_LIMIT,
  searchOptions,
  selectRule,
} from './select.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = { name: 'Cliente', componentId: 4, isRequired: true, length: null, componentConfigs: {} };
const cities = ['São Paulo', 'São José dos Campos', 'Santo André', 'Paulínia', 'Rio de Janeiro'];

describe('option search', () => {
  it('every space-separated word must match, ignoring case and accents', () => {
    const find = (term: string) => searchOptions(cities, term, (c) => c);
    expect(find('sao')).toEqual(['São Paulo', 'São José dos Campos']);
    expect(find('PAULO são')).toEqual(['São Paulo']);
    expect(find('jose campos')).toEqual(['São José dos Campos']);
    expect(find('paul')).toEqual(['São Paulo', 'Paulínia']);
    expect(find('andré rio')).toEqual([]);
    expect(find('   ')).toEqual(cities);
    expect(matchesSearch('Paulínia', 'PAULINIA')).toBe(true);
    expect(normalizeForSearch('Ação Çedilha')).toBe('acao cedilha');
  });

  it('returns at most 100 results', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));
    expect(SELECT_SEARCH_LIMIT).toBe(100);
    const found = searchOptions(many, 'item', (o) => o.name);
    expect(found).toHaveLength(100);
    expect(found[0]?.id).toBe(1);
    expect(searchOptions(many, 'item', (o) => o.name, 10)).toHaveLength(10);
  });

  it('every result contains every word', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (labels, term) => {
        const found = searchOptions(labels, term, (l) => l);
        expect(found.length).toBeLessThanOrEqual(100);
        for (const label of found) expect(matchesSearch(label, term)).toBe(true);
      }),
    );
  });

  it('says why the list is empty', () => {
    expect(emptyOptionsMessage('xyz')).toBe('Nenhum resultado encontrado para xyz');
    expect(emptyOptionsMessage('')).toBe('Nenhum item encontrado');
    expect(emptyOptionsMessage(null, false)).toBe('Nenhum item para ser exibido');
  });
});

describe('select value', () => {
  it('the required message is the spec one', () => {
    expect(selectRule.requiredMessage?.(attribute)).toBe('É obrigatório selecionar um item da lista.');
    expect(selectRule.isEmpty?.(0, attribute)).toBe(true);
    expect(selectRule.isEmpty?.([], attribute)).toBe(true);
  });

  it('accepts ids, lists of ids and {id} objects', () => {
    for (const value of [12, '12', 'chamado', [1, 2], { id: 3 }, [{ value: 4 }]]) {
      expect(selectRule.validate(attribute, value, ctx)).toEqual([]);
    }
    for (const value of [-1, 1.5, true, [1, null], {}]) {
      expect(selectRule.validate(attribute, value, ctx)).toEqual([
        { message: 'O valor informado em Cliente é inválido' },
      ]);
    }
  });
});
