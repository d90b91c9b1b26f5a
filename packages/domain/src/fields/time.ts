import { fieldError, type FieldError, type FieldRule } from './field-rule.ts';
import { applyMask } from './mask.ts';
import { message } from './messages.ts';

/**
 * Time, component 19: a duration typed as HH:MM:SS (the tasks' estimated duration uses it). The
 * mask caps the tens digit of minutes and seconds at 5, so 00:60:00 cannot be typed. Hours are two
 * digits in the editor; longer hours (a task timer past 99 h) are still read and printed.
 */
export const TIME_MASK = '00:M0:M0';

export function maskTime(input: string): string {
  return applyMask(input, TIME_MASK);
}

/** Seconds of a complete HH:MM:SS; undefined when incomplete or out of range. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

/** HH:MM:SS of a number of seconds (whole seconds, hours at least two digits, never negative). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

export interface DurationPeriod {
  /** The forecast start (previsão de início). */
  readonly start?: Date | null;
  /** The forecast end (previsão de término). */
  readonly end?: Date | null;
}

/**
 * An estimated duration: it must be a complete, non-zero HH:MM:SS ('Duração inválida') and, when
 * both forecasts are known, fit between them.
 */
export function checkDuration(value: unknown, period: DurationPeriod = {}): FieldError[] {
  const seconds = typeof value === 'string' ? parseDuration(value) : undefined;
  if (seconds === undefined || seconds === 0) return [fieldError(message('durationInvalid'))];
  const start = period.start?.getTime();
  const end = period.end?.getTime();
  if (start !== undefined && end !== undefined && Number.isFinite(start) && Number.isFinite(end)) {
    if (seconds * 1000 > end - start) return [fieldError(message('durationExceedsPeriod'))];
  }
  return [];
}

/** The component itself accepts any complete HH:MM:SS, 00:00:00 included. */
export const timeRule: FieldRule = {
  componentIds: [19],
  validate(_attribute, value) {
    if (typeof value === 'string' && parseDuration(value) !== undefined) return [];
    return [fieldError(message('durationInvalid'))];
  },
};
