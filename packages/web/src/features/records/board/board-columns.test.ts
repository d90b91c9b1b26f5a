import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { describe, expect, it } from 'vitest';
import { boardColumns, MAX_BOARD_COLUMNS } from './board-columns.ts';
import { boardAttribute } from '../views/view-attributes.ts';

const attribute = (identifier: string, componentId: number, extra: Partial<ContextSubjectAttribute> = {}) =>
  ({
    subjectAttributeId: 9,
    subjectAttributeIdentifier: identifier,
    identifier,
    name: identifier,
    componentId,
    isRequired: false,
    isMultipleValues: false,
    isInternal: false,
    ...extra,
  }) as ContextSubjectAttribute;

describe('board columns (issue 38 item 2)', () => {
  it('makes a single select’s options columns, in order, then "Sem valor" unless required', () => {
    const options = [
      { id: 3, name: 'Aberto' },
      { id: 1, name: 'Concluído' },
    ];
    const columns = boardColumns(attribute('situacao', 4), options);
    expect(columns.map((c) => [c.key, c.label, c.value])).toEqual([
      ['o3', 'Aberto', 3],
      ['o1', 'Concluído', 1],
      ['empty', 'Sem valor', null],
    ]);
    expect(columns[0]?.filter).toEqual({ attribute: 'situacao', operator: 'equal', value: 3 });
    expect(columns[2]?.filter).toEqual({ attribute: 'situacao', operator: 'is_empty' });
    expect(boardColumns(attribute('situacao', 4, { isRequired: true }), options).map((c) => c.key)).toEqual([
      'o3',
      'o1',
    ]);
    const many = Array.from({ length: MAX_BOARD_COLUMNS + 5 }, (_, i) => ({ id: i + 1, name: `O${i}` }));
    expect(boardColumns(attribute('x', 4), many)).toHaveLength(MAX_BOARD_COLUMNS + 1);
  });

  it('gives yes/no Sim, Não and Sem valor, and a switch Sim and Não (off or never set)', () => {
    expect(boardColumns(attribute('retrabalho', 10)).map((c) => [c.key, c.value])).toEqual([
      ['true', true],
      ['false', false],
      ['empty', null],
    ]);
    const switchColumns = boardColumns(attribute('ativo', 27));
    expect(switchColumns.map((c) => c.label)).toEqual(['Sim', 'Não']);
    expect(switchColumns[1]?.filter).toEqual({
      condition: 'OU',
      rules: [
        { attribute: 'ativo', operator: 'equal', value: false },
        { attribute: 'ativo', operator: 'is_empty' },
      ],
    });
  });

  it('groups by the attribute asked, else a stage-like one, else the first', () => {
    const cliente = attribute('cliente', 4);
    const situacao = attribute('situacao', 4);
    expect(boardAttribute([cliente, situacao], 'CLIENTE')).toBe(cliente);
    expect(boardAttribute([cliente, situacao], undefined)).toBe(situacao);
    expect(boardAttribute([cliente, situacao], 'gone')).toBe(situacao);
    expect(boardAttribute([cliente], undefined)).toBe(cliente);
  });
});
