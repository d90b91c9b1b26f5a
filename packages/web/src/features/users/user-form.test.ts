import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { credentialsCsv, credentialsFileName, credentialsJson } from './credentials.ts';
import {
  emptyUserForm,
  fieldErrorsOf,
  toCreateBody,
  validateUser,
  type UserFormValues,
} from './user-form.ts';

const filled: UserFormValues = {
  ...emptyUserForm,
  roomId: 1196,
  firstName: 'Ana',
  lastName: 'Souza',
  displayName: 'Ana',
  phoneNumber: '(11) 91234-5678',
  email: 'ana@talkbase.test',
};

describe('user form rules', () => {
  it('requires every attribute row after the first, and the first only once it is started', () => {
    expect(validateUser(filled)).toEqual({});
    const rows = [
      { key: 1, attributeId: null, componentId: null, value: null },
      { key: 2, attributeId: null, componentId: null, value: null },
      { key: 3, attributeId: 7, componentId: 1, value: '' },
    ];
    expect(validateUser({ ...filled, attributes: rows })).toEqual({
      'attributes.1.attributeId': 'Campo obrigatório.',
      'attributes.2.value': 'Campo obrigatório.',
    });
    expect(
      validateUser({ ...filled, attributes: [{ key: 1, attributeId: 7, componentId: 1, value: null }] }),
    ).toEqual({ 'attributes.0.value': 'Campo obrigatório.' });
  });

  it('sends only the first value of a single select (component 4)', () => {
    const body = toCreateBody({
      ...filled,
      attributes: [
        { key: 1, attributeId: 7, componentId: 4, value: [31, 32] },
        { key: 2, attributeId: 8, componentId: 17, value: ['a@b.com', 'c@d.com'] },
      ],
    });
    expect(body.attributes).toEqual([
      { attributeId: 7, value: 31 },
      { attributeId: 8, value: ['a@b.com', 'c@d.com'] },
    ]);
  });

  it('checks the e-mail pattern, the phone mask and the required fields of each type', () => {
    expect(validateUser({ ...filled, email: 'ana@', phoneNumber: '(11) 1234' })).toEqual({
      email: 'Insira um Email válido',
      phoneNumber: 'Informe um telefone válido, como (11) 91234-5678.',
    });
    expect(validateUser({ ...emptyUserForm, accountType: 2 })).toEqual({
      roomId: 'Selecione um perfil de acesso.',
      appName: 'Campo obrigatório.',
      displayName: 'Campo obrigatório.',
    });
  });

  it("puts a 422 under the app name when it says so, otherwise 'Esse e-mail já possui cadastro'", () => {
    expect(
      fieldErrorsOf(new ApiError(422, [{ message: 'Nome do Aplicativo já cadastrado', field: 'appName' }])),
    ).toEqual({ appName: 'Nome do Aplicativo já cadastrado' });
    expect(fieldErrorsOf(new ApiError(422, [{ message: 'qualquer coisa' }]))).toEqual({
      email: 'Esse e-mail já possui cadastro',
    });
    expect(fieldErrorsOf(new ApiError(500, [{ message: 'x' }]))).toBeNull();
  });
});

describe('integration credentials files', () => {
  it('writes a semicolon CSV and a JSON, named with a timestamp', () => {
    const c = { hash: 'abc123', password: 'p;"x' };
    expect(credentialsCsv(c)).toBe('hash;password\r\nabc123;"p;""x"\r\n');
    // A password a spreadsheet would run as a formula is written inert (OWASP CSV injection).
    expect(credentialsCsv({ hash: '@h', password: '-2+3\rx' })).toBe(`hash;password\r\n'@h;"'-2+3\rx"\r\n`);
    expect(JSON.parse(credentialsJson(c))).toEqual(c);
    expect(credentialsFileName('ERP Financeiro Ação', new Date(2026, 10, 24, 9, 5, 7), 'csv')).toBe(
      'credenciais-erp-financeiro-acao-20261124-090507.csv',
    );
  });
});
