import type { DashboardWidget } from '@talkbase/domain/contracts/dashboards';
import { describe, expect, it } from 'vitest';
import { parseContextRoute } from '../records/context-route.ts';
import {
  chartRows,
  formatMeasure,
  groupRule,
  isEmptyAnswer,
  newWidgetKey,
  tableRows,
  widgetGridPath,
  widgetRequest,
} from './widget-model.ts';

const widget = (over: Partial<DashboardWidget> = {}): DashboardWidget => ({
  key: 'w1',
  title: 'Por status',
  kind: 'bar',
  subject: 'chamado',
  filterId: null,
  filterJson: null,
  groupBy: [{ attribute: 'status' }],
  measure: { fn: 'count' },
  width: 4,
  height: 3,
  ...over,
});

/** The grid route an address opens, as the records screen reads it. */
const route = (path: string) => {
  const url = new URL(path, 'http://x');
  const [, , scenario = '', subject = '', ...rest] = url.pathname.split('/');
  return parseContextRoute(scenario, subject, rest.join('/'), url.searchParams);
};

describe('dashboard widgets', () => {
  it('asks the aggregate for its filters, its groups and its measure; a number asks for no groups', () => {
    const tree = { attribute: 'prioridade', operator: 'equal' as const, value: 2 };
    expect(widgetRequest(widget({ filterId: 7, filterJson: tree }))).toEqual({
      filterIds: [7],
      filterJson: tree,
      groupBy: [{ attribute: 'status' }],
      measures: [{ fn: 'count' }],
    });
    expect(widgetRequest(widget({ kind: 'number', measure: { fn: 'avg', attribute: 'valor' } }))).toEqual({
      groupBy: [],
      measures: [{ fn: 'avg', attribute: 'valor' }],
    });
  });

  it('asks only for the largest groups when the widget keeps its top ones; a number has no groups', () => {
    expect(widgetRequest(widget({ kind: 'table', top: 10 }))).toMatchObject({ top: 10 });
    expect(widgetRequest(widget({ kind: 'number', top: 10 }))).not.toHaveProperty('top');
  });

  it("picks one group's records: its value, the empty ones, or its days in the company's time zone", () => {
    expect(groupRule({ attribute: 'status' }, 3)).toEqual({
      attribute: 'status',
      operator: 'equal',
      value: 3,
    });
    expect(groupRule({ attribute: 'urgente' }, false)).toEqual({
      attribute: 'urgente',
      operator: 'equal',
      value: false,
    });
    expect(groupRule({ attribute: 'cliente' }, null)).toEqual({ attribute: 'cliente', operator: 'is_empty' });
    // The record's own columns are spelled as filters spell them.
    expect(groupRule({ attribute: 'createdBy' }, 5)).toEqual({
      attribute: 'created_by',
      operator: 'equal',
      value: 5,
    });
    // São Paulo is UTC−3: its day starts at 03:00 UTC.
    expect(groupRule({ attribute: 'createdAt', bucket: 'day' }, '2026-11-02', 'America/Sao_Paulo')).toEqual({
      condition: 'E',
      rules: [
        { attribute: 'created_at', operator: 'greater_or_equal', value: '2026-11-02T03:00:00.000Z' },
        { attribute: 'created_at', operator: 'less', value: '2026-11-03T03:00:00.000Z' },
      ],
    });
    const week = groupRule({ attribute: 'createdAt', bucket: 'week' }, '2026-11-30', 'UTC');
    expect(week).toMatchObject({
      rules: [{ value: '2026-11-30T00:00:00.000Z' }, { value: '2026-12-07T00:00:00.000Z' }],
    });
    const month = groupRule({ attribute: 'prazo', bucket: 'month' }, '2026-12-01', 'UTC');
    expect(month).toMatchObject({
      rules: [{ value: '2026-12-01T00:00:00.000Z' }, { value: '2027-01-01T00:00:00.000Z' }],
    });
    expect(groupRule({ attribute: 'prazo', bucket: 'day' }, 'not a day')).toBeUndefined();
  });

  it('opens the grid with the saved filter, its tree and the chosen group, as the grid reads the address', () => {
    const tree = { attribute: 'prioridade', operator: 'equal' as const, value: 2 };
    const w = widget({ filterId: 7, filterJson: tree });
    const opened = route(widgetGridPath(w, { keys: [4], labels: ['Aberto'], values: [10] }));
    expect(opened).toMatchObject({ scenario: 'grid', subject: 'chamado', filterIds: [7] });
    expect(opened?.where).toEqual({
      condition: 'E',
      rules: [tree, { attribute: 'status', operator: 'equal', value: 4 }],
    });
    // The whole widget: its filters only; a widget without any opens the plain grid.
    expect(route(widgetGridPath(w))?.where).toEqual(tree);
    expect(widgetGridPath(widget())).toBe('/context/grid/chamado');
    expect(
      route(widgetGridPath(widget(), { keys: [null], labels: ['(vazio)'], values: [1] }))?.where,
    ).toEqual({
      attribute: 'status',
      operator: 'is_empty',
    });
  });

  it('ignores a `where` that is not a JSON object', () => {
    expect(route('/context/grid/chamado?where=%7Bbad')?.where).toBeUndefined();
    expect(route('/context/grid/chamado?where=%5B1%5D')?.where).toBeUndefined();
    expect(route(`/context/grid/chamado?where=${'x'.repeat(5000)}`)?.where).toBeUndefined();
  });

  it('formats values in pt-BR, and orders a table largest first unless it reads by date', () => {
    expect(formatMeasure(1234)).toBe('1.234');
    expect(formatMeasure(12.345)).toBe('12,3');
    expect(formatMeasure(null)).toBe('–');
    const answer = {
      groups: [
        { keys: [1], labels: ['A'], values: [2] },
        { keys: [2], labels: ['B'], values: [9] },
        { keys: [3], labels: ['C'], values: [null] },
      ],
      total: [11],
      truncated: false,
    };
    expect(chartRows(answer).map((r) => r.value)).toEqual([2, 9, 0]);
    expect(tableRows(widget({ kind: 'table' }), answer).map((r) => r.label)).toEqual(['B', 'A', 'C']);
    const byDay = widget({ kind: 'table', groupBy: [{ attribute: 'createdAt', bucket: 'day' }] });
    expect(tableRows(byDay, answer).map((r) => r.label)).toEqual(['A', 'B', 'C']);
    expect(isEmptyAnswer(widget(), { groups: [], total: [0], truncated: false })).toBe(true);
    expect(isEmptyAnswer(widget({ kind: 'number' }), { groups: [], total: [0], truncated: false })).toBe(
      false,
    );
    expect(isEmptyAnswer(widget({ kind: 'number' }), { groups: [], total: [null], truncated: false })).toBe(
      true,
    );
  });

  it('gives a new widget a key no other widget of the dashboard has', () => {
    expect(newWidgetKey([])).toBe('w1');
    expect(newWidgetKey([{ key: 'w2' }])).toBe('w3');
    expect(newWidgetKey([{ key: 'w3' }, { key: 'x' }])).toBe('w4');
  });
});
