import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { TASK_SUBJECT } from '@talkbase/domain/tasks/task-rules';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { myTasksText } from '../../i18n/my-tasks.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useSession } from '../session/useSession.ts';
import { fetchTask, fetchTaskContext, filterTasks, taskKeys } from './tasks-api.ts';
import { STATE_COLORS } from '../../ui/task-state-colors.ts';
import { TaskTimer } from './TaskTimer.tsx';
import { useTaskPushes } from './useTaskPushes.ts';
import './tasks.css';

const text = myTasksText;

const PAGE_SIZE = 10;

function when(iso: string | null): string {
  if (!iso) return text.timerUnknown;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? text.timerUnknown : formatDateTime(at, DEFAULT_TIME_ZONE);
}

/**
 * "Minhas tarefas" (issue 35 item 1): the tasks the signed-in person created (newest first), each
 * with its state, its timer (ticking while it runs) and its start, pause and finish; the active
 * task and a new task one click away. The list is the records filter of `tarefa`; each row's timer
 * is the task call's (GET /talk/tarefa/{id}), read again when a task changes anywhere.
 */
export function MyTasksPage() {
  const session = useSession();
  const accountId = session?.user.accountId ?? 0;
  useTaskPushes();
  const [pageNumber, setPageNumber] = useState(1);
  const context = useQuery({
    queryKey: ['context', 'grid', TASK_SUBJECT, undefined],
    queryFn: ({ signal }) => fetchTaskContext(signal),
    staleTime: 30_000,
  });
  const body = {
    isActive: true,
    page: pageNumber,
    fetch: PAGE_SIZE,
    scenario: 'Task',
    filterIds: [],
    tagIds: [],
    filterJson: {
      condition: 'E' as const,
      rules: [{ attribute: 'created_by', operator: 'equal' as const, value: accountId }],
    },
    order: { attribute: 'id', direction: 0 as const },
  };
  const page = useQuery({
    queryKey: ['talks', TASK_SUBJECT, 'my-tasks', body],
    queryFn: ({ signal }) => filterTasks(body, signal),
    placeholderData: keepPreviousData,
    enabled: accountId > 0 && context.isSuccess,
  });
  const rows = page.data?.itens ?? [];
  const tasks = useQueries({
    queries: rows.map((row) => ({
      queryKey: taskKeys.one(row.talkId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTask(row.talkId, signal),
    })),
  });

  const header = (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Group gap="sm">
          <Icon name="task_alt" size="1.5em" />
          <Title order={1} size="h3">
            {text.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {text.intro}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button
          component={Link}
          to={`/context/activetask/${TASK_SUBJECT}`}
          variant="default"
          size="sm"
          leftSection={<Icon name="timer" size="1em" />}
        >
          {text.activeTask}
        </Button>
        {context.data?.subject.actions.Create && (
          <Button
            component={Link}
            to={`/context/form/${TASK_SUBJECT}/add`}
            size="sm"
            leftSection={<Icon name="add" size="1em" />}
          >
            {text.newTask}
          </Button>
        )}
      </Group>
    </Group>
  );

  let content;
  if (context.isPending || (page.isPending && page.fetchStatus !== 'idle')) {
    content = (
      <Group justify="center" p="xl" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{text.loading}</Text>
      </Group>
    );
  } else if (context.isError || (page.isError && !page.data)) {
    const refused =
      context.error instanceof ApiError && (context.error.status === 403 || context.error.status === 404);
    content = (
      <Alert color={refused ? 'gray' : 'red'} role="alert" title={refused ? text.noAccess : text.loadError}>
        {!refused && (
          <Button
            variant="light"
            color="red"
            mt="sm"
            onClick={() => {
              void context.refetch();
              void page.refetch();
            }}
          >
            {text.retry}
          </Button>
        )}
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Text c="dimmed" p="xl" ta="center" className="my-tasks-empty">
        {text.empty}
      </Text>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover aria-label={text.label} aria-busy={page.isFetching} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.columns.id}</Table.Th>
              <Table.Th>{text.columns.subject}</Table.Th>
              <Table.Th>{text.columns.status}</Table.Th>
              <Table.Th>{text.columns.timer}</Table.Th>
              <Table.Th>{text.columns.forecast}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <MyTaskRow key={row.talkId} row={row} task={tasks[i]} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const total = page.data?.totalResults ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (tasks removed meanwhile) goes back to the last one.
  if (page.data && !page.isPlaceholderData && pageNumber > lastPage) setPageNumber(lastPage);
  return (
    <Stack gap="md" p="md" className="my-tasks">
      {header}
      {content}
      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {text.range((pageNumber - 1) * PAGE_SIZE + 1, Math.min(total, pageNumber * PAGE_SIZE), total)}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              disabled={pageNumber <= 1}
              onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
            >
              {text.pages.previous}
            </Button>
            <Text size="sm">{text.pageOf(Math.min(pageNumber, lastPage), lastPage)}</Text>
            <Button
              variant="default"
              size="xs"
              disabled={pageNumber >= lastPage}
              onClick={() => setPageNumber((n) => Math.min(lastPage, n + 1))}
            >
              {text.pages.next}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

function MyTaskRow({
  row,
  task,
}: {
  row: ApiTalk;
  task:
    | { data?: Awaited<ReturnType<typeof fetchTask>> | undefined; isError: boolean; dataUpdatedAt: number }
    | undefined;
}) {
  const info = task?.data?.task;
  // When the browser got the task: the server's clock in it is corrected by this one.
  const receivedAt = task?.dataUpdatedAt ?? 0;
  return (
    <Table.Tr data-task={row.talkId} data-state={info?.state}>
      <Table.Td>
        <Anchor component={Link} to={`/context/talk/${TASK_SUBJECT}/${String(row.talkId)}`}>
          {`#${String(row.talkId)}`}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.displayName}</Table.Td>
      <Table.Td>
        {info ? (
          <Badge color={STATE_COLORS[info.state]} variant="filled" autoContrast={info.state === 'paused'}>
            {info.status}
          </Badge>
        ) : task?.isError ? (
          text.timerUnknown
        ) : (
          <Loader size="xs" />
        )}
      </Table.Td>
      <Table.Td>
        {info ? <TaskTimer task={info} receivedAt={receivedAt} size="sm" /> : text.timerUnknown}
      </Table.Td>
      <Table.Td>{when(info?.forecastEnd ?? null)}</Table.Td>
    </Table.Tr>
  );
}
