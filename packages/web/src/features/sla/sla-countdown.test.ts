import { describe, expect, it } from 'vitest';
import type { SlaState } from '@talkbase/domain/contracts/sla';
import { countdownOf } from './sla-countdown.ts';

const MINUTE = 60_000;
const asOf = Date.parse('2026-03-02T12:00:00Z');

function state(clock: Partial<SlaState['clocks'][number]>): SlaState {
  return {
    talkId: 1,
    policyId: 1,
    policyName: 'Padrão',
    clocks: [
      {
        target: 'firstResponse',
        state: 'running',
        targetMinutes: 100,
        elapsedMinutes: 10,
        dueAt: new Date(asOf + 90 * MINUTE).toISOString(),
        stoppedAt: null,
        ...clock,
      },
    ],
  };
}

describe('SLA countdown', () => {
  it('is green with time left, yellow from 80 % used, red once late, grey while paused', () => {
    expect(countdownOf(state({}), asOf, asOf)).toEqual({
      tone: 'ok',
      text: '1 h 30 min',
      label: 'SLA de primeira resposta: restam 1 h 30 min',
    });
    const risk = state({ elapsedMinutes: 85, dueAt: new Date(asOf + 15 * MINUTE).toISOString() });
    expect(countdownOf(risk, asOf, asOf)).toMatchObject({ tone: 'risk', text: '15 min' });
    const late = state({ state: 'breached', dueAt: new Date(asOf - 130 * MINUTE).toISOString() });
    expect(countdownOf(late, asOf, asOf)).toMatchObject({ tone: 'late', text: 'Vencido há 2 h 10 min' });
    expect(countdownOf(state({ state: 'paused', dueAt: null }), asOf, asOf)).toMatchObject({
      tone: 'paused',
      text: 'Pausado',
    });
  });

  it('moves on with the clock between answers, and shows nothing once every clock stopped', () => {
    expect(countdownOf(state({}), asOf, asOf + 89.5 * MINUTE)).toMatchObject({ tone: 'risk', text: '1 min' });
    expect(countdownOf(state({}), asOf, asOf + 90.5 * MINUTE)?.text).toBe('Vencido agora');
    expect(
      countdownOf(state({ state: 'met', stoppedAt: new Date(asOf).toISOString() }), asOf, asOf),
    ).toBeNull();
  });
});
