import { describe, expect, it } from 'vitest';
import {
  canIndent,
  canOutdent,
  indentArea,
  moveAmongSiblings,
  outdentArea,
  placedAttributeIds,
  removeArea,
} from './form-tree.ts';
import {
  areasToInput,
  draftProblems,
  emptyDraft,
  newField,
  newGroup,
  type EditorArea,
} from './template-draft.ts';

const field = (id: number, name: string) =>
  newField({ subjectAttributeId: id, attributeName: name, alias: null });
const shape = (areas: EditorArea[]): unknown[] =>
  areas.map((a) =>
    a.children.length ? { [a.alias || a.attributeName]: shape(a.children) } : a.alias || a.attributeName,
  );

describe('form template tree (issue 34 item 2)', () => {
  it('nests an area into the one above, after its own areas, and takes it back out after its parent', () => {
    const g = newGroup('Dados');
    const a = field(1, 'Nome');
    const b = field(2, 'E-mail');
    let tree = [g, a, b];
    expect(canIndent(tree, g.key)).toBe(false);
    tree = indentArea(tree, a.key);
    tree = indentArea(tree, b.key);
    expect(shape(tree)).toEqual([{ Dados: ['Nome', 'E-mail'] }]);
    expect(canOutdent(tree, g.key)).toBe(false);
    tree = outdentArea(tree, a.key);
    expect(shape(tree)).toEqual([{ Dados: ['E-mail'] }, 'Nome']);
  });

  it('reorders among siblings only, at any depth', () => {
    const g = newGroup('Dados');
    const [a, b, c] = [field(1, 'A'), field(2, 'B'), field(3, 'C')];
    let tree: EditorArea[] = [{ ...g, children: [a, b, c] }];
    tree = moveAmongSiblings(tree, c.key, a.key);
    expect(shape(tree)).toEqual([{ Dados: ['C', 'A', 'B'] }]);
    // Not siblings: nothing moves.
    expect(moveAmongSiblings(tree, g.key, a.key)).toBe(tree);
    // The saved orders follow the shown order.
    const body = areasToInput(tree);
    expect(body[0]?.templateAreasMap.map((x) => [x.subjectAttributeId, x.order])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('nests up to the API’s 5 levels, never deeper', () => {
    const levels = [1, 2, 3, 4, 5, 6].map((n) => newGroup(`G${n}`));
    let tree = [...levels];
    for (const g of levels.slice(1, 5)) {
      // Each goes into the group above it, then deeper to the bottom of the chain.
      while (canIndent(tree, g.key)) tree = indentArea(tree, g.key);
    }
    expect(shape(tree)).toEqual([{ G1: [{ G2: [{ G3: [{ G4: ['G5'] }] }] }] }, 'G6']);
    const last = levels[5];
    if (!last) throw new Error('no group');
    // G6 may go into G1 (level 2) and down to level 5, but not to level 6.
    while (canIndent(tree, last.key)) tree = indentArea(tree, last.key);
    expect(shape(tree)).toEqual([{ G1: [{ G2: [{ G3: [{ G4: ['G5', 'G6'] }] }] }] }]);
    expect(draftProblems({ ...emptyDraft(1), templateName: 'F', areas: tree }, 'registration').size).toBe(0);
  });

  it('a group needs its legend; removing an area takes its nested areas, which become available again', () => {
    const g = { ...newGroup('Dados'), children: [field(1, 'Nome')] };
    const draft = { ...emptyDraft(1), templateName: 'F', areas: [{ ...g, alias: ' ' }] };
    expect(draftProblems(draft, 'registration').get('columns')).toBe('Digite a legenda de cada grupo.');
    expect([...placedAttributeIds([g])]).toEqual([1]);
    expect(removeArea([g], g.key)).toEqual([]);
  });
});
