import type { OutboundClient } from '../../../../outbound/outbound-client.ts';
import type { ActionHandler } from '../types.ts';
import { httpRequestHandler } from './http-request.ts';
import { notificationHandler } from './notification.ts';
import { sendEmailHandler, type SendEmailDeps } from './send-email.ts';

export { OUTBOUND_RETRY } from './once.ts';
export { messageIdOf, recipientsOf } from './send-email.ts';

export interface OutboundActionDeps extends SendEmailDeps {
  /** The server's one guarded HTTP client (outbound/). */
  outbound: OutboundClient;
}

/** SendEmail, Notification and HttpRequest, for the action registry. */
export function outboundActionHandlers(deps: OutboundActionDeps): ActionHandler[] {
  return [sendEmailHandler(deps), notificationHandler(), httpRequestHandler(deps)];
}
