import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiTaskSchema,
  taskActionAnswerSchema,
  taskActionSchema,
  taskCreateAnswerSchema,
  taskCreateSchema,
  taskFilterSchema,
  taskInProgressAnswerSchema,
  taskPageSchema,
} from '@talkbase/domain/contracts/tasks';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { TASK_ACTIONS } from '@talkbase/domain/tasks/task-state';
import { TASK_ACTION_PATHS } from '@talkbase/domain/contracts/tasks';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { TasksService } from './tasks.service.ts';

const talkParams = z.object({ talkId: idSchema });

/**
 * The task calls of spec 002 §7. Their static `tarefa` segment takes precedence over the talk
 * calls' `{subject}` (find-my-way matches static segments first): a task is created, read and
 * listed here with its timer; its other paths (update, timeline, delete, batch) stay the talks'
 * calls, where the task rules run as the subject's write rule.
 */
export function registerTaskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  tasks: TasksService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/Talk/Task/InProgress',
    permission: 'session',
    response: taskInProgressAnswerSchema,
    handler: ({ auth }) => tasks.inProgress(auth),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/filter/tarefa',
    permission: 'session',
    body: taskFilterSchema,
    response: taskPageSchema,
    handler: ({ auth, body }) => tasks.filter(auth, body),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/tarefa/:talkId',
    permission: 'session',
    params: talkParams,
    response: apiTaskSchema,
    handler: ({ auth, params }) => tasks.get(auth, params.talkId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/tarefa',
    permission: 'session',
    body: taskCreateSchema,
    response: taskCreateAnswerSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const answer = await tasks.create(auth, body);
      reply.code(201).header('location', `/context/talk/tarefa/${String(answer.resourceId)}`);
      return answer;
    },
  });

  for (const action of TASK_ACTIONS) {
    defineRoute(app, authenticate, {
      method: 'POST',
      url: `/api/talk/tarefa/${TASK_ACTION_PATHS[action]}`,
      permission: 'session',
      body: taskActionSchema,
      response: taskActionAnswerSchema,
      handler: ({ auth, body }) => tasks.act(auth, body.talkId, action),
    });
  }
}
