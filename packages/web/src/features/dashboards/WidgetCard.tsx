import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { AggregateResponse } from '@talkbase/domain/contracts/aggregates';
import type { DashboardWidget } from '@talkbase/domain/contracts/dashboards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { dashboardsText } from '../../i18n/dashboards.ts';
import { Icon } from '../../ui/Icon.tsx';
import { aggregateKeys, fetchAggregate } from './dashboards-api.ts';
import {
  chartRows,
  formatMeasure,
  isEmptyAnswer,
  tableRows,
  widgetGridPath,
  widgetRequest,
} from './widget-model.ts';

const text = dashboardsText.widget;

// The charts library and its styles arrive with the first chart, not with the dashboard's code.
const WidgetChart = lazy(() => import('./WidgetChart.tsx').then((m) => ({ default: m.WidgetChart })));

/** Pixels of one grid row (dashboards.css `grid-auto-rows`) and of the gap between rows. */
const ROW_PX = 80;
const GAP_PX = 16;
/** The card's title bar and padding, taken from its height to leave the chart's. */
const CHROME_PX = 64;

export interface WidgetCardProps {
  widget: DashboardWidget;
  editing: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function measureLabel(widget: DashboardWidget): string {
  return dashboardsText.measures[widget.measure.fn];
}

function GroupsTable({ widget, answer }: { widget: DashboardWidget; answer: AggregateResponse }) {
  // A table widget shows the largest first; a chart seen as a table keeps the chart's order.
  const rows = widget.kind === 'table' ? tableRows(widget, answer) : chartRows(answer);
  return (
    <Table highlightOnHover withTableBorder={false} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.group}</Table.Th>
          <Table.Th ta="right">{measureLabel(widget)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const group = answer.groups[row.index];
          return (
            <Table.Tr key={row.index}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={widgetGridPath(widget, group)}
                  aria-label={text.openGroup(row.label)}
                  c="inherit"
                  underline="always"
                >
                  {row.label}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right" className="dashboard-cell-value">
                {formatMeasure(group?.values[0])}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One widget: its aggregate (as the viewer: their rows and attributes only) shown as a number, a
 * chart or a table, with its own loading, error and empty states. A bar, slice, point or row opens
 * the grid of its group's records; the number opens the grid of the widget's records.
 */
export function WidgetCard({ widget, editing, onEdit, onRemove }: WidgetCardProps) {
  const navigate = useNavigate();
  const [asTable, setAsTable] = useState(false);
  const body = widgetRequest(widget);
  const query = useQuery({
    queryKey: aggregateKeys.one(widget.subject, body),
    queryFn: ({ signal }) => fetchAggregate(widget.subject, body, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
  const chartHeight = Math.max(80, widget.height * ROW_PX + (widget.height - 1) * GAP_PX - CHROME_PX);
  const isChart = widget.kind === 'bar' || widget.kind === 'line' || widget.kind === 'pie';
  const answer = query.data;
  const titleId = `widget-${widget.key}-title`;

  let content: React.ReactNode;
  if (query.isPending) {
    content =
      widget.kind === 'number' ? (
        <Skeleton height={44} width="60%" aria-label={dashboardsText.loading} />
      ) : (
        <Skeleton height={chartHeight} aria-label={dashboardsText.loading} />
      );
  } else if (query.isError && !answer) {
    content = (
      <Alert color="red" variant="light" role="alert" p="xs">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{text.error}</Text>
          {query.error instanceof ApiError && query.error.errors.length > 0 && (
            <Text size="xs">{query.error.message}</Text>
          )}
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (answer && isEmptyAnswer(widget, answer)) {
    content = (
      <Text c="dimmed" size="sm" ta="center" py="md">
        {text.empty}
      </Text>
    );
  } else if (answer && widget.kind === 'number') {
    content = (
      <Stack gap={2}>
        <Text className="dashboard-number" data-testid="widget-number">
          <Link
            to={widgetGridPath(widget)}
            aria-label={`${widget.title}: ${formatMeasure(answer.total[0])}. ${text.open}`}
          >
            {formatMeasure(answer.total[0])}
          </Link>
        </Text>
        <Text size="xs" c="dimmed">
          {measureLabel(widget)}
        </Text>
      </Stack>
    );
  } else if (answer && (widget.kind === 'table' || asTable)) {
    content = <GroupsTable widget={widget} answer={answer} />;
  } else if (answer && isChart) {
    content = (
      <Suspense
        fallback={
          <Group justify="center" h={chartHeight}>
            <Loader size="sm" aria-label={text.chartLoading} />
          </Group>
        }
      >
        <WidgetChart
          kind={widget.kind as 'bar' | 'line' | 'pie'}
          rows={chartRows(answer)}
          valueLabel={measureLabel(widget)}
          height={chartHeight}
          onSelect={(index) => void navigate(widgetGridPath(widget, answer.groups[index]))}
        />
      </Suspense>
    );
  }

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      className="dashboard-widget"
      component="section"
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      data-widget={widget.key}
      style={{ gridColumn: `span ${widget.width}`, gridRow: `span ${widget.height}` }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Title order={3} size="sm" id={titleId} lineClamp={1}>
          {widget.title}
        </Title>
        <Group gap={4} wrap="nowrap">
          {query.isFetching && !query.isPending && <Loader size={14} aria-label={dashboardsText.updating} />}
          {editing ? (
            <>
              <Tooltip label={text.edit(widget.title)}>
                <ActionIcon variant="subtle" aria-label={text.edit(widget.title)} onClick={onEdit}>
                  <Icon name="edit" size="1.1em" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={text.remove(widget.title)}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={text.remove(widget.title)}
                  onClick={onRemove}
                >
                  <Icon name="delete" size="1.1em" />
                </ActionIcon>
              </Tooltip>
            </>
          ) : (
            <>
              {isChart && answer && !isEmptyAnswer(widget, answer) && (
                <Tooltip label={asTable ? text.showChart : text.showTable}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={asTable ? text.showChart : text.showTable}
                    aria-pressed={asTable}
                    onClick={() => setAsTable((v) => !v)}
                  >
                    <Icon name={asTable ? 'bar_chart' : 'table_rows'} size="1.1em" />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label={text.open}>
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={widgetGridPath(widget)}
                  aria-label={`${text.open}: ${widget.title}`}
                >
                  <Icon name="open_in_new" size="1.1em" />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Group>
      <div className="dashboard-widget-body">{content}</div>
      {answer?.truncated && (
        <Text size="xs" c="dimmed">
          {widget.top ? text.top(widget.top) : text.truncated}
        </Text>
      )}
    </Card>
  );
}
