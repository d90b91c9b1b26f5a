import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart, PieChart } from '@mantine/charts';
import { formatMeasure, type ChartRow } from './widget-model.ts';

/** Slice colours in order: theme colours that keep their contrast by day and by night. */
const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'indigo.6',
  'pink.6',
  'yellow.7',
];

export interface WidgetChartProps {
  kind: 'bar' | 'line' | 'pie';
  rows: ChartRow[];
  /** The measure's name ('Quantidade'), shown in the tooltip. */
  valueLabel: string;
  /** A bar, point or slice was chosen: its group's position in the answer. */
  onSelect: (index: number) => void;
  height: number;
}

/** The index of the group behind a recharts click (its payload carries the row). */
function rowIndex(item: unknown): number | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const payload = (item as { payload?: unknown }).payload;
  const source = typeof payload === 'object' && payload !== null ? payload : item;
  const index = (source as { index?: unknown }).index;
  return typeof index === 'number' ? index : undefined;
}

/**
 * A widget's chart (@mantine/charts over recharts). This file and the charts' code and styles are
 * one chunk, loaded when a dashboard first shows a chart, never with the shell or the grid.
 */
export function WidgetChart({ kind, rows, valueLabel, onSelect, height }: WidgetChartProps) {
  const series = [{ name: 'value', label: valueLabel, color: 'blue.6' }];
  const select = (item: unknown) => {
    const index = rowIndex(item);
    if (index !== undefined) onSelect(index);
  };
  if (kind === 'pie') {
    const data = rows.map((r, i) => ({
      name: r.label,
      value: r.value,
      color: PALETTE[i % PALETTE.length] ?? 'blue.6',
      index: r.index,
    }));
    return (
      <PieChart
        className="dashboard-chart"
        data={data}
        h={height}
        withTooltip
        tooltipDataSource="segment"
        withLabelsLine={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        size={Math.max(72, Math.min(height - 96, 220))}
        valueFormatter={formatMeasure}
        pieProps={{ onClick: select }}
        mx="auto"
      />
    );
  }
  if (kind === 'line') {
    return (
      <LineChart
        className="dashboard-chart"
        data={rows}
        dataKey="label"
        series={series}
        h={height}
        curveType="linear"
        withDots
        // Room at both ends, so the first and last days' points are not cut in half.
        xAxisProps={{ padding: { left: 12, right: 12 } }}
        valueFormatter={formatMeasure}
        lineChartProps={{
          onClick: (state) => {
            const index = Number(state.activeTooltipIndex);
            const row = Number.isInteger(index) ? rows[index] : undefined;
            if (row) onSelect(row.index);
          },
        }}
      />
    );
  }
  return (
    <BarChart
      className="dashboard-chart"
      data={rows}
      dataKey="label"
      series={series}
      h={height}
      valueFormatter={formatMeasure}
      barProps={{ onClick: select }}
    />
  );
}
