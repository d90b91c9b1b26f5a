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
  // Many groups, or long names (a ticket's "Aguardando desenvolvimento"), do not fit side by side
  // under upright bars: the axis then skips names. Lying bars keep every name, one per line.
  const lying = rows.length > UPRIGHT_MAX_BARS || rows.some((r) => r.label.length > UPRIGHT_MAX_LABEL);
  return (
    <BarChart
      className="dashboard-chart"
      data={rows}
      dataKey="label"
      series={series}
      h={height}
      valueFormatter={formatMeasure}
      barProps={{ onClick: select }}
      {...(lying
        ? {
            orientation: 'vertical' as const,
            yAxisProps: { width: labelWidth(rows), interval: 0, tickFormatter: shortLabel },
          }
        : {})}
    />
  );
}

/** Upright bars for at most this many groups whose names are at most this long. */
const UPRIGHT_MAX_BARS = 6;
const UPRIGHT_MAX_LABEL = 12;

/**
 * A lying bar's name on one line: the axis would wrap a longer one onto its neighbours. The tooltip
 * and the widget's table keep the whole name.
 */
const LABEL_CHARS = 20;
function shortLabel(label: unknown): string {
  const text = String(label);
  const short = text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1).trimEnd()}…` : text;
  // No-break spaces: recharts breaks a tick's text at spaces when it measures it wider than the axis.
  return short.replaceAll(' ', '\u00a0');
}

/** The names' axis of lying bars: as wide as the longest name shown (~7 px a character at 12 px), 60–180 px. */
function labelWidth(rows: ChartRow[]): number {
  const longest = Math.max(0, ...rows.map((r) => Math.min(r.label.length, LABEL_CHARS)));
  return Math.min(180, Math.max(60, longest * 7 + 24));
}
