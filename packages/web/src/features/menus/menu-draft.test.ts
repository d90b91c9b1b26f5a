import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@talkbase/domain/contracts/menus';
import {
  addNode,
  flatten,
  fromServer,
  moveNode,
  needsParentConfirmation,
  newMenuNode,
  placeServerErrors,
  project,
  toInput,
  treeProblems,
  type MenuDraftNode,
} from './menu-draft.ts';

const leaf = (Id: number, Name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  Id,
  Name,
  Subject: 'chamado',
  Scenario: 'grid',
  Icon: null,
  TemplateId: null,
  Filters: null,
  Menus: [],
  ...extra,
});

/** Atendimento > [Chamados, Novo chamado]; Clientes */
const sample = () =>
  fromServer([
    leaf(1, 'Atendimento', {
      Subject: null,
      Scenario: null,
      Menus: [
        leaf(2, 'Chamados', { TemplateId: 7, Filters: [40] }),
        leaf(3, 'Novo chamado', { Scenario: 'form' }),
      ],
    }),
    leaf(4, 'Clientes', { Subject: 'cliente' }),
  ]);

const shape = (nodes: MenuDraftNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));

const INDENT = 28;

describe('menu tree: reorder and re-parent', () => {
  it('reorders siblings by dropping over another row at the same level', () => {
    const nodes = sample();
    const flat = flatten(nodes);
    expect(flat.map((f) => [f.node.name, f.depth])).toEqual([
      ['Atendimento', 0],
      ['Chamados', 1],
      ['Novo chamado', 1],
      ['Clientes', 0],
    ]);
    const where = project(flat, 'menu-3', 'menu-2', 0, INDENT);
    expect(where).toEqual({ depth: 1, parentKey: 'menu-1' });
    const moved = moveNode(nodes, 'menu-3', 'menu-2', where ?? { depth: 0, parentKey: null });
    expect(shape(moved)).toEqual([{ Atendimento: ['Novo chamado', 'Chamados'] }, 'Clientes']);
    // Ids travel with the nodes, so rooms keep their grants.
    expect(toInput(moved)[0]?.Menus?.map((m) => m.Id)).toEqual([3, 2]);
  });

  it('moves a parent with everything under it', () => {
    const nodes = sample();
    const where = project(flatten(nodes), 'menu-1', 'menu-4', 0, INDENT);
    expect(where).toEqual({ depth: 0, parentKey: null });
    const moved = moveNode(nodes, 'menu-1', 'menu-4', where ?? { depth: 0, parentKey: null });
    expect(shape(moved)).toEqual(['Clientes', { Atendimento: ['Chamados', 'Novo chamado'] }]);
  });

  it('takes a leaf out of its parent by dragging it left, and into a parent by dragging it right', () => {
    const nodes = sample();
    const out = project(flatten(nodes), 'menu-3', 'menu-3', -INDENT, INDENT);
    expect(out).toEqual({ depth: 0, parentKey: null });
    expect(shape(moveNode(nodes, 'menu-3', 'menu-3', out ?? { depth: 0, parentKey: null }))).toEqual([
      { Atendimento: ['Chamados'] },
      'Novo chamado',
      'Clientes',
    ]);
    const into = project(flatten(nodes), 'menu-4', 'menu-4', INDENT, INDENT);
    expect(into).toEqual({ depth: 1, parentKey: 'menu-1' });
    expect(shape(moveNode(nodes, 'menu-4', 'menu-4', into ?? { depth: 0, parentKey: null }))).toEqual([
      { Atendimento: ['Chamados', 'Novo chamado', 'Clientes'] },
    ]);
  });

  it('asks before a leaf becomes a parent, and the new parent loses its leaf settings', () => {
    const nodes = sample();
    const under = project(flatten(nodes), 'menu-4', 'menu-4', 2 * INDENT, INDENT);
    // Clientes right under Novo chamado: the leaf above becomes its parent.
    expect(under).toEqual({ depth: 2, parentKey: 'menu-3' });
    expect(needsParentConfirmation(nodes, 'menu-3')).toBe(true);
    expect(needsParentConfirmation(nodes, 'menu-1')).toBe(false);
    expect(needsParentConfirmation(nodes, null)).toBe(false);
    const moved = moveNode(nodes, 'menu-4', 'menu-4', under ?? { depth: 0, parentKey: null });
    expect(shape(moved)).toEqual([{ Atendimento: ['Chamados', { 'Novo chamado': ['Clientes'] }] }]);
    expect(toInput(moved)[0]?.Menus?.[1]).toMatchObject({
      Name: 'Novo chamado',
      Scenario: null,
      Subject: null,
      TemplateId: null,
      Filters: null,
    });
    const child = newMenuNode();
    const added = addNode(nodes, 'menu-2', child);
    expect(toInput(added)[0]?.Menus?.[0]).toMatchObject({ Name: 'Chamados', Subject: null, Filters: null });
  });

  it('keeps a moved subtree within five levels', () => {
    let nodes: MenuDraftNode[] = [];
    let parent: string | null = null;
    for (let i = 0; i < 5; i++) {
      const n = { ...newMenuNode(), name: `Nível ${i + 1}` };
      nodes = addNode(nodes, parent, n);
      parent = n.key;
    }
    const extra = { ...newMenuNode(), name: 'Solto' };
    nodes = addNode(nodes, null, extra);
    // Dragging far right below the deepest node stops at the fifth level.
    expect(project(flatten(nodes), extra.key, extra.key, 10 * INDENT, INDENT)?.depth).toBe(4);
  });
});

describe('menu tree: validation (001 §5 Menu)', () => {
  it('names what each node lacks with the spec texts', () => {
    const nodes = addNode(addNode(sample(), null, { ...newMenuNode(), key: 'vazio', scenario: null }), null, {
      ...newMenuNode(),
      key: 'pai',
      children: [{ ...newMenuNode(), key: 'filho', name: 'Ok', subject: 'chamado', filters: [null] }],
    });
    const problems = treeProblems(nodes);
    expect(Object.fromEntries([...problems].map(([k, v]) => [k, Object.fromEntries(v)]))).toEqual({
      vazio: { Name: 'Preencha o nome', Scenario: 'Selecione um cenário', Subject: 'Selecione um assunto' },
      pai: { Name: 'Nome inválido' },
      filho: { Filters: 'Há campos de filtros vazios' },
    });
    expect(treeProblems(sample()).size).toBe(0);
  });

  it('places the server errors under their node and field', () => {
    const nodes = sample();
    const placed = placeServerErrors(nodes, [
      { message: 'O template não pertence ao assunto do menu.', field: 'Menus.0.Menus.1.TemplateId' },
      { message: 'Assunto não encontrado.', field: 'Menus.1.Subject' },
      { message: 'Só é possível alterar o menu da sua própria empresa.' },
    ]);
    expect(placed.problems.get('menu-3')?.get('TemplateId')).toBe(
      'O template não pertence ao assunto do menu.',
    );
    expect(placed.problems.get('menu-4')?.get('Subject')).toBe('Assunto não encontrado.');
    expect(placed.loose).toEqual(['Só é possível alterar o menu da sua própria empresa.']);
  });
});
