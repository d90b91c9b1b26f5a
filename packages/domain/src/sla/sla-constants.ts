/** Service-level constants the grid's countdown needs without the API schemas (contracts/sla.ts). */

/** Tickets per state request (one grid page). */
export const MAX_STATE_IDS = 200;
/** Share of a target used at which it is "em risco". */
export const SLA_RISK_SHARE = 0.8;
