import type { FastifyInstance } from 'fastify';
import type { Authenticator } from './route.ts';

/**
 * One module's routes, registered as a Fastify plugin from the one list (route-plugins.ts). `S` is
 * what the plugin reads of the instance's services: a module names its own needs, never the whole.
 */
export interface RoutePlugin<S> {
  /** The module's name, shown when its registration fails. */
  name: string;
  register(app: FastifyInstance, authenticate: Authenticator, services: S): void | Promise<void>;
}

/** Registers each plugin in its own Fastify context, in the list's order. */
export async function registerRoutePlugins<S>(
  app: FastifyInstance,
  plugins: readonly RoutePlugin<S>[],
  authenticate: Authenticator,
  services: S,
): Promise<void> {
  for (const plugin of plugins) {
    await app.register(async (scope) => {
      try {
        await plugin.register(scope, authenticate, services);
      } catch (err) {
        throw new Error(`routes of ${plugin.name} could not be registered`, { cause: err });
      }
    });
  }
}
