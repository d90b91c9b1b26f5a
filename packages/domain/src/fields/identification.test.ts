import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanIdentification,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  formatIdentification,
  identificationInUseMessage,
  identificationRule,
  isValidCnpj,
  isValidCpf,
  isValidIdentification,
} from './identification.ts';

const INVALID = 'O número do CNPJ/CPF/identificação informado é inválido';
const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = { name: 'CNPJ/CPF', componentId: 2, isRequired: true, length: null, componentConfigs: {} };
const foreignAttribute = { ...attribute, componentConfigs: { foreignCustomer: true } };

const digit = fc.constantFrom(...'0123456789'.split(''));
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

describe('CPF', () => {
  it('computes the check digits of real CPFs', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111444777')).toBe('35');
  });

  it('accepts valid CPFs with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths, repeated digits and letters', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('529.982.247-2A5')).toBe(false);
  });

  it('masks to 000.000.000-00 (14 characters)', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toHaveLength(14);
    expect(formatCpf('5299')).toBe('529.9');
  });
});

describe('CNPJ', () => {
  it('computes the check digits of real numeric CNPJs', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(cnpjCheckDigits('114447770001')).toBe('61');
  });

  it("validates SERPRO's alphanumeric example 12ABC34501DE35", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
  });

  it('keeps the check digits numeric', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
  });

  it('accepts numeric CNPJs with or without the mask', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('11.222.333/0001')).toBe(false);
  });

  it('masks to 00.000.000/0000-00 (18 characters), letters upper-cased', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501de35')).toHaveLength(18);
  });
});

describe('formatIdentification', () => {
  it('uses the CPF mask up to 11 digits and the CNPJ mask beyond or with letters', () => {
    expect(formatIdentification('529982247')).toBe('529.982.247');
    expect(formatIdentification('52998224725')).toBe('529.982.247-25');
    expect(formatIdentification('112223330001')).toBe('11.222.333/0001');
    expect(formatIdentification('12ABC')).toBe('12.ABC');
    expect(formatIdentification('11222333000181999')).toBe('11.222.333/0001-81');
  });

  it('keeps only up to 20 digits for a foreign customer', () => {
    expect(formatIdentification('AB-123 456 789 012 345 678 999', { foreign: true })).toBe(
      '12345678901234567899',
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (text, foreign) => {
        const once = formatIdentification(text, { foreign });
        expect(formatIdentification(once, { foreign })).toBe(once);
      }),
    );
  });

  it('cleans to upper-case letters and digits', () => {
    expect(cleanIdentification(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
});

describe('properties', () => {
  it('a formatted CPF built with its check digits validates', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 9, maxLength: 9 }), (digits) => {
        const base = digits.join('');
        fc.pre(!/^(.)\1*$/.test(base));
        const formatted = formatIdentification(base + cpfCheckDigits(base));
        expect(formatted).toHaveLength(14);
        expect(isValidCpf(formatted)).toBe(true);
        expect(identificationRule.validate(attribute, formatted, ctx)).toEqual([]);
      }),
    );
  });

  it('a formatted CNPJ, numeric or alphanumeric, built with its check digits validates', () => {
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 12, maxLength: 12 }), (chars) => {
        const base = chars.join('');
        fc.pre(!/^(.)\1*$/.test(base + cnpjCheckDigits(base)));
        const formatted = formatIdentification(base + cnpjCheckDigits(base));
        expect(formatted).toHaveLength(18);
        expect(isValidCnpj(formatted)).toBe(true);
        expect(identificationRule.validate(attribute, formatted, ctx)).toEqual([]);
      }),
    );
  });

  it('changing one check digit of a valid CNPJ makes it invalid', () => {
    fc.assert(
      fc.property(
        fc.array(alnum, { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (chars, k) => {
          const base = chars.join('');
          const dv = cnpjCheckDigits(base);
          const wrong = `${(Number(dv[1]) + k) % 10}`;
          expect(isValidCnpj(base + dv.charAt(0) + wrong)).toBe(false);
        },
      ),
    );
  });
});

describe('identification rule', () => {
  it('answers the spec message for an invalid number', () => {
    expect(identificationRule.validate(attribute, '123.456.789-00', ctx)).toEqual([{ message: INVALID }]);
    expect(identificationRule.validate(attribute, 12345678900, ctx)).toEqual([{ message: INVALID }]);
  });

  it('accepts CPF, CNPJ and alphanumeric CNPJ', () => {
    for (const value of ['529.982.247-25', '11.222.333/0001-81', '12.ABC.345/01DE-35']) {
      expect(identificationRule.validate(attribute, value, ctx)).toEqual([]);
    }
  });

  it('accepts up to 20 digits only when the foreign-customer flag is on', () => {
    expect(identificationRule.validate(foreignAttribute, '12345678901234567890', ctx)).toEqual([]);
    expect(identificationRule.validate(foreignAttribute, '529.982.247-25', ctx)).toEqual([]);
    expect(identificationRule.validate(foreignAttribute, '123456789012345678901', ctx)).toEqual([
      { message: INVALID },
    ]);
    expect(identificationRule.validate(foreignAttribute, '12AB', ctx)).toEqual([{ message: INVALID }]);
    expect(identificationRule.validate(attribute, '12345678901234567890', ctx)).toEqual([
      { message: INVALID },
    ]);
    expect(isValidIdentification('42', { foreign: true })).toBe(true);
  });

  it('builds the natural-key message', () => {
    expect(identificationInUseMessage('CNPJ do cliente')).toBe('CNPJ do cliente já está sendo usado');
  });
});
