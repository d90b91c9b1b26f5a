import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportModel } from '@talkbase/domain/contracts/report-models';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { otherCompanyToken } from '../../test/other-company.ts';
import { createCrm } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let chamado: Subject;
let cliente: Subject;
const attr = (s: Subject, id: string) =>
  s.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId ?? 0;

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<Subject>();
  cliente = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/cliente' }))).json<Subject>();
});
afterEach(async () => {
  await t.close();
});

const column = (name: string, values: string[], width = 25) => ({
  columnIdentifier: 100000,
  configs: [
    { configIdentifier: 'name', value: name },
    { configIdentifier: 'width', value: width },
    { configIdentifier: 'backgroundColor', value: '#ffffff' },
    { configIdentifier: 'fontColor', value: '#000000' },
  ],
  attributes: values.map((value) => ({ value, isGrouped: false })),
});

function model(over: Record<string, unknown> = {}) {
  return {
    templateName: 'Chamados por cliente',
    subjects: ['chamado'],
    relatedSubjects: [
      {
        relatedSubjectId: cliente.subjectId,
        relationshipSubjectAttributeId: attr(chamado, 'cliente'),
        relationshipOwnerSubjectId: chamado.subjectId,
        order: 0,
      },
    ],
    columns: [
      column('Título', ['${chamado.titulo}']),
      column('Cliente', ['${cliente.nome} - ${cliente.cnpj}'], 60),
    ],
    ...over,
  };
}

async function create(token: string, body: object) {
  return t.app.inject(as(token, { method: 'POST', url: '/api/report/model', payload: body }));
}

describe('report models', () => {
  it('creates, lists, reads, changes and removes a model', async () => {
    const created = await create(admin, model());
    expect(created.statusCode).toBe(201);
    const saved = created.json<ReportModel>();
    expect(created.headers.location).toBe(`/api/report/model/${saved.templateId}`);
    expect(saved).toMatchObject({
      templateName: 'Chamados por cliente',
      subjectIdentifier: 'chamado',
      version: 1,
      subjects: [
        { subjectIdentifier: 'chamado', subjectName: 'Chamado' },
        { subjectIdentifier: 'cliente', subjectName: 'Cliente' },
      ],
    });
    // The server records each value's subject and the columns' order.
    expect(saved.columns[1]).toMatchObject({
      order: 1,
      attributes: [{ value: '${cliente.nome} - ${cliente.cnpj}', subjectId: cliente.subjectId }],
    });

    const list = await t.app.inject(as(admin, { method: 'GET', url: '/api/report/model/list/' }));
    expect(list.json()).toEqual({
      itens: [
        { templateId: saved.templateId, templateName: 'Chamados por cliente', subjectIdentifier: 'chamado' },
      ],
      totalResults: 1,
      currentPage: 1,
    });
    const read = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/Report/Model/${saved.templateId}` }),
    );
    expect(read.json<ReportModel>().subjects[0]?.subjectIdentifier).toBe('chamado');

    const put = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/report/model/${saved.templateId}`,
        payload: { ...model({ templateName: 'Renomeado' }), version: 1 },
      }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json<ReportModel>()).toMatchObject({ templateName: 'Renomeado', version: 2 });

    const stale = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/report/model/${saved.templateId}`,
        payload: { ...model(), version: 1 },
      }),
    );
    expect(stale.statusCode).toBe(409);

    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/report/model', payload: { TemplateIds: [saved.templateId] } }),
    );
    expect(removed.json()).toEqual({ deleted: 1 });
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/report/model/${saved.templateId}` })))
        .statusCode,
    ).toBe(404);
  });

  it('answers the column rules with the spec messages', async () => {
    const none = await create(admin, model({ columns: [] }));
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none)).toEqual([{ message: 'Adicione pelo menos uma coluna', field: 'columns' }]);

    const bad = await create(admin, model({ columns: [column('', ['sem atributo'], 27)] }));
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual(
      expect.arrayContaining([
        { message: 'Informe o nome da coluna', field: 'columns.0.name' },
        { message: 'Nenhum atributo selecionado', field: 'columns.0.attributes.0.value' },
        expect.objectContaining({ field: 'columns.0.width' }),
      ]),
    );

    const noName = await create(admin, model({ templateName: ' ' }));
    expect(errorsOf(noName)).toContainEqual({ message: 'Digite um nome', field: 'templateName' });
  });

  it('refuses attributes outside the model and relations that do not link the subjects', async () => {
    const outside = await create(admin, model({ relatedSubjects: [] }));
    expect(outside.statusCode).toBe(422);
    expect(errorsOf(outside)).toContainEqual({
      message: 'O atributo ${cliente.nome} não pertence aos assuntos do modelo.',
      field: 'columns.1.attributes.0.value',
    });

    const unknown = await create(admin, model({ columns: [column('X', ['${chamado.naoexiste}'])] }));
    expect(unknown.statusCode).toBe(422);

    const relation = await create(
      admin,
      model({
        relatedSubjects: [
          {
            relatedSubjectId: cliente.subjectId,
            relationshipSubjectAttributeId: attr(chamado, 'titulo'),
            relationshipOwnerSubjectId: chamado.subjectId,
          },
        ],
      }),
    );
    expect(errorsOf(relation)).toContainEqual({
      message: 'O relacionamento escolhido não liga esses assuntos.',
      field: 'relatedSubjects.0',
    });

    const subject = await create(admin, model({ subjects: ['naoexiste'] }));
    expect(errorsOf(subject)).toContainEqual({ message: 'Assunto não encontrado.', field: 'subjects.0' });
  });

  it('lets only administrators write, and only readers of the subject read', async () => {
    const saved = (await create(admin, model())).json<ReportModel>();
    const room = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: {
          roomName: 'Leitura de clientes',
          permissions: { subjects: [{ resourceId: cliente.subjectId, actions: ['read'] }] },
        },
      }),
    );
    const person = await createPerson(t.app, admin, { roomId: room.json<{ roomId: number }>().roomId });
    const token = (await login(t.app, person.email, person.password)).token;

    expect((await create(token, model())).statusCode).toBe(403);
    expect(
      (
        await t.app.inject(
          as(token, {
            method: 'DELETE',
            url: '/api/report/model',
            payload: { TemplateIds: [saved.templateId] },
          }),
        )
      ).statusCode,
    ).toBe(403);
    // The model's main subject is chamado, which this room does not read: it does not exist for it.
    const list = await t.app.inject(as(token, { method: 'GET', url: '/api/report/model/list' }));
    expect(list.json()).toMatchObject({ itens: [], totalResults: 0 });
    expect(
      (await t.app.inject(as(token, { method: 'GET', url: `/api/report/model/${saved.templateId}` })))
        .statusCode,
    ).toBe(404);

    const clientes = await create(
      admin,
      model({
        templateName: 'Clientes',
        subjects: ['cliente'],
        relatedSubjects: [],
        columns: [column('Nome', ['${cliente.nome}'])],
      }),
    );
    const visible = await t.app.inject(as(token, { method: 'GET', url: '/api/report/model/list?term=clie' }));
    expect(visible.json()).toMatchObject({
      itens: [{ templateId: clientes.json<ReportModel>().templateId, subjectIdentifier: 'cliente' }],
      totalResults: 1,
    });
  });

  it('keeps each company to its own models', async () => {
    const saved = (await create(admin, model())).json<ReportModel>();
    const other = await otherCompanyToken(t);
    expect(
      (await t.app.inject(as(other, { method: 'GET', url: `/api/report/model/${saved.templateId}` })))
        .statusCode,
    ).toBe(404);
    const removed = await t.app.inject(
      as(other, { method: 'DELETE', url: '/api/report/model', payload: { TemplateIds: [saved.templateId] } }),
    );
    expect(removed.json()).toEqual({ deleted: 0 });
    const put = await t.app.inject(
      as(other, { method: 'PUT', url: `/api/report/model/${saved.templateId}`, payload: model() }),
    );
    expect(put.statusCode).toBe(404);
  });
});
