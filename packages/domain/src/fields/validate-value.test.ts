import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from './component-types.ts';
import type { FieldAttribute } from './field-rule.ts';
import { fieldRuleFor, validateValue } from './validate-value.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z'), timeZone: 'America/Sao_Paulo' };
const attr = (componentId: number | string, changes: Partial<FieldAttribute> = {}): FieldAttribute => ({
  name: 'Campo',
  componentId,
  isRequired: false,
  length: null,
  componentConfigs: {},
  ...changes,
});
const messages = (attribute: FieldAttribute, value: unknown) =>
  validateValue(attribute, value, ctx).map((e) => e.message);

describe('validateValue', () => {
  it('has a rule for every component with a value rule, and none for the JSON ones checked by their own schemas', () => {
    for (const { id } of COMPONENT_TYPES) {
      expect(fieldRuleFor(id) === undefined, `component ${id}`).toBe([12, 29].includes(id));
    }
  });

  it('an empty optional value is fine, whatever the component', () => {
    for (const { id } of COMPONENT_TYPES) {
      expect(messages(attr(id), null), `component ${id}`).toEqual([]);
      expect(messages(attr(id), ''), `component ${id}`).toEqual([]);
    }
  });

  it('an empty required value gets its message', () => {
    const required = { isRequired: true, name: 'Nome' };
    expect(messages(attr(1, required), '  ')).toEqual(['O campo Nome é obrigatório']);
    expect(messages(attr(12, required), null)).toEqual(['O campo Nome é obrigatório']);
    expect(messages(attr(4, required), null)).toEqual(['É obrigatório selecionar um item da lista.']);
    expect(messages(attr(14, required), [])).toEqual(['É obrigatório selecionar um item da lista.']);
    expect(messages(attr(22, required), [])).toEqual(['Selecione um arquivo']);
    expect(messages(attr(10, required), null)).toEqual(['O campo Nome é obrigatório']);
    expect(messages(attr(27, required), null)).toEqual([]);
    expect(messages(attr(17, required), ';')).toEqual(['Informe pelo menos um e-mail em Nome']);
  });

  it('dispatches a filled value to its component rule', () => {
    expect(messages(attr('Identificacao'), '12.ABC.345/01DE-35')).toEqual([]);
    expect(messages(attr('Identificacao'), '12.ABC.345/01DE-36')).toEqual([
      'O número do CNPJ/CPF/identificação informado é inválido',
    ]);
    expect(messages(attr(1, { componentConfigs: { minWords: 2 } }), 'uma')).toEqual([
      'Campo deve conter pelo menos 2 palavras',
    ]);
    expect(messages(attr(32, { componentConfigs: { weekends: true } }), '2026-07-19')).toEqual([
      'A data digitada não pode ser final de semana',
    ]);
    expect(messages(attr(19), '10:70:00')).toEqual(['Duração inválida']);
    expect(messages(attr('6'), '(11) 98765-4321')).toEqual([]);
    expect(messages(attr(99), { anything: true })).toEqual([]);
  });

  it('checks each item of a multi-valued attribute once per message', () => {
    const multiple = attr(13, { isMultipleValues: true });
    expect(messages(multiple, ['ana@acme.com', '', 'bia@acme.com'])).toEqual([]);
    expect(messages(multiple, ['x', 'ana@acme.com', 'x'])).toEqual(['O e-mail x é inválido']);
    expect(messages(attr(4, { isMultipleValues: true }), [1, 2])).toEqual([]);
  });
});

describe('robustness', () => {
  const anyValue = fc.oneof(
    fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
    fc.string({ unit: 'binary' }),
    fc.constant(Symbol('x')),
    fc.constant(() => 1),
    fc.constant(new Date(Number.NaN)),
    fc.array(fc.record({ name: fc.string(), url: fc.option(fc.string()), deleted: fc.boolean() })),
  );
  const anyComponent = fc.oneof(
    fc.constantFrom(...COMPONENT_TYPES.map((t) => t.id)),
    fc.constantFrom('Identificacao', '2', 7, -1, Number.NaN),
    fc.anything(),
  );
  const anyConfig = fc.oneof(
    fc.anything({ withNullPrototype: true, withBigInt: true }),
    fc.dictionary(
      fc.constantFrom(
        'minChars',
        'minWords',
        'precision',
        'thousandsSeparator',
        'foreignCustomer',
        'daysNotGreaterThanToday',
        'daysGreaterThan',
        'daysNotGreaterThan',
        'nationalHolidays',
        'weekends',
        'specificDates',
      ),
      fc.oneof(fc.anything(), fc.integer(), fc.double(), fc.boolean(), fc.string()),
    ),
  );
  const anyAttribute = fc.record({
    name: fc.oneof(fc.string(), fc.anything()) as fc.Arbitrary<string>,
    componentId: anyComponent as fc.Arbitrary<number>,
    isRequired: fc.oneof(fc.boolean(), fc.constant(null)),
    length: fc.oneof(fc.integer(), fc.double(), fc.constant(null)),
    isMultipleValues: fc.oneof(fc.boolean(), fc.constant(null)),
    componentConfigs: anyConfig,
  });
  const anyContext = fc.record({
    now: fc.date(),
    timeZone: fc.oneof(
      fc.constantFrom('America/Sao_Paulo', 'UTC', 'Pacific/Kiritimati', 'não/existe', ''),
      fc.string(),
    ),
  });

  it('never throws and always answers a list of messages', () => {
    fc.assert(
      fc.property(anyAttribute, anyValue, anyContext, (attribute, value, context) => {
        const errors = validateValue(attribute, value, context);
        expect(Array.isArray(errors)).toBe(true);
        for (const error of errors) expect(typeof error.message).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('every component rule survives random strings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPONENT_TYPES.map((t) => t.id)),
        fc.string({ unit: 'binary' }),
        (id, text) => {
          expect(() => validateValue(attr(id, { isRequired: true }), text, ctx)).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });
});
