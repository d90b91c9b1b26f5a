import type { AllowEntry } from './address-policy.ts';
import { createOutboundClient, type OutboundClient, type OutboundClientOptions } from './outbound-client.ts';

export * from './outbound-client.ts';
export { judgeAddress, parseAllowList, refusedBeforeLookup, type AllowEntry } from './address-policy.ts';

/** The outbound client's part of the server's configuration (config.ts reads it from the environment). */
export interface OutboundConfig {
  /** OUTBOUND_ALLOW: internal `host:port` and CIDR targets the address policy would refuse. */
  allow: AllowEntry[];
  timeoutMs: number;
  maxResponseBytes: number;
}

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
