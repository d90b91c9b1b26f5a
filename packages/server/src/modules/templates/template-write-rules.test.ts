import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import { createTemplate, subjectIds } from './template-test-helpers.ts';

let t: TestApp;
let admin: string;
let chamado: { id: number; attr: Record<string, number> };
let formId: number;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = await subjectIds(t.app, admin, 'chamado');
  // A registration form: 'prioridade' required by the template, 'prazo' hidden with a default.
  formId = (
    await createTemplate(t.app, admin, {
      templateName: 'Cadastro rápido',
      subjectId: chamado.id,
      templateType: 5,
      templateAreas: [
        { subjectAttributeId: a('titulo'), order: 1 },
        {
          subjectAttributeId: a('prioridade'),
          order: 2,
          templateAreaConfigs: [{ configIdentifier: 'isrequired', value: true }],
        },
        {
          subjectAttributeId: a('prazo'),
          order: 3,
          templateAreaConfigs: [
            { configIdentifier: 'ishidden', value: true },
            { configIdentifier: 'hiddenfielddefaultvalue', value: '2030-01-31' },
          ],
        },
      ],
    })
  ).templateId;
});
afterEach(async () => {
  await t.close();
});

const a = (id: string) => chamado.attr[id] as number;
const write = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject(as(admin, { method, url, payload }));
const valueOf = async (talkId: number, identifier: string) => {
  const res = await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/chamado/${talkId}` }));
  const talk = res.json<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>();
  return talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value ?? null;
};

describe('a save that names its template (001 §3 isrequired, hiddenfielddefaultvalue)', () => {
  it('refuses a create that leaves a field the template requires blank, naming the field', async () => {
    const res = await write('POST', '/api/talk/chamado', {
      templateId: formId,
      talkValues: [{ subjectAttributeId: a('titulo'), value: 'Sem prioridade' }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ message: 'O campo Prioridade é obrigatório.', field: 'prioridade' }]);
  });

  it('the same create without the template is accepted (the attribute itself is optional)', async () => {
    const res = await write('POST', '/api/talk/chamado', {
      talkValues: [{ subjectAttributeId: a('titulo'), value: 'Sem prioridade' }],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ resourceId: number }>().resourceId;
    expect(await valueOf(id, 'prazo')).toBeNull();
  });

  it('a hidden field gets its default on create, and keeps what the client gave', async () => {
    const res = await write('POST', '/api/talk/chamado', {
      templateId: formId,
      talkValues: [
        { subjectAttributeId: a('titulo'), value: 'Com prazo oculto' },
        { subjectAttributeId: a('prioridade'), value: 2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ resourceId: number }>().resourceId;
    expect(await valueOf(id, 'prazo')).toBe('2030-01-31');

    const given = await write('POST', '/api/talk/chamado', {
      templateId: formId,
      talkValues: [
        { subjectAttributeId: a('titulo'), value: 'Prazo dado' },
        { subjectAttributeId: a('prioridade'), value: 1 },
        { subjectAttributeId: a('prazo'), value: '2031-05-02' },
      ],
    });
    expect(await valueOf(given.json<{ resourceId: number }>().resourceId, 'prazo')).toBe('2031-05-02');
  });

  it('on update: clearing a required field is refused; a field not given is left alone', async () => {
    const created = await write('POST', '/api/talk/chamado', {
      templateId: formId,
      talkValues: [
        { subjectAttributeId: a('titulo'), value: 'Original' },
        { subjectAttributeId: a('prioridade'), value: 3 },
      ],
    });
    const id = created.json<{ resourceId: number }>().resourceId;
    const cleared = await write('PUT', `/api/talk/chamado/${id}`, {
      templateId: formId,
      talkValues: [{ subjectAttributeId: a('prioridade'), value: null }],
    });
    expect(cleared.statusCode).toBe(400);
    expect(errorsOf(cleared)[0]).toEqual({
      message: 'O campo Prioridade é obrigatório.',
      field: 'prioridade',
    });
    expect(await valueOf(id, 'prioridade')).toBe(3);

    const renamed = await write('PUT', `/api/talk/chamado/${id}`, {
      templateId: formId,
      talkValues: [
        { subjectAttributeId: a('titulo'), value: 'Renomeado' },
        { subjectAttributeId: a('prazo'), value: '' },
      ],
    });
    expect(renamed.statusCode).toBe(200);
    expect(await valueOf(id, 'titulo')).toBe('Renomeado');
    // The hidden field sent blank gets the template's default back, not a silent clear.
    expect(await valueOf(id, 'prazo')).toBe('2030-01-31');
  });

  it("a templateId of another subject is ignored, as the context's resolution ignores it", async () => {
    const cliente = await subjectIds(t.app, admin, 'cliente');
    const other = await createTemplate(t.app, admin, {
      templateName: 'Cliente',
      subjectId: cliente.id,
      templateType: 5,
      templateAreas: [
        {
          subjectAttributeId: cliente.attr.cnpj,
          templateAreaConfigs: [{ configIdentifier: 'isrequired', value: true }],
        },
      ],
    });
    const res = await write('POST', '/api/talk/chamado', {
      templateId: other.templateId,
      talkValues: [{ subjectAttributeId: a('titulo'), value: 'Outro template' }],
    });
    expect(res.statusCode).toBe(201);
  });
});
