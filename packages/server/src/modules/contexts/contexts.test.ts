import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { Template } from '@talkbase/domain/contracts/templates';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import { setRoomSubjectActions } from '../../access/permissions.repository.ts';
import { createTemplate, defaultTemplateOf, subjectIds } from '../templates/template-test-helpers.ts';

let t: TestApp;
let admin: string;
let customer: string;
let customerId: number;
let chamado: { id: number; attr: Record<string, number> };

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = await subjectIds(t.app, admin, 'chamado');
  const person = await createPerson(t.app, admin);
  customerId = person.accountId;
  ({ token: customer } = await login(t.app, person.email, person.password));
});
afterEach(async () => {
  await t.close();
});

const open = (token: string, url: string) => t.app.inject(as(token, { method: 'GET', url }));
const context = async (token: string, url: string) => {
  const res = await open(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContextResponse>();
};
const templateOf = async (token: string, contextId: string, query = '') => {
  const res = await open(token, `/api/context/${contextId}/template${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contextId: string; template: Template }>().template;
};
/** The customers' room may read (and create) chamados, as an administrator would set it. */
const grantCustomer = (actions: string[]) =>
  setRoomSubjectActions(t.db.kysely, 1, CUSTOMER_ROOM_ID, chamado.id, actions);

describe('readable subjects (the records list)', () => {
  it("lists what the account's room may read, by name, and nothing else", async () => {
    const all = await open(admin, '/api/context/subjects');
    expect(all.statusCode, all.body).toBe(200);
    const names = all
      .json<{ subjectIdentifier: string; subjectName: string }[]>()
      .map((s) => s.subjectIdentifier);
    expect(names).toEqual(expect.arrayContaining(['chamado', 'filtro']));
    const before = await open(customer, '/api/context/subjects');
    expect(
      before.json<unknown[]>().map((s) => (s as { subjectIdentifier: string }).subjectIdentifier),
    ).not.toContain('chamado');
    await grantCustomer(['read']);
    const after = await open(customer, '/api/context/subjects');
    expect(after.json()).toContainEqual(
      expect.objectContaining({
        subjectIdentifier: 'chamado',
        subjectName: 'Chamado',
        subjectId: chamado.id,
      }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/context/subjects' })).statusCode).toBe(401);
  });
});

describe('contexts', () => {
  it('opens a subject for an administrator: attributes, every action, subjects around it, the default template', async () => {
    const ctx = await context(admin, '/api/context/web/grid/chamado?templateId=&talkId=');
    expect(ctx.contextId).toMatch(/^c1\./);
    expect(ctx.scenario).toBe('grid');
    expect(ctx.subject).toMatchObject({
      subjectId: chamado.id,
      subjectIdentifier: 'chamado',
      subjectName: 'Chamado',
      actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true },
    });
    const attr = (id: string) => ctx.subject.subjectAttributes.find((a) => a.identifier === id);
    expect(attr('titulo')?.actions).toEqual({ create: true, update: true, delete: true });
    // A non-editable attribute is filled on creation only.
    expect(attr('protocolo')?.actions).toEqual({ create: true, update: false, delete: false });
    expect(ctx.relatedSubjects).toEqual([
      expect.objectContaining({
        subjectAttributeId: chamado.attr.cliente,
        relatedSubject: expect.objectContaining({ subjectIdentifier: 'cliente' }) as unknown,
      }),
    ]);
    expect(ctx.subjectsThatReferThis).toEqual([]);
    expect(ctx.template).toMatchObject({ templateType: 3, subjectId: chamado.id });

    const cliente = await context(admin, '/api/context/web/talkmodal/cliente');
    expect(cliente.subjectsThatReferThis).toEqual([
      expect.objectContaining({
        subjectAttributeId: chamado.attr.cliente,
        relatedSubject: expect.objectContaining({ subjectIdentifier: 'chamado' }) as unknown,
      }),
    ]);

    // Saved filters never deactivate (002 §5).
    const filtro = await context(admin, '/api/context/web/grid/filtro/');
    expect(filtro.subject.actions.Deactivate).toBe(false);
    expect(filtro.template?.templateType).toBe(3);

    const unknown = await open(admin, '/api/context/web/planilha/chamado');
    expect(unknown.statusCode).toBe(400);
    expect((await open(admin, '/api/context/web/grid/naoexiste')).statusCode).toBe(404);
  });

  it('answers a customer only the subjects and actions its room allows', async () => {
    expect((await open(customer, '/api/context/web/grid/chamado')).statusCode).toBe(404);
    await grantCustomer(['read']);
    const ctx = await context(customer, '/api/context/web/grid/chamado');
    expect(ctx.subject.actions).toEqual({
      Read: true,
      Create: false,
      Update: false,
      Delete: false,
      Deactivate: false,
    });
    for (const a of ctx.subject.subjectAttributes)
      expect(a.actions).toEqual({ create: false, update: false, delete: false });
    // The customer may not read clientes: the subject around it is not shown.
    expect(ctx.relatedSubjects).toEqual([]);

    await grantCustomer(['read', 'create']);
    const creating = await context(customer, '/api/context/web/grid/chamado');
    expect(creating.subject.actions).toMatchObject({ Read: true, Create: true, Update: false });
    expect(creating.subject.subjectAttributes.find((a) => a.identifier === 'titulo')?.actions).toEqual({
      create: true,
      update: false,
      delete: false,
    });
  });

  it('resolves the template: the one asked for, else the account’s own, else the company default', async () => {
    await grantCustomer(['read']);
    const defaultId = await defaultTemplateOf(t.app, admin, chamado.id);
    const custom = await createTemplate(t.app, admin, {
      templateName: 'Urgentes',
      subjectId: chamado.id,
      templateType: 7,
      templateAreas: [
        { subjectAttributeId: chamado.attr.titulo },
        { subjectAttributeId: chamado.attr.prazo },
      ],
    });
    const url = (q = '') => `/api/context/web/grid/chamado${q}`;
    expect((await context(customer, url())).template?.templateId).toBe(defaultId);

    const own = await createTemplate(t.app, admin, {
      templateName: 'Meus',
      subjectId: chamado.id,
      templateType: 2,
      parentTemplateId: custom.templateId,
      accountId: customerId,
      templateAreas: [
        {
          subjectAttributeId: chamado.attr.prazo,
          templateAreaConfigs: [{ configIdentifier: 'preselect', value: true }],
        },
      ],
    });
    const mine = await context(customer, url());
    expect(mine.template?.templateId).toBe(own.templateId);
    expect(mine.subject.subjectAttributes.find((a) => a.identifier === 'prazo')?.preSelect).toBe(true);
    // The administrator has no template of their own: the company default.
    expect((await context(admin, url())).template?.templateId).toBe(defaultId);

    expect((await context(customer, url(`?templateId=${custom.templateId}`))).template?.templateId).toBe(
      custom.templateId,
    );
    // Another subject's template, or someone else's user template, is not used: the resolution goes on.
    const cliente = await subjectIds(t.app, admin, 'cliente');
    const clienteDefault = await defaultTemplateOf(t.app, admin, cliente.id);
    expect((await context(customer, url(`?templateid=${clienteDefault}`))).template?.templateId).toBe(
      own.templateId,
    );
    const person = await createPerson(t.app, admin);
    const other = (await login(t.app, person.email, person.password)).token;
    expect((await context(other, url(`?templateId=${own.templateId}`))).template?.templateId).toBe(defaultId);

    await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/template', payload: { templateIds: [own.templateId] } }),
    );
    expect((await context(customer, url())).template?.templateId).toBe(defaultId);
  });

  it('answers the template of a context, and the form a talk modal opens with', async () => {
    const registration = await createTemplate(t.app, admin, {
      templateName: 'Cadastro',
      subjectId: chamado.id,
      templateType: 5,
      templateAreas: [
        { templateAreaName: 'Dados', templateAreasMap: [{ subjectAttributeId: chamado.attr.titulo }] },
      ],
    });
    const custom = await createTemplate(t.app, admin, {
      templateName: 'Com cadastro',
      subjectId: chamado.id,
      templateType: 7,
      relatedTemplateIds: [registration.templateId],
      templateAreas: [{ subjectAttributeId: chamado.attr.titulo }],
    });
    const ctx = await context(admin, `/api/context/web/grid/chamado?templateId=${custom.templateId}`);
    expect(ctx.template?.relatedTemplates).toEqual([
      { templateId: registration.templateId, templateName: 'Cadastro', templateType: 5 },
    ]);
    expect((await templateOf(admin, ctx.contextId)).templateId).toBe(custom.templateId);
    expect((await templateOf(admin, ctx.contextId, '?IsNewTalk=true')).templateId).toBe(
      registration.templateId,
    );
    // No edition form: none (the form lays out every attribute), never the context's grid template.
    expect(await templateOf(admin, ctx.contextId, '?IsNewTalk=false')).toBeNull();
    const asked = await templateOf(admin, ctx.contextId, `?templateid=${registration.templateId}&IsNewTalk=`);
    expect(asked.templateId).toBe(registration.templateId);
    expect(asked.templateAreas[0]?.templateAreasMap[0]?.subjectAttributeIdentifier).toBe('titulo');
  });

  it("never answers the grid's template as the form: cutting the default grid's columns leaves the form whole", async () => {
    const defaultId = await defaultTemplateOf(t.app, admin, chamado.id);
    const cut = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/template/${defaultId}`,
        payload: {
          subjectId: chamado.id,
          templateType: 'CompanyDefault',
          templateAreas: [{ subjectAttributeId: chamado.attr.titulo }],
        },
      }),
    );
    expect(cut.statusCode, cut.body).toBe(200);
    const ctx = await context(admin, '/api/context/web/grid/chamado');
    expect(ctx.template?.templateId).toBe(defaultId);
    // The grid keeps its one column; the forms have no template: every readable attribute.
    expect((await templateOf(admin, ctx.contextId)).templateId).toBe(defaultId);
    expect(await templateOf(admin, ctx.contextId, '?IsNewTalk=true')).toBeNull();
    expect(await templateOf(admin, ctx.contextId, '?IsNewTalk=false')).toBeNull();

    // An edition form of the subject, related to no grid, is the form of every record being edited.
    const edition = await createTemplate(t.app, admin, {
      templateName: 'Edição de chamado',
      subjectId: chamado.id,
      templateType: 6,
      templateAreas: [
        { subjectAttributeId: chamado.attr.titulo },
        { subjectAttributeId: chamado.attr.prazo },
      ],
    });
    expect((await templateOf(admin, ctx.contextId, '?IsNewTalk=false')).templateId).toBe(edition.templateId);
    expect(await templateOf(admin, ctx.contextId, '?IsNewTalk=true')).toBeNull();
  });

  it('refuses a contextId of another account, a forged one, and one whose subject the room no longer reads', async () => {
    await grantCustomer(['read']);
    const ctx = await context(customer, '/api/context/web/grid/chamado');
    expect((await templateOf(customer, ctx.contextId)).subjectId).toBe(chamado.id);

    const stolen = await open(admin, `/api/context/${ctx.contextId}/template`);
    expect(stolen.statusCode).toBe(404);
    expect(errorsOf(stolen)[0]?.message).toBe('Contexto não encontrado.');

    const [prefix, payload, mac] = ctx.contextId.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as unknown[];
    claims[1] = 1; // claim to be the administrator
    const forged = `${prefix}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
    expect((await open(admin, `/api/context/${forged}/template`)).statusCode).toBe(404);
    expect((await open(customer, '/api/context/qualquer-coisa/template')).statusCode).toBe(404);

    await grantCustomer([]);
    expect((await open(customer, `/api/context/${ctx.contextId}/template`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/context/${ctx.contextId}/template` })).statusCode,
    ).toBe(401);
  });
});
