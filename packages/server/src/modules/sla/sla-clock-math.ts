import {
  SLA_RISK_SHARE,
  type SlaClock,
  type SlaPolicy,
  type SlaTarget,
} from '@talkbase/domain/contracts/sla';
import {
  addBusinessTime,
  businessTimeBetween,
  type BusinessCalendar,
  type Pause,
} from '@talkbase/domain/sla/business-time';
import type { StateRow } from './sla.repository.ts';

/** What one ticket's clocks are made of (its state row's facts). */
export interface ClockFacts {
  started_at: number;
  pauses: string;
  paused_since: number | null;
  first_response_at: number | null;
  resolved_at: number | null;
}

const MINUTE = 60_000;

/** The bits of `sla_states.sent`. */
export const SENT = {
  firstResponse: { atRisk: 1, breached: 2 },
  resolution: { atRisk: 4, breached: 8 },
} as const;

export function pausesOf(f: ClockFacts): Pause[] {
  let closed: [number, number][];
  try {
    closed = JSON.parse(f.pauses) as [number, number][];
  } catch {
    closed = [];
  }
  const out: Pause[] = closed.map(([from, to]) => ({ from, to }));
  if (f.paused_since !== null) out.push({ from: f.paused_since, to: null });
  return out;
}

/** The waits before `stop`: an open one ends there. */
function pausesUntil(pauses: readonly Pause[], stop: number): Pause[] {
  return pauses
    .filter((p) => p.from < stop)
    .map((p) => ({ from: p.from, to: p.to === null ? stop : Math.min(p.to, stop) }));
}

export interface ClockTimes {
  /** The policy the clock is counted under. */
  policyId: number;
  target: SlaTarget;
  minutes: number;
  stoppedAt: number | null;
  /** Null while a wait is open before it is reached. */
  dueAt: number | null;
  riskAt: number | null;
  elapsedMs: number;
}

/** The clocks a policy gives a ticket, as of `now`. */
export function clockTimes(
  policy: SlaPolicy,
  calendar: BusinessCalendar,
  f: ClockFacts,
  now: number,
): ClockTimes[] {
  const pauses = pausesOf(f);
  const out: ClockTimes[] = [];
  const targets: [SlaTarget, number | null, number | null][] = [
    ['firstResponse', policy.firstResponseMinutes, f.first_response_at ?? f.resolved_at],
    ['resolution', policy.resolutionMinutes, f.resolved_at],
  ];
  for (const [target, minutes, stoppedAt] of targets) {
    if (minutes === null) continue;
    const waits = stoppedAt === null ? pauses : pausesUntil(pauses, stoppedAt);
    const dueAt = addBusinessTime(calendar, f.started_at, minutes * MINUTE, waits);
    const riskAt = addBusinessTime(calendar, f.started_at, minutes * MINUTE * SLA_RISK_SHARE, waits);
    const elapsedMs = businessTimeBetween(calendar, f.started_at, stoppedAt ?? now, waits);
    out.push({ policyId: policy.policyId, target, minutes, stoppedAt, dueAt, riskAt, elapsedMs });
  }
  return out;
}

/** A clock that stopped, as it was counted when it stopped (`sla_states.ended`). */
export type EndedClock = ClockTimes & { stoppedAt: number };

const TARGETS: readonly SlaTarget[] = ['firstResponse', 'resolution'];

/** When the facts say a target's clock stopped (first response: answered, or resolved unanswered). */
function stopOf(target: SlaTarget, f: ClockFacts): number | null {
  return target === 'firstResponse' ? (f.first_response_at ?? f.resolved_at) : f.resolved_at;
}

export function endedOf(json: string): EndedClock[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as EndedClock[]) : [];
  } catch {
    return [];
  }
}

/**
 * The ticket's clocks as of `now`: one that stopped and is still stopped at the same moment stays
 * as it was counted then (its policy, target, due time and elapsed time), whatever the policy or
 * its calendar became since; the others follow `policy`. A ticket reopened runs again.
 */
export function currentClocks(
  policy: SlaPolicy,
  calendar: BusinessCalendar,
  f: ClockFacts & { ended: string },
  now: number,
): ClockTimes[] {
  const kept = endedOf(f.ended).filter((e) => stopOf(e.target, f) === e.stoppedAt);
  const computed = clockTimes(policy, calendar, f, now);
  return TARGETS.flatMap(
    (t) => kept.find((k) => k.target === t) ?? computed.find((c) => c.target === t) ?? [],
  );
}

/** What `sla_states.ended` keeps of these clocks: the stopped ones. */
export function endedJson(clocks: readonly ClockTimes[]): string {
  return JSON.stringify(clocks.filter((c): c is EndedClock => c.stoppedAt !== null));
}

/** A clock as the API answers it. */
export function clockView(c: ClockTimes, paused: boolean, now: number): SlaClock {
  const end = c.stoppedAt ?? now;
  const late = c.dueAt !== null && c.dueAt < end;
  const state = late ? 'breached' : c.stoppedAt !== null ? 'met' : paused ? 'paused' : 'running';
  return {
    target: c.target,
    state,
    targetMinutes: c.minutes,
    elapsedMinutes: Math.round((c.elapsedMs / MINUTE) * 10) / 10,
    dueAt: c.dueAt === null ? null : new Date(c.dueAt).toISOString(),
    stoppedAt: c.stoppedAt === null ? null : new Date(c.stoppedAt).toISOString(),
  };
}

/** An "em risco" or "violado" event a clock owes, at its moment. */
export interface Owed {
  target: SlaTarget;
  kind: 'atRisk' | 'breached';
  at: number;
  bit: number;
}

/** The events the clocks owe (not sent yet), each at the moment it falls due. */
export function owedEvents(clocks: readonly ClockTimes[], sent: number): Owed[] {
  const out: Owed[] = [];
  for (const c of clocks) {
    const bits = SENT[c.target];
    for (const [kind, at, bit] of [
      ['atRisk', c.riskAt, bits.atRisk],
      ['breached', c.dueAt, bits.breached],
    ] as const) {
      if (at === null || (sent & bit) !== 0) continue;
      // A clock that stopped before the moment owes nothing for it.
      if (c.stoppedAt !== null && c.stoppedAt <= at) continue;
      out.push({ target: c.target, kind, at, bit });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** When the checker should look at a state next: its earliest owed event. */
export function nextCheck(clocks: readonly ClockTimes[], sent: number): number | null {
  const owed = owedEvents(clocks, sent);
  return owed[0]?.at ?? null;
}

export function stateIsPaused(s: Pick<StateRow, 'paused_since'>): boolean {
  return s.paused_since !== null;
}
