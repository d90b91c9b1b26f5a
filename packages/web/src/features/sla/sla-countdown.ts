import type { SlaClock, SlaState } from '@talkbase/domain/contracts/sla';
import { SLA_RISK_SHARE } from '@talkbase/domain/sla/sla-constants';
import { minutesText } from '../../i18n/sla-minutes.ts';

export type CountdownTone = 'ok' | 'risk' | 'late' | 'paused';

export interface Countdown {
  tone: CountdownTone;
  text: string;
  /** What the chip says to a screen reader and in its tooltip. */
  label: string;
}

const TARGET_NAMES = { firstResponse: 'primeira resposta', resolution: 'resolução' } as const;

/** The clock a row shows: the first one still counting (or paused, or late); none once all ended. */
function current(state: SlaState): SlaClock | undefined {
  return state.clocks.find((c) => c.stoppedAt === null);
}

/**
 * The countdown of a ticket at `now`: green while more than 20 % is left, yellow from 80 % used,
 * red once late ("Vencido há 10 min"), grey while it waits for the customer ("Pausado").
 */
export function countdownOf(state: SlaState, asOf: number, now: number): Countdown | null {
  const clock = current(state);
  if (!clock) return null;
  const what = TARGET_NAMES[clock.target];
  if (clock.state === 'paused' || clock.dueAt === null)
    return { tone: 'paused', text: 'Pausado', label: `SLA de ${what}: pausado (aguardando o cliente)` };
  const due = Date.parse(clock.dueAt);
  const left = (due - now) / 60_000;
  if (left <= 0) {
    const text = -left < 1 ? 'Vencido agora' : `Vencido há ${minutesText(-left)}`;
    return { tone: 'late', text, label: `SLA de ${what}: ${text.toLowerCase()}` };
  }
  const used = clock.elapsedMinutes + Math.max(0, (now - asOf) / 60_000);
  const tone =
    used >= clock.targetMinutes * SLA_RISK_SHARE || left <= clock.targetMinutes * (1 - SLA_RISK_SHARE)
      ? 'risk'
      : 'ok';
  const text = minutesText(Math.ceil(left));
  return { tone, text, label: `SLA de ${what}: ${tone === 'risk' ? 'em risco, ' : ''}restam ${text}` };
}
