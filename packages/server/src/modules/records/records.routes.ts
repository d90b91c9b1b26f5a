import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { sendStreamedList } from '../../http/streamed-list.ts';
import type { TalkQueryService } from './record-query.service.ts';
import { resourceIdSchema } from '@talkbase/domain/contracts/pages';
import {
  apiTalkSchema,
  pagedTalksSchema,
  timelinePageSchema,
  talkCreateManySchema,
  talkFilterSchema,
  talkIdsSchema,
  talkUpdateManySchema,
  talkWriteSchema,
} from '@talkbase/domain/contracts/talks';
import type { TalksService } from './records.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const subjectParams = z.object({ subject: z.string().trim().min(1).max(60) });
const talkParams = subjectParams.extend({ talkId: idSchema });
const resourceIdsAnswer = z.object({ resourceIds: z.array(z.number().int()) });

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  fetch: z.coerce.number().int().min(1).catch(50).default(50),
});

/** The talk calls of spec 002 §7. Each checks the account's room in the service. */
export function registerTalkRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  talks: TalksService,
  query: TalkQueryService,
): void {
  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/filter/:subject',
    permission: 'session',
    params: subjectParams,
    body: talkFilterSchema,
    response: pagedTalksSchema,
    handler: async ({ params, body, auth, reply }) =>
      body.fetch > MAX_PAGE_SIZE
        ? sendStreamedList(reply, await query.filterStreamed(auth, params.subject, body))
        : query.filter(auth, params.subject, body),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/:subject/:talkId',
    permission: 'session',
    params: talkParams,
    response: apiTalkSchema,
    confirmsSession: true,
    handler: ({ params, auth }) => talks.get(auth, params.subject, params.talkId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/:subject/:talkId/timeline',
    permission: 'session',
    params: talkParams,
    query: pageQuery,
    response: timelinePageSchema,
    handler: ({ params, query: q, auth }) =>
      talks.timeline(auth, params.subject, params.talkId, q.page, q.fetch),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/:subject',
    permission: 'session',
    params: subjectParams,
    body: talkWriteSchema,
    response: resourceIdSchema,
    status: 201,
    handler: async ({ params, body, auth, reply }) => {
      const { resourceId, subject } = await talks.create(auth, params.subject, body);
      // The record's route in the web app: the client goes there after creating outside the grid.
      reply.code(201).header('location', `/context/talk/${subject.identifier}/${resourceId}`);
      return { resourceId };
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/:subject/many',
    permission: 'session',
    params: subjectParams,
    body: talkCreateManySchema,
    response: resourceIdsAnswer,
    status: 201,
    handler: async ({ params, body, auth, reply }) => {
      const created = await talks.createMany(auth, params.subject, body.talks);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/talk/:subject/many',
    permission: 'session',
    params: subjectParams,
    body: talkUpdateManySchema,
    response: resourceIdsAnswer,
    handler: ({ params, body, auth }) => talks.updateMany(auth, params.subject, body.talks),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/talk/:subject/:talkId',
    permission: 'session',
    params: talkParams,
    body: talkWriteSchema,
    response: apiTalkSchema,
    handler: ({ params, body, auth }) => talks.update(auth, params.subject, params.talkId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/talk/:subject',
    permission: 'session',
    params: subjectParams,
    body: talkIdsSchema,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ params, body, auth }) => talks.remove(auth, params.subject, body.talkIds),
  });

  for (const [path, active] of [
    ['batchDeactivate', false],
    ['batchActivate', true],
  ] as const) {
    defineRoute(app, authenticate, {
      method: 'POST',
      url: `/api/talk/${path}/:subject`,
      permission: 'session',
      params: subjectParams,
      body: talkIdsSchema,
      response: z.object({ changed: z.number().int() }),
      handler: ({ params, body, auth }) => talks.setActive(auth, params.subject, body.talkIds, active),
    });
  }
}
