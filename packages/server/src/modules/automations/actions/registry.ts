import type { ActionHandler } from './types.ts';

/** Default retry policy for a kind that names none: 1 try + 2 quick retries. */
export const DEFAULT_RETRY = { tries: 3, baseDelayMs: 1_000 } as const;

export interface ActionRegistry {
  get(kind: string): ActionHandler | undefined;
  kinds(): string[];
  retryOf(kind: string): { tries: number; baseDelayMs: number };
}

/**
 * The action kinds the engine can run, by `workStepType`. Built in app wiring from
 * `[...coreActionHandlers(), ...outboundActionHandlers(deps)]`; a new kind (an integration) plugs in here.
 */
export function createActionRegistry(handlers: ActionHandler[]): ActionRegistry {
  const byKind = new Map<string, ActionHandler>();
  for (const h of handlers) {
    if (byKind.has(h.kind)) throw new Error(`Ação registrada duas vezes: ${h.kind}`);
    byKind.set(h.kind, h);
  }
  return {
    get: (kind) => byKind.get(kind),
    kinds: () => [...byKind.keys()],
    retryOf: (kind) => byKind.get(kind)?.retry ?? DEFAULT_RETRY,
  };
}
