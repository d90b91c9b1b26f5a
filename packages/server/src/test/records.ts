import type { FastifyInstance } from 'fastify';
import { as } from './harness.ts';

/** A small CRM-like schema used by the records tests: clients and the tickets that point to them. */
export async function createCrm(app: FastifyInstance, token: string): Promise<void> {
  const cliente = await app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'cliente',
        name: 'Cliente',
        icon: 'business',
        attributes: [
          { identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true, isOrderable: true },
          { identifier: 'cnpj', name: 'CNPJ', componentId: 'Identificacao', isNaturalKey: true },
        ],
      },
    }),
  );
  if (cliente.statusCode !== 201) throw new Error(`cliente: ${cliente.body}`);
  const chamado = await app.inject(
    as(token, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'chamado',
        name: 'Chamado',
        attributes: [
          {
            identifier: 'titulo',
            name: 'Título',
            componentId: 1,
            isRequired: true,
            isOrderable: true,
            length: 120,
          },
          { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
          { identifier: 'prioridade', name: 'Prioridade', componentId: 3, isOrderable: true },
          { identifier: 'prazo', name: 'Prazo', componentId: 32, isOrderable: true },
          { identifier: 'abertura', name: 'Abertura', componentId: 11 },
          { identifier: 'urgente', name: 'Urgente', componentId: 10 },
          { identifier: 'emails', name: 'E-mails', componentId: 13, isMultipleValues: true },
          { identifier: 'protocolo', name: 'Protocolo', componentId: 1, isEditable: false },
        ],
      },
    }),
  );
  if (chamado.statusCode !== 201) throw new Error(`chamado: ${chamado.body}`);
}

export async function createTalk(
  app: FastifyInstance,
  token: string,
  subject: string,
  values: Record<string, unknown>,
): Promise<number> {
  const res = await app.inject(
    as(token, {
      method: 'POST',
      url: `/api/talk/${subject}`,
      payload: {
        talkValues: Object.entries(values).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
      },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`create ${subject}: ${res.statusCode} ${res.body}`);
  return res.json<{ resourceId: number }>().resourceId;
}

export const valuesOf = (talk: { talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }) =>
  Object.fromEntries(talk.talkValues.map((v) => [v.subjectAttributeIdentifier, v.value]));
