import { fieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';
import { validateReportColumns, type ReportColumn } from './report-columns.ts';
import { readTimeWindow } from './time-window.ts';

/**
 * Rules of the structured values the designers edit, so the server refuses what the editors
 * refuse: report columns (15, 002 §5 "Report columns") and a time window (28).
 */

const isColumn = (v: unknown): v is ReportColumn =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { configs?: unknown }).configs) &&
  Array.isArray((v as { attributes?: unknown }).attributes) &&
  (v as { attributes: unknown[] }).attributes.every(
    (a) => typeof a === 'object' && a !== null && typeof (a as { value?: unknown }).value === 'string',
  );

export const reportColumnsRule: FieldRule = {
  componentIds: [15],
  validate: (attribute, value) => {
    if (!Array.isArray(value) || !value.every(isColumn))
      return [fieldError(message('invalidValue', { name: attribute.name }))];
    const seen = new Set<string>();
    return validateReportColumns(value).flatMap((e) => {
      if (seen.has(e.message)) return [];
      seen.add(e.message);
      return [fieldError(e.message)];
    });
  },
};

export const timeWindowRule: FieldRule = {
  componentIds: [28],
  validate: (attribute, value) =>
    readTimeWindow(value) ? [] : [fieldError(message('invalidValue', { name: attribute.name }))],
};
