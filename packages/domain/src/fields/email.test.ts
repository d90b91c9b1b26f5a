import { describe, expect, it } from 'vitest';
import { emailRule, isValidEmail, joinEmails, multipleEmailRule, splitEmails } from './email.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const single = { name: 'E-mail', componentId: 13, isRequired: false, length: null, componentConfigs: {} };
const multiple = { ...single, name: 'Destinatários', componentId: 17 };
const errors = (value: unknown) => multipleEmailRule.validate(multiple, value, ctx).map((e) => e.message);

describe('e-mail (13)', () => {
  it('accepts ordinary addresses', () => {
    for (const address of ['ana@empresa.com.br', 'a.b+c@x-y.io', ' joao@acme.com ']) {
      expect(isValidEmail(address)).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const address of [
      'ana',
      'ana@',
      '@acme.com',
      'ana@acme',
      'ana@@acme.com',
      'a..b@acme.com',
      'ana @acme.com',
      'ana@-acme.com',
    ]) {
      expect(isValidEmail(address)).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(65)}@acme.com`)).toBe(false);
  });

  it('answers the message with the address', () => {
    expect(emailRule.validate(single, 'ana@acme.com', ctx)).toEqual([]);
    expect(emailRule.validate(single, 'ana@acme', ctx)).toEqual([
      { message: 'O e-mail ana@acme é inválido' },
    ]);
    expect(emailRule.validate(single, 7, ctx)).toEqual([
      { message: 'O valor informado em E-mail é inválido' },
    ]);
  });
});

describe('multiple e-mails (17, 33)', () => {
  it("joins and splits on ';'", () => {
    expect(joinEmails([' ana@acme.com', 'bia@acme.com '])).toBe('ana@acme.com;bia@acme.com');
    expect(splitEmails('ana@acme.com; bia@acme.com')).toEqual(['ana@acme.com', 'bia@acme.com']);
  });

  it('accepts one or more valid entries, and a trailing separator', () => {
    expect(errors('ana@acme.com')).toEqual([]);
    expect(errors('ana@acme.com;bia@acme.com')).toEqual([]);
    expect(errors('ana@acme.com;')).toEqual([]);
    expect(errors(['ana@acme.com', 'bia@acme.com'])).toEqual([]);
  });

  it('needs every entry filled and valid', () => {
    expect(errors('ana@acme.com;;bia@acme.com')).toEqual(['Preencha todos os e-mails de Destinatários']);
    expect(errors('ana@acme.com;bia')).toEqual(['O e-mail bia é inválido']);
    expect(errors(['', 'x'])).toEqual([
      'Preencha todos os e-mails de Destinatários',
      'O e-mail x é inválido',
    ]);
  });

  it('needs at least one entry', () => {
    expect(errors([' '])).toEqual(['Informe pelo menos um e-mail em Destinatários']);
    expect(multipleEmailRule.isEmpty?.(' ; ', multiple)).toBe(true);
    expect(multipleEmailRule.requiredMessage?.(multiple)).toBe(
      'Informe pelo menos um e-mail em Destinatários',
    );
  });
});
