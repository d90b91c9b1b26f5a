import type { FastifyInstance } from 'fastify';
import {
  accountPreferencesSchema,
  preferencesPath,
  savePreferencesBodySchema,
} from '@talkbase/domain/contracts/preferences';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { PreferencesService } from './preferences.service.ts';

/** GET and PUT /api/account/preferences: open to every signed-in account, for itself only. */
export function registerPreferencesRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  preferences: PreferencesService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: preferencesPath,
    permission: 'session',
    response: accountPreferencesSchema,
    handler: ({ auth }) => preferences.get(auth),
  });
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: preferencesPath,
    permission: 'session',
    body: savePreferencesBodySchema,
    bodyLimit: 4 * 1024,
    response: accountPreferencesSchema,
    handler: ({ auth, body }) => preferences.save(auth, body),
  });
}
