import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { menuResourceSchema } from '@talkbase/domain/contracts/menus';
import { notificationForMatrixSchema } from '@talkbase/domain/contracts/notifications';
import { pageOf } from '@talkbase/domain/contracts/pages';
import {
  ROOM_ACTIONS,
  roomActionItemSchema,
  roomDetailSchema,
  roomInputSchema,
  roomSummarySchema,
  subjectResourceSchema,
} from '@talkbase/domain/contracts/rooms';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { RoomsService } from './rooms.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const roomParams = z.object({ roomId: idSchema });

/** The room calls of spec 001 §7 (administrators). */
export function registerRoomRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  rooms: RoomsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/Room',
    permission: 'admin',
    query: z.object({
      page: z.coerce.number().int().min(1).catch(1).default(1),
      // 001 §9: the room list defaults to 100 when fetch is not given.
      fetch: z.coerce.number().int().min(1).catch(100).default(100),
      term: z.string().trim().max(150).optional(),
    }),
    response: pageOf(roomSummarySchema),
    handler: ({ query, auth }) => rooms.page(auth.companyId, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/room/action',
    permission: 'admin',
    response: z.array(roomActionItemSchema),
    handler: () => Promise.resolve(ROOM_ACTIONS.map(({ action: _a, ...rest }) => rest)),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/room/resource',
    permission: 'admin',
    response: z.object({ Menus: z.array(menuResourceSchema), Subjects: z.array(subjectResourceSchema) }),
    handler: ({ auth }) => rooms.resources(auth.companyId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/room/notification',
    permission: 'admin',
    response: z.array(notificationForMatrixSchema),
    handler: ({ auth }) => rooms.notificationOptions(auth.companyId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/room/:roomId',
    permission: 'admin',
    params: roomParams,
    response: roomDetailSchema,
    handler: ({ params, auth }) => rooms.get(auth.companyId, params.roomId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/room',
    permission: 'admin',
    body: roomInputSchema,
    response: z.object({ resourceId: z.number().int(), roomId: z.number().int() }),
    status: 201,
    handler: async ({ body, auth, reply }) => {
      const id = await rooms.create(auth.companyId, body);
      reply.code(201).header('location', `/api/room/${id}`);
      return { resourceId: id, roomId: id };
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/room/:roomId',
    permission: 'admin',
    params: roomParams,
    body: roomInputSchema,
    response: roomDetailSchema,
    handler: async ({ params, body, auth }) => {
      await rooms.update(auth.companyId, params.roomId, body);
      return rooms.get(auth.companyId, params.roomId);
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/room/:roomId',
    permission: 'admin',
    params: roomParams,
    status: 204,
    handler: async ({ params, auth }) => {
      await rooms.remove(auth.companyId, params.roomId);
    },
  });
}
