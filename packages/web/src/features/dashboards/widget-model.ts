import type {
  AggregateBucket,
  AggregateGroupRow,
  AggregateRequest,
  AggregateResponse,
} from '@talkbase/domain/contracts/aggregates';
import type { DashboardWidget } from '@talkbase/domain/contracts/dashboards';
import { addDays, parseIsoDate, type CivilDate } from '@talkbase/domain/fields/civil-date';
import { DEFAULT_TIME_ZONE, fromZoned } from '@talkbase/domain/fields/zoned-time';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { contextPath } from '../records/context-route.ts';

/** The aggregate call a widget makes: its filters, its groups (none for a number), its one measure. */
export function widgetRequest(widget: DashboardWidget): AggregateRequest {
  return {
    ...(widget.filterId ? { filterIds: [widget.filterId] } : {}),
    ...(widget.filterJson ? { filterJson: widget.filterJson as unknown as Record<string, unknown> } : {}),
    groupBy: widget.kind === 'number' ? [] : widget.groupBy,
    measures: [widget.measure],
    ...(widget.top && widget.kind !== 'number' ? { top: widget.top } : {}),
  };
}

/**
 * The aggregate names the record's own columns in camelCase (`createdAt`), filters in snake_case
 * (`created_at`, server records/system-columns.ts): one column, two spellings.
 */
const FILTER_NAME: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

export function filterAttribute(ref: string | number): string | number {
  return typeof ref === 'string' ? (FILTER_NAME[ref] ?? ref) : ref;
}

function nextBucket(start: CivilDate, bucket: AggregateBucket): CivilDate {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const month = start.month === 12 ? 1 : start.month + 1;
  return { year: start.month === 12 ? start.year + 1 : start.year, month, day: 1 };
}

/** The instant the company's day begins, as the filter's date-time rules take it (a date rule reads its day). */
function dayStart(date: CivilDate, timeZone: string): string | undefined {
  return fromZoned({ ...date, hour: 0, minute: 0, second: 0 }, timeZone)?.toISOString();
}

/**
 * The rule that picks one group's records: the key's value, "is empty" for the group of records
 * without one, or the bucket's days [start, next start) in the company's time zone.
 */
export function groupRule(
  group: DashboardWidget['groupBy'][number],
  key: AggregateGroupRow['keys'][number],
  timeZone: string = DEFAULT_TIME_ZONE,
): FilterNode | undefined {
  const attribute = filterAttribute(group.attribute);
  if (key === null) return { attribute, operator: 'is_empty' };
  if (!group.bucket) return { attribute, operator: 'equal', value: key };
  const start = typeof key === 'string' ? parseIsoDate(key.slice(0, 10)) : undefined;
  if (!start) return undefined;
  const from = dayStart(start, timeZone);
  const to = dayStart(nextBucket(start, group.bucket), timeZone);
  if (!from || !to) return undefined;
  return {
    condition: 'E',
    rules: [
      { attribute, operator: 'greater_or_equal', value: from },
      { attribute, operator: 'less', value: to },
    ],
  };
}

/**
 * The grid of a widget's records (its saved filter and filter tree), narrowed to one group when
 * a bar, slice or row was chosen. The group's rules join the widget's own tree under E.
 */
export function widgetGridPath(
  widget: DashboardWidget,
  row?: AggregateGroupRow,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const rules: FilterNode[] = [];
  if (widget.filterJson) rules.push(widget.filterJson);
  if (row && widget.kind !== 'number') {
    widget.groupBy.forEach((group, i) => {
      const rule = groupRule(group, row.keys[i] ?? null, timeZone);
      if (rule) rules.push(rule);
    });
  }
  const where: FilterNode | undefined =
    rules.length === 0 ? undefined : rules.length === 1 ? rules[0] : { condition: 'E', rules };
  return contextPath('grid', widget.subject, {
    ...(widget.filterId ? { filterIds: [widget.filterId] } : {}),
    ...(where ? { where } : {}),
  });
}

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A measured value in pt-BR (1.234; averages with one decimal, 12,5); a dash where nothing was measured. */
export function formatMeasure(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

export interface ChartRow {
  /** The group's position in the answer (clicks find their group by it). */
  index: number;
  label: string;
  value: number;
}

/** One row per group: its labels joined, its one measure (0 where nothing was measured). */
export function chartRows(answer: AggregateResponse): ChartRow[] {
  return answer.groups.map((g, index) => ({
    index,
    label: g.labels.length > 0 ? g.labels.join(' · ') : '–',
    value: g.values[0] ?? 0,
  }));
}

/**
 * The rows a table shows: the largest first ("top customers"), unless grouped by dates, which
 * read in time order as the server answers them.
 */
export function tableRows(widget: DashboardWidget, answer: AggregateResponse): ChartRow[] {
  const rows = chartRows(answer);
  if (widget.groupBy.some((g) => g.bucket)) return rows;
  return [...rows].sort((a, b) => b.value - a.value || a.index - b.index);
}

/** Whether an answer has nothing to show: no group, or (a number) nothing measured; a count of 0 shows 0. */
export function isEmptyAnswer(widget: DashboardWidget, answer: AggregateResponse): boolean {
  if (widget.kind === 'number') return answer.total[0] === null || answer.total[0] === undefined;
  return answer.groups.length === 0;
}

/** A new widget's key, unique within its dashboard. */
export function newWidgetKey(existing: readonly { key: string }[]): string {
  const taken = new Set(existing.map((w) => w.key));
  for (let n = existing.length + 1; ; n++) {
    const key = `w${String(n)}`;
    if (!taken.has(key)) return key;
  }
}
