import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  attributeInputSchema,
  attributeOrderSchema,
  attributeUpdateSchema,
  referringAttributeSchema,
  subjectInputSchema,
  subjectPageSchema,
  subjectSchema,
  subjectUpdateSchema,
  subjectUsageSchema,
} from '@talkbase/domain/contracts/subjects';
import { pagingQuerySchema } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SubjectsService } from './subjects.service.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { Subject } from '@talkbase/domain/contracts/subjects';

const subjectParams = z.object({ subject: z.string().trim().min(1).max(60) });
const attributeParams = subjectParams.extend({ attribute: z.string().trim().min(1).max(60) });

/**
 * Schema management (administrators) and the subject lists of the spec:
 * GET /api/subject (page, fetch, term), GET /api/subject/related/other/{subject}.
 * Administrators read the whole schema; anyone else reads only the subjects its room may read,
 * with the attributes it may read (the access policy, modules/permissions).
 */
export function registerSubjectRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  subjects: SubjectsService,
  permissions: PermissionsService,
): void {
  /** The subject's attributes the account may read. */
  const readable = async (auth: AuthContext, subject: Subject): Promise<Subject> => {
    const meta = await subjects.loadById(auth.companyId, subject.subjectId, undefined, auth);
    const { hidden } = await permissions.policy(auth, meta);
    return hidden.size
      ? {
          ...subject,
          subjectAttributes: subject.subjectAttributes.filter((a) => !hidden.has(a.subjectAttributeId)),
        }
      : subject;
  };

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject',
    permission: 'session',
    query: pagingQuerySchema,
    response: subjectPageSchema,
    handler: async ({ query, auth }) => {
      if (auth.isAdmin) return subjects.page(auth.companyId, query);
      const ids = await permissions.readableSubjectIds(auth);
      if (ids.length === 0) return { itens: [], totalResults: 0, currentPage: query.page };
      const page = await subjects.page(auth.companyId, { ...query, onlyIds: ids });
      return { ...page, itens: await Promise.all(page.itens.map((s) => readable(auth, s))) };
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/related/other/:subject',
    permission: 'session',
    params: subjectParams,
    response: z.array(referringAttributeSchema),
    handler: async ({ params, auth }) => {
      if (auth.isAdmin) return subjects.referring(auth.companyId, params.subject);
      await permissions.schemaOf(auth, params.subject);
      const out = [];
      for (const r of await subjects.referring(auth.companyId, params.subject)) {
        const from = await subjects.loadById(auth.companyId, r.relatedSubject.subjectId, undefined, auth);
        const policy = await permissions.readable(auth, from);
        if (policy && !policy.hidden.has(r.subjectAttributeId)) out.push(r);
      }
      return out;
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/:subject',
    permission: 'session',
    params: subjectParams,
    response: subjectSchema,
    handler: async ({ params, auth }) => {
      const subject = auth.isAdmin
        ? await subjects.load(auth.companyId, params.subject)
        : (await permissions.schemaOf(auth, params.subject)).view;
      const [one] = await subjects.toApi(auth.companyId, [subject]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/subject',
    permission: 'admin',
    body: subjectInputSchema,
    response: subjectSchema,
    status: 201,
    handler: async ({ body, auth, reply }) => {
      const created = await subjects.create(auth.companyId, body);
      reply.code(201).header('location', `/api/subject/${created.identifier}`);
      const [one] = await subjects.toApi(auth.companyId, [created]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/subject/:subject',
    permission: 'admin',
    params: subjectParams,
    body: subjectUpdateSchema,
    response: subjectSchema,
    handler: async ({ params, body, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.update(auth.companyId, params.subject, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/subject/:subject',
    permission: 'admin',
    params: subjectParams,
    status: 204,
    handler: async ({ params, auth }) => {
      await subjects.remove(auth.companyId, params.subject);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/:subject/usage',
    permission: 'admin',
    params: subjectParams,
    response: subjectUsageSchema,
    handler: ({ params, auth }) => subjects.usage(auth.companyId, params.subject),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/:subject/attribute/:attribute/usage',
    permission: 'admin',
    params: attributeParams,
    response: subjectUsageSchema,
    handler: ({ params, auth }) => subjects.usage(auth.companyId, params.subject, params.attribute),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/subject/:subject/attribute-order',
    permission: 'admin',
    params: subjectParams,
    body: attributeOrderSchema,
    response: subjectSchema,
    handler: async ({ params, body, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.reorderAttributes(auth.companyId, params.subject, body.attributes),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/subject/:subject/attribute',
    permission: 'admin',
    params: subjectParams,
    body: attributeInputSchema,
    response: subjectSchema,
    status: 201,
    handler: async ({ params, body, auth, reply }) => {
      reply.code(201);
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.addAttribute(auth.companyId, params.subject, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/subject/:subject/attribute/:attribute',
    permission: 'admin',
    params: attributeParams,
    body: attributeUpdateSchema,
    response: subjectSchema,
    handler: async ({ params, body, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.updateAttribute(auth.companyId, params.subject, params.attribute, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/subject/:subject/attribute/:attribute',
    permission: 'admin',
    params: attributeParams,
    response: subjectSchema,
    handler: async ({ params, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.removeAttribute(auth.companyId, params.subject, params.attribute),
      ]);
      return one;
    },
  });
}
