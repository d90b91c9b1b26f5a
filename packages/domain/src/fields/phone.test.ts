import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, PHONE_MAX_LENGTH, phoneRule, samePhone } from './phone.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = { name: 'Telefone', componentId: 6, isRequired: false, length: null, componentConfigs: {} };

describe('phone (6)', () => {
  it('masks landlines and mobiles', () => {
    expect(formatPhone('1123456789')).toBe('(11) 2345-6789');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('119876543210000')).toBe('(11) 98765-4321');
    expect(formatPhone('1198')).toBe('(11) 98');
    expect(formatPhone('11987654321')).toHaveLength(PHONE_MAX_LENGTH);
  });

  it('is idempotent and never longer than 15', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = formatPhone(text);
        expect(formatPhone(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
      }),
    );
  });

  it('compares on digits only', () => {
    expect(samePhone('(11) 98765-4321', '11987654321')).toBe(true);
    expect(samePhone('(11) 98765-4321', '(11) 98765-4322')).toBe(false);
  });

  it('validates 10 or 11 digits', () => {
    expect(isValidPhone('(11) 2345-6789')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('(11) 2345-678')).toBe(false);
    expect(isValidPhone('(01) 2345-6789')).toBe(false);
    expect(isValidPhone('+55 (11) 98765-4321')).toBe(false);
    expect(phoneRule.validate(attribute, '(11) 98765-4321', ctx)).toEqual([]);
    expect(phoneRule.validate(attribute, '123', ctx)).toEqual([
      { message: 'O número de telefone informado em Telefone é inválido' },
    ]);
  });
});
