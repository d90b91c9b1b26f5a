import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Template } from '@talkbase/domain/contracts/templates';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import {
  areaIdentifiers,
  createTemplate,
  defaultTemplateOf,
  getTemplate,
  postTemplate,
  subjectIds,
} from './template-test-helpers.ts';

let t: TestApp;
let admin: string;
let chamado: { id: number; attr: Record<string, number> };
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = await subjectIds(t.app, admin, 'chamado');
});
afterEach(async () => {
  await t.close();
});

const a = (id: string) => chamado.attr[id] as number;

/** A custom grid: a sorted, fixed, wider title column and a group of nested columns. */
const customBody = () => ({
  templateName: 'Chamados da semana',
  companyId: 999,
  subjectId: chamado.id,
  scenario: 'grid',
  templateType: 'CustomTemplate',
  showTalkIdOnGrid: true,
  templateAreas: [
    {
      subjectAttributeId: a('titulo'),
      templateAreaName: 'Assunto',
      order: 1,
      templateAreaConfigs: [
        { configIdentifier: 'width', value: '300' },
        { configIdentifier: 'IsOrderable', value: true },
        { configIdentifier: 'isfixed', value: true },
      ],
    },
    {
      templateAreaName: 'Detalhes',
      order: 2,
      templateAreaSubjectAttributes: [
        { subjectAttributeId: a('cliente'), templateAreaSubjectAttributeLabel: 'Empresa' },
      ],
      templateAreasMap: [
        {
          subjectAttributeId: a('prioridade'),
          templateAreaConfigs: [{ configIdentifier: 'IsOrderable', value: 0 }],
        },
        { subjectAttributeId: a('prazo') },
      ],
    },
  ],
});

describe('templates', () => {
  it('gives every new subject, and the built-in filtro, a company default grid template', async () => {
    const list = await t.app.inject(
      as(admin, { method: 'GET', url: '/api/template?scenarioId=1&templatetype=3&page=1&fetch=10' }),
    );
    expect(list.statusCode).toBe(200);
    const page = list.json<{ itens: { subjectIdentifier: string }[]; totalResults: number }>();
    expect(page.totalResults).toBe(3);
    expect(page.itens.map((i) => i.subjectIdentifier).sort()).toEqual(['chamado', 'cliente', 'filtro']);

    const def = await getTemplate(t.app, admin, await defaultTemplateOf(t.app, admin, chamado.id));
    expect(def).toMatchObject({
      templateName: 'Chamado',
      templateType: 3,
      templateTypeName: 'CompanyDefault',
      scenario: 'grid',
      scenarioId: 1,
      subjectId: chamado.id,
      companyId: 1,
      accountId: null,
      showTalkIdOnGrid: true,
      relatedTemplates: [],
    });
    expect(areaIdentifiers(def)).toEqual([
      'titulo',
      'cliente',
      'prioridade',
      'prazo',
      'abertura',
      'urgente',
      'emails',
      'protocolo',
    ]);
    // No width configured: the grid's default width, 150.
    expect(def.templateAreas[0]?.viewTemplateAreaConfigs).toMatchObject({ Width: 150, IsFixed: false });
    expect(def.templateAreas[0]?.viewTemplateAreaConfigs.isrequired).toBe(true);

    const filtro = await subjectIds(t.app, admin, 'filtro');
    const filtroDefault = await getTemplate(t.app, admin, await defaultTemplateOf(t.app, admin, filtro.id));
    // The internal `assunto` attribute is not a column.
    expect(areaIdentifiers(filtroDefault)).toEqual(['nome', 'filtro']);
  });

  it('creates, reads, changes and removes a template with nested areas and configs', async () => {
    const res = await postTemplate(t.app, admin, customBody());
    expect(res.statusCode).toBe(201);
    const created = res.json<Template>();
    expect(res.headers.location).toBe(`/api/template/${created.templateId}`);
    expect(created).toMatchObject({
      templateName: 'Chamados da semana',
      templateType: 7,
      templateTypeName: 'CustomTemplate',
      scenario: 'grid',
      companyId: 1,
      showTalkIdOnGrid: true,
      version: 1,
    });
    const [title, group] = created.templateAreas;
    expect(title).toMatchObject({
      subjectAttributeId: a('titulo'),
      attributeName: 'Título',
      templateAreaName: 'Assunto',
      order: 1,
      widgetId: 1,
      templateAreaTalkModal: null,
      viewTemplateAreaConfigs: { Width: 300, IsOrderable: 1, IsFixed: true },
    });
    expect(title?.templateAreaConfigs.map((c) => [c.configIdentifier, c.value])).toEqual([
      ['Width', 300],
      ['IsOrderable', 1],
      ['IsFixed', true],
    ]);
    expect(title?.templateAreaConfigs[0]?.templateAreaConfigId).toEqual(expect.any(Number));
    expect(group).toMatchObject({
      subjectAttributeId: null,
      templateAreaName: 'Detalhes',
      templateAreaSubjectAttributes: [
        {
          subjectAttributeId: a('cliente'),
          templateAreaSubjectAttributeLabel: 'Empresa',
          attributeName: 'Cliente',
        },
      ],
    });
    expect(group?.templateAreasMap.map((x) => x.subjectAttributeIdentifier)).toEqual(['prioridade', 'prazo']);
    expect(group?.templateAreasMap[0]?.viewTemplateAreaConfigs.IsOrderable).toBe(0);

    expect(await getTemplate(t.app, admin, created.templateId)).toEqual(created);

    const put = (body: Record<string, unknown>) =>
      t.app.inject(as(admin, { method: 'PUT', url: `/api/template/${created.templateId}`, payload: body }));
    const changed = await put({
      ...customBody(),
      version: 1,
      templateName: 'Chamados do mês',
      showTalkIdOnGrid: false,
      templateAreas: [
        { subjectAttributeId: a('prazo'), templateAreaConfigs: [{ configIdentifier: 'Width', value: 120 }] },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Template>()).toMatchObject({
      templateName: 'Chamados do mês',
      showTalkIdOnGrid: false,
      version: 2,
    });
    expect(areaIdentifiers(changed.json<Template>())).toEqual(['prazo']);

    const stale = await put({ ...customBody(), version: 1 });
    expect(stale.statusCode).toBe(409);
    const cliente = await subjectIds(t.app, admin, 'cliente');
    const moved = await put({ ...customBody(), subjectId: cliente.id });
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)[0]).toEqual({
      message: 'O assunto de um template não pode ser alterado.',
      field: 'subjectId',
    });

    const del = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/template', payload: { templateIds: [created.templateId] } }),
    );
    expect(del.json()).toEqual({ deleted: 1 });
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/template/${created.templateId}` })))
        .statusCode,
    ).toBe(404);
    expect((await put(customBody())).statusCode).toBe(404);
  });

  it('keeps each subject’s default template: no second one, no removal', async () => {
    const defaultId = await defaultTemplateOf(t.app, admin, chamado.id);
    const second = await postTemplate(t.app, admin, {
      subjectId: 'chamado',
      templateType: 3,
      templateAreas: [{ subjectAttributeId: a('titulo') }],
    });
    expect(second.statusCode).toBe(422);
    expect(errorsOf(second)[0]?.message).toBe('Este assunto já possui um template padrão.');
    const del = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/template', payload: { templateIds: [defaultId] } }),
    );
    expect(del.statusCode).toBe(422);
    expect(errorsOf(del)[0]?.message).toBe('O template padrão de um assunto não pode ser removido.');

    // The default can be edited; its name stays when none is given (the editor has no name field for it).
    const edited = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/template/${defaultId}`,
        payload: {
          subjectId: chamado.id,
          templateType: 'CompanyDefault',
          templateAreas: [{ subjectAttributeId: a('titulo') }],
        },
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Template>()).toMatchObject({ templateName: 'Chamado', templateType: 3 });
  });

  it('answers the spec’s validation texts', async () => {
    const empty = await postTemplate(t.app, admin, { templateType: 7, templateAreas: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual([
      { message: 'Selecione um assunto', field: 'subjectId' },
      { message: 'Digite um nome', field: 'templateName' },
      { message: 'Selecione pelo menos um campo.', field: 'templateAreas' },
    ]);

    const user = await postTemplate(t.app, admin, {
      templateType: 2,
      templateName: 'Meu',
      subjectId: chamado.id,
      templateAreas: [{ subjectAttributeId: a('titulo') }],
    });
    expect(errorsOf(user)).toEqual([
      { message: 'Selecione um template base', field: 'parentTemplateId' },
      { message: 'Selecione um usuário', field: 'accountId' },
    ]);

    const long = await postTemplate(t.app, admin, {
      ...customBody(),
      templateName: 'x'.repeat(101),
      templateAreas: [{ subjectAttributeId: a('titulo'), templateAreaName: 'y'.repeat(151) }],
    });
    expect(errorsOf(long)).toEqual([
      { message: 'Máximo de 100 caracteres.', field: 'templateName' },
      { message: 'Máximo de 150 caracteres.', field: 'templateAreas.0.templateAreaName' },
    ]);

    for (const width of [99, 1001, 'largo']) {
      const res = await postTemplate(t.app, admin, {
        ...customBody(),
        templateAreas: [
          {
            subjectAttributeId: a('titulo'),
            templateAreaConfigs: [{ configIdentifier: 'Width', value: width }],
          },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        {
          message: 'A largura deve ser um número entre 100 e 1000.',
          field: 'templateAreas.0.templateAreaConfigs.0.value',
        },
      ]);
    }

    const badType = await postTemplate(t.app, admin, { ...customBody(), templateType: 'Qualquer' });
    expect(errorsOf(badType)[0]).toEqual({
      message: 'Tipo de template desconhecido.',
      field: 'templateType',
    });
  });

  it('shows only attributes of the template’s subject, and sorts only by orderable ones', async () => {
    const cliente = await subjectIds(t.app, admin, 'cliente');
    const foreign = await postTemplate(t.app, admin, {
      ...customBody(),
      templateAreas: [
        { subjectAttributeId: a('titulo') },
        { subjectAttributeId: cliente.attr.nome, templateAreasMap: [{ subjectAttributeId: 999_999 }] },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)).toEqual([
      {
        message: 'O campo escolhido não pertence ao assunto do template.',
        field: 'templateAreas.1.subjectAttributeId',
      },
      {
        message: 'O campo escolhido não pertence ao assunto do template.',
        field: 'templateAreas.1.templateAreasMap.0.subjectAttributeId',
      },
    ]);

    const unsorted = await postTemplate(t.app, admin, {
      ...customBody(),
      templateAreas: [
        {
          subjectAttributeId: a('urgente'),
          templateAreaConfigs: [{ configIdentifier: 'IsOrderable', value: 1 }],
        },
      ],
    });
    expect(unsorted.statusCode).toBe(422);
    expect(errorsOf(unsorted)[0]).toEqual({
      message: 'O campo Urgente não pode ser ordenado.',
      field: 'templateAreas.0.templateAreaConfigs.0.value',
    });
    // Nothing of the refused templates was kept.
    const list = await t.app.inject(as(admin, { method: 'GET', url: '/api/template?templatetype=7' }));
    expect(list.json<{ totalResults: number }>().totalResults).toBe(0);
  });

  it('cleans a removed attribute out of every template, and a removed subject’s templates', async () => {
    const custom = await createTemplate(t.app, admin, customBody());
    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/subject/chamado/attribute/prioridade' }),
    );
    expect(removed.statusCode).toBe(200);
    expect(areaIdentifiers(await getTemplate(t.app, admin, custom.templateId))).toEqual([
      'titulo',
      null,
      'prazo',
    ]);
    const def = await getTemplate(t.app, admin, await defaultTemplateOf(t.app, admin, chamado.id));
    expect(areaIdentifiers(def)).not.toContain('prioridade');
    const left = await t.db.kysely
      .selectFrom('template_areas')
      .select('id')
      .where('attribute_id', '=', a('prioridade'))
      .execute();
    expect(left).toEqual([]);

    // Removing an area's extra attribute removes that entry, not the area.
    await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/chamado/attribute/cliente' }));
    const group = (await getTemplate(t.app, admin, custom.templateId)).templateAreas[1];
    expect(group).toMatchObject({ templateAreaName: 'Detalhes', templateAreaSubjectAttributes: [] });

    expect(
      (await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/chamado' }))).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/template/${custom.templateId}` })))
        .statusCode,
    ).toBe(404);
    const templates = await t.db.kysely
      .selectFrom('templates')
      .select('id')
      .where('subject_id', '=', chamado.id)
      .execute();
    expect(templates).toEqual([]);
  });

  it('is for administrators only', async () => {
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    const id = await defaultTemplateOf(t.app, admin, chamado.id);
    for (const req of [
      { method: 'GET' as const, url: '/api/template?templatetype=3' },
      { method: 'GET' as const, url: `/api/template/${id}` },
      { method: 'GET' as const, url: `/api/template/accounts/${id}` },
      { method: 'POST' as const, url: '/api/template', payload: customBody() },
      { method: 'PUT' as const, url: `/api/template/${id}`, payload: customBody() },
      { method: 'DELETE' as const, url: '/api/template', payload: { templateIds: [id] } },
    ]) {
      expect((await t.app.inject(as(customer, req))).statusCode, req.url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/template' })).statusCode).toBe(401);
  });
});
