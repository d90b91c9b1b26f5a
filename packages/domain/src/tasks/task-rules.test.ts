import { describe, expect, it } from 'vitest';
import {
  checkTaskEstimate,
  estimateSeconds,
  missingDelayReasons,
  missingEstimates,
  taskDelay,
} from './task-rules.ts';
import { taskMessages } from './task-messages.ts';

const TOO_LONG =
  'A duração não pode ser maior do que o período entre a previsão de início e a previsão de término';

describe('task estimate', () => {
  const start = '2026-03-02T12:00:00.000Z';
  const end = '2026-03-02T14:00:00.000Z';

  it('fits between the forecasts', () => {
    expect(checkTaskEstimate({ forecastStart: start, forecastEnd: end, estimate: '02:00:00' })).toEqual([]);
    expect(checkTaskEstimate({ forecastStart: start, forecastEnd: end, estimate: '02:00:01' })).toEqual([
      { field: 'duracaoestimada', message: TOO_LONG },
    ]);
  });

  it('is not limited when a forecast is missing, and may be empty', () => {
    expect(checkTaskEstimate({ forecastEnd: end, estimate: '99:00:00' })).toEqual([]);
    expect(checkTaskEstimate({ forecastStart: start, forecastEnd: end, estimate: '' })).toEqual([]);
    expect(checkTaskEstimate({ forecastStart: start, forecastEnd: end })).toEqual([]);
  });

  it('must be a non-zero HH:MM:SS', () => {
    expect(checkTaskEstimate({ estimate: '00:00:00' })).toEqual([
      { field: 'duracaoestimada', message: 'Duração inválida' },
    ]);
    expect(checkTaskEstimate({ estimate: '1:30' })).toEqual([
      { field: 'duracaoestimada', message: 'Duração inválida' },
    ]);
    expect(estimateSeconds('01:30:15')).toBe(5415);
    expect(estimateSeconds(null)).toBeNull();
  });
});

describe('starting needs the estimates', () => {
  it('names the forecast and the estimate when missing', () => {
    expect(missingEstimates({})).toEqual([
      { field: 'previsaodetermino', message: taskMessages.forecastRequired },
      { field: 'duracaoestimada', message: taskMessages.estimateRequired },
    ]);
    expect(missingEstimates({ forecastEnd: '2026-03-02T14:00:00Z', estimate: '00:00:00' })).toEqual([
      { field: 'duracaoestimada', message: taskMessages.estimateRequired },
    ]);
    expect(missingEstimates({ forecastEnd: '2026-03-02T14:00:00Z', estimate: '01:00:00' })).toEqual([]);
  });
});

describe('finishing late needs the reasons', () => {
  const values = { forecastEnd: '2026-03-02T14:00:00.000Z', estimate: '01:00:00' };
  const before = new Date('2026-03-02T13:59:59.000Z');
  const after = new Date('2026-03-02T14:00:01.000Z');

  it('finds the deadline passed and the estimate exceeded', () => {
    expect(taskDelay(values, 3600, before)).toEqual({ deadline: false, estimate: false });
    expect(taskDelay(values, 3601, before)).toEqual({ deadline: false, estimate: true });
    expect(taskDelay(values, 10, after)).toEqual({ deadline: true, estimate: false });
    expect(taskDelay({}, 99_999, after)).toEqual({ deadline: false, estimate: false });
  });

  it('asks only for the matching reasons, and only when empty', () => {
    const both = { deadline: true, estimate: true };
    expect(missingDelayReasons(values, both).map((e) => e.field)).toEqual([
      'motivodeatrasodoprazo',
      'motivodeatrasodaestimativa',
    ]);
    expect(
      missingDelayReasons({ ...values, deadlineReason: 'Cliente atrasou', estimateReason: '  ' }, both),
    ).toEqual([{ field: 'motivodeatrasodaestimativa', message: taskMessages.estimateReasonRequired }]);
    expect(missingDelayReasons(values, { deadline: false, estimate: false })).toEqual([]);
  });
});
