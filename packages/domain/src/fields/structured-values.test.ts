import { describe, expect, it } from 'vitest';
import { validateValue } from './validate-value.ts';

const now = { now: new Date('2026-11-23T12:00:00Z') };
const column = (name: string, value: string) => ({
  columnIdentifier: 100000,
  configs: [
    { configIdentifier: 'name', value: name },
    { configIdentifier: 'width', value: 25 },
  ],
  attributes: [{ value, isGrouped: false, subjectId: null }],
});

describe('report columns (15) and time windows (28) on save', () => {
  const colunas = { name: 'Colunas', componentId: 15 };
  const janela = { name: 'Janela', componentId: 28 };

  it('accepts what the designers emit', () => {
    expect(validateValue(colunas, [column('Cliente', '${cliente.nome}')], now)).toEqual([]);
    expect(validateValue(janela, { date: '2026-11-24', time: '08:00', contingency: false }, now)).toEqual([]);
  });

  it("refuses columns with the spec's messages, and anything that is not columns", () => {
    expect(validateValue(colunas, [column('', 'sem atributo')], now).map((e) => e.message)).toEqual([
      'Informe o nome da coluna',
      'Nenhum atributo selecionado',
    ]);
    expect(validateValue(colunas, { x: 1 }, now)).toEqual([
      { message: 'O valor informado em Colunas é inválido' },
    ]);
  });

  it('refuses a time window without a valid date and time', () => {
    expect(validateValue(janela, { date: '2026-02-30', time: '08:00' }, now)).toEqual([
      { message: 'O valor informado em Janela é inválido' },
    ]);
    expect(validateValue(janela, { date: '2026-11-24', time: '25:00' }, now)).toHaveLength(1);
  });
});
