import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { Template } from '@talkbase/domain/contracts/templates';
import { as } from '../../test/harness.ts';

/** Test helpers of the templates and contexts suites: subjects by id, templates through the API. */
export async function subjectIds(
  app: FastifyInstance,
  token: string,
  identifier: string,
): Promise<{ id: number; attr: Record<string, number> }> {
  const res = await app.inject(as(token, { method: 'GET', url: `/api/subject/${identifier}` }));
  const s = res.json<Subject>();
  return {
    id: s.subjectId,
    attr: Object.fromEntries(s.subjectAttributes.map((a) => [a.identifier, a.subjectAttributeId])),
  };
}

export function postTemplate(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject(as(token, { method: 'POST', url: '/api/template', payload: body }));
}

export async function createTemplate(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<Template> {
  const res = await postTemplate(app, token, body);
  if (res.statusCode !== 201) throw new Error(`create template: ${res.statusCode} ${res.body}`);
  return res.json<Template>();
}

export async function getTemplate(app: FastifyInstance, token: string, id: number): Promise<Template> {
  const res = await app.inject(as(token, { method: 'GET', url: `/api/template/${id}` }));
  if (res.statusCode !== 200) throw new Error(`get template: ${res.statusCode} ${res.body}`);
  return res.json<Template>();
}

/** The company default template of a subject, found through the list call as the console does. */
export async function defaultTemplateOf(
  app: FastifyInstance,
  token: string,
  subjectId: number,
): Promise<number> {
  const res = await app.inject(
    as(token, { method: 'GET', url: `/api/template?templatetype=3&subjectId=${subjectId}&fetch=10` }),
  );
  const id = res.json<{ itens: { templateId: number }[] }>().itens[0]?.templateId;
  if (!id) throw new Error(`no default template: ${res.body}`);
  return id;
}

/** Attribute identifiers of a template's areas, depth first. */
export function areaIdentifiers(t: Template): (string | null)[] {
  const out: (string | null)[] = [];
  const walk = (areas: Template['templateAreas']) => {
    for (const a of areas) {
      out.push(a.subjectAttributeIdentifier);
      walk(a.templateAreasMap);
    }
  };
  walk(t.templateAreas);
  return out;
}
