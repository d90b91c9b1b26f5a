import type { OutboundConfig } from '../config.ts';
import { createOutboundClient, type OutboundClient, type OutboundClientOptions } from './outbound-client.ts';

export * from './outbound-client.ts';
export { judgeAddress, parseAllowList, refusedBeforeLookup, type AllowEntry } from './address-policy.ts';

/** The server's one outbound client, from configuration (resolver and connect injectable for tests). */
export function outboundClientFromConfig(
  config: OutboundConfig,
  overrides: Pick<OutboundClientOptions, 'resolve' | 'connect'> = {},
): OutboundClient {
  return createOutboundClient({
    allow: config.allow,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    ...overrides,
  });
}
