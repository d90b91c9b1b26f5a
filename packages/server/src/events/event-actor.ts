import type { AuthContext } from '../access/identity.ts';
import type { NewStreamEvent } from './event-kinds.ts';

/** Who caused an event, as the stream records it: the account, and for an automation its depth and job. */
export function eventActor(auth: AuthContext): Pick<NewStreamEvent, 'accountId' | 'depth' | 'source'> {
  const automation = auth.automation;
  return {
    accountId: auth.accountId,
    depth: automation ? automation.depth : 0,
    source: automation ? `job:${automation.jobId}` : null,
  };
}
