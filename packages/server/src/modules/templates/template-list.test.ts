import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Template, TemplateSummary } from '@talkbase/domain/contracts/templates';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import { createTemplate, postTemplate, subjectIds } from './template-test-helpers.ts';

type Page<T> = { itens: T[]; totalResults: number; currentPage: number };

let t: TestApp;
let admin: string;
let adminId: number;
let chamado: { id: number; attr: Record<string, number> };
let cliente: { id: number; attr: Record<string, number> };
let maria: number;
let joao: number;
let custom: Template;
let registration: Template;
let user: Template;

const list = async (query: string) => {
  const res = await t.app.inject(as(admin, { method: 'GET', url: `/api/template?${query}` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<TemplateSummary>>();
};

beforeEach(async () => {
  t = await createTestApp();
  ({ token: admin, accountId: adminId } = await login(t.app));
  await createCrm(t.app, admin);
  chamado = await subjectIds(t.app, admin, 'chamado');
  cliente = await subjectIds(t.app, admin, 'cliente');
  maria = (await createPerson(t.app, admin, { displayName: 'Maria' })).accountId;
  joao = (await createPerson(t.app, admin, { displayName: 'João' })).accountId;
  custom = await createTemplate(t.app, admin, {
    templateName: 'Chamados urgentes',
    subjectId: chamado.id,
    templateType: 7,
    templateAreas: [{ subjectAttributeId: chamado.attr.titulo }, { subjectAttributeId: chamado.attr.prazo }],
  });
  await createTemplate(t.app, admin, {
    templateName: 'Clientes ativos',
    subjectId: 'cliente',
    templateType: 'CustomTemplate',
    templateAreas: [{ subjectAttributeId: cliente.attr.nome }],
  });
  registration = await createTemplate(t.app, admin, {
    templateName: 'Cadastro de chamado',
    subjectId: chamado.id,
    templateType: 'TalkModalCompanyCreate',
    templateAreas: [
      { templateAreaName: 'Dados', templateAreasMap: [{ subjectAttributeId: chamado.attr.titulo }] },
    ],
  });
  user = await createTemplate(t.app, admin, {
    templateName: 'Meus chamados',
    subjectId: chamado.id,
    templateType: 'UserByWebInterface',
    parentTemplateId: custom.templateId,
    accountId: maria,
    templateAreas: [{ subjectAttributeId: chamado.attr.prazo }],
  });
});
afterEach(async () => {
  await t.close();
});

describe('template lists', () => {
  it('filters by type, scenario, subject, term and account', async () => {
    const customs = await list('scenarioId=1&templatetype=7&page=1&fetch=10');
    expect(customs.itens.map((i) => i.templateName)).toEqual(['Chamados urgentes', 'Clientes ativos']);
    expect(customs.itens[0]).toMatchObject({
      templateId: custom.templateId,
      subjectId: chamado.id,
      subjectIdentifier: 'chamado',
      templateType: 7,
      templateTypeName: 'CustomTemplate',
      scenarioId: 1,
    });
    expect((await list('templateType=CustomTemplate&term=URG')).itens.map((i) => i.templateName)).toEqual([
      'Chamados urgentes',
    ]);
    // The default list finds subjects by their name, as the console's subject list does.
    expect((await list('templatetype=3&term=clie')).itens.map((i) => i.subjectIdentifier)).toEqual([
      'cliente',
    ]);

    // Registration templates of a subject (the custom editor's choice).
    const forms = await list(`scenarioid=2&subjectid=${chamado.id}`);
    expect(forms.itens).toEqual([
      expect.objectContaining({ templateId: registration.templateId, templateType: 5, scenarioId: 2 }),
    ]);
    // Base templates of a subject: every grid template but user templates.
    const bases = await list(`scenarioId=1&page=1&fetch=10000&subjectId=${chamado.id}`);
    expect(bases.itens.map((i) => i.templateType).sort()).toEqual([3, 7]);
    expect((await list('subjectId=chamado&scenarioId=1')).totalResults).toBe(2);
    expect((await list('subjectId=naoexiste')).totalResults).toBe(0);

    const users = await list('scenarioId=1&templatetype=2');
    expect(users.itens).toEqual([
      expect.objectContaining({
        templateId: user.templateId,
        accountId: maria,
        accountName: 'Maria',
        parentTemplateId: custom.templateId,
      }),
    ]);
    expect((await list(`templatetype=2&accountId=${maria}`)).totalResults).toBe(1);
    expect((await list(`templatetype=2&accountId=${joao}`)).totalResults).toBe(0);
  });

  it('pages with the true total; a page above 10,000 is refused, not cut short', async () => {
    const second = await list('templatetype=3&page=2&fetch=2');
    expect(second).toMatchObject({ totalResults: 3, currentPage: 2 });
    expect(second.itens).toHaveLength(1);
    const all = await list('templatetype=3&fetch=10000');
    expect(all.itens).toHaveLength(3);
    expect(all.totalResults).toBe(3);
    const huge = await t.app.inject(
      as(admin, { method: 'GET', url: '/api/template?templatetype=3&fetch=999999' }),
    );
    expect(huge.statusCode).toBe(400);
    const tooLong = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/template?term=${'a'.repeat(26)}` }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(errorsOf(tooLong)[0]).toEqual({ message: 'Máximo de 25 caracteres.', field: 'term' });
  });

  it('lists the people who may get a user template from a base template', async () => {
    const accounts = async (query = '') => {
      const res = await t.app.inject(
        as(admin, { method: 'GET', url: `/api/template/accounts/${custom.templateId}${query}` }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<{ accountId: number; displayName: string }>>();
    };
    // Maria already has her template for chamado; administrators are people too.
    expect((await accounts()).itens.map((i) => i.accountId).sort()).toEqual([adminId, joao].sort());
    // Editing Maria's template: she is offered as its owner.
    expect((await accounts(`?accountId=${maria}`)).itens.map((i) => i.displayName)).toContain('Maria');
    expect((await accounts('?term=jo')).itens).toEqual([{ accountId: joao, displayName: 'João' }]);
    const bad = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/template/accounts/${user.templateId}` }),
    );
    expect(bad.statusCode).toBe(404);
  });

  it('keeps user templates to one per person and subject, within the base template’s columns', async () => {
    const again = await postTemplate(t.app, admin, {
      templateName: 'Outro',
      subjectId: chamado.id,
      templateType: 2,
      parentTemplateId: custom.templateId,
      accountId: maria,
      templateAreas: [{ subjectAttributeId: chamado.attr.titulo }],
    });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)[0]).toEqual({
      message: 'Este usuário já possui um template para este assunto.',
      field: 'accountId',
    });

    const outside = await postTemplate(t.app, admin, {
      templateName: 'Do João',
      subjectId: chamado.id,
      templateType: 2,
      parentTemplateId: custom.templateId,
      accountId: joao,
      templateAreas: [{ subjectAttributeId: chamado.attr.prioridade }],
    });
    expect(outside.statusCode).toBe(422);
    expect(errorsOf(outside)[0]).toEqual({
      message: 'O campo Prioridade não faz parte do template base.',
      field: 'templateAreas.0.subjectAttributeId',
    });

    const wrongBase = await postTemplate(t.app, admin, {
      templateName: 'Do João',
      subjectId: chamado.id,
      templateType: 2,
      parentTemplateId: registration.templateId,
      accountId: 999_999,
      templateAreas: [{ subjectAttributeId: chamado.attr.titulo }],
    });
    expect(errorsOf(wrongBase)).toEqual([
      { message: 'Template base não encontrado.', field: 'parentTemplateId' },
      { message: 'Selecione um usuário', field: 'accountId' },
    ]);

    const reassign = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/template/${user.templateId}`,
        payload: {
          templateName: 'Meus chamados',
          subjectId: chamado.id,
          templateType: 2,
          parentTemplateId: custom.templateId,
          accountId: joao,
          templateAreas: [{ subjectAttributeId: chamado.attr.prazo }],
        },
      }),
    );
    expect(reassign.statusCode).toBe(422);

    // Removing the base leaves the user template standing, without a base.
    await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/template', payload: { templateIds: [custom.templateId] } }),
    );
    const left = await t.app.inject(as(admin, { method: 'GET', url: `/api/template/${user.templateId}` }));
    expect(left.json<Template>().parentTemplateId).toBeNull();
  });

  it('relates custom grids to registration forms of the same subject only', async () => {
    const cadastroCliente = await createTemplate(t.app, admin, {
      templateName: 'Cadastro de cliente',
      subjectId: cliente.id,
      templateType: 5,
      templateAreas: [{ subjectAttributeId: cliente.attr.nome }],
    });
    const body = (ids: number[]) => ({
      templateName: 'Com cadastro',
      subjectId: chamado.id,
      templateType: 7,
      relatedTemplateIds: ids,
      templateAreas: [{ subjectAttributeId: chamado.attr.titulo }],
    });
    const ok = await createTemplate(t.app, admin, body([registration.templateId]));
    expect(ok.relatedTemplateIds).toEqual([registration.templateId]);
    expect(ok.relatedTemplates).toEqual([
      { templateId: registration.templateId, templateName: 'Cadastro de chamado', templateType: 5 },
    ]);
    for (const ids of [[cadastroCliente.templateId], [custom.templateId], [999_999]]) {
      const res = await postTemplate(t.app, admin, body(ids));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toEqual({
        message: 'Template relacionado não encontrado.',
        field: 'relatedTemplateIds',
      });
    }
  });
});
