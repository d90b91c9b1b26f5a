import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTION_KIND_LABELS,
  EVENT_TYPE_LABELS,
  JOB_DEFAULT_PAGE_SIZE,
  JOB_PAGE_SIZES,
  type JobRun,
  type JobRunStatus,
  type JobRunStepStatus,
  type JobRunTrigger,
} from '@talkbase/domain/contracts/jobs';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { notify } from '../notices/notices-store.ts';
import { fetchReadableSubjects } from '../records/records-api.ts';
import { fetchJob, fetchRun, fetchRuns, jobKeys, runCommand, type RunDetail } from './automations-api.ts';
import { EDITOR_PATH } from './paths.ts';
import './automations.css';

const text = automationsText.history;
const FINISHED: readonly JobRunStatus[] = ['succeeded', 'failed', 'cancelled'];
const STATUS_COLOR: Record<JobRunStepStatus, string> = {
  pending: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
  skipped: 'gray',
};

function triggerText(trigger: JobRunTrigger): string {
  switch (trigger.kind) {
    case 'event':
      return text.triggers.event(EVENT_TYPE_LABELS[trigger.eventType]);
    case 'existing':
      return text.triggers.existing;
    case 'parent':
      return text.triggers.parent;
    case 'retry':
      return text.triggers.retry(trigger.fromRunId);
  }
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

function duration(run: JobRun): string {
  if (!run.startedAt) return '—';
  const end = run.finishedAt ? Date.parse(run.finishedAt) : Date.now();
  const ms = Math.max(0, end - Date.parse(run.startedAt));
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The run history of one job (issue 16): trigger, record, status per step, duration, error; retry and resume. */
export function RunHistoryPage() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const jobId = Number(params.jobId);
  const valid = Number.isInteger(jobId) && jobId > 0;
  const watching = Number(search.get('run')) || null;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(JOB_DEFAULT_PAGE_SIZE);
  const job = useQuery({
    queryKey: jobKeys.one(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const query = { page, fetch };
  const runs = useQuery({
    queryKey: jobKeys.runs(jobId, query),
    queryFn: ({ signal }) => fetchRuns(jobId, query, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
    // Runs move on their own (the engine): the page follows them while any is unfinished.
    refetchInterval: (q) =>
      q.state.data?.itens.some((r) => !FINISHED.includes(r.status)) || watching ? 2000 : false,
  });
  const command = useMutation({
    mutationFn: (input: { runId: number; command: 'retry' | 'resume' }) =>
      runCommand(input.runId, input.command),
    onSuccess: async (_data, input) => {
      notify({ kind: 'success', title: input.command === 'retry' ? text.retried : text.resumed });
      await queryClient.invalidateQueries({ queryKey: ['jobs', 'runs', jobId] });
    },
    onError: (err) => {
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.commandError, durationMs: 10_000 });
    },
  });

  const subjects = useQuery({
    queryKey: ['jobs', 'subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 60_000,
  });
  const subjectId = job.data?.events[0]?.steps[0]?.subjectId ?? null;
  const identifierOf = (id: number | null | undefined) =>
    subjects.data?.find((s) => s.subjectId === id)?.subjectIdentifier ?? null;
  const notFound = !valid || (job.error instanceof ApiError && job.error.status === 404);
  const total = runs.data?.totalResults ?? 0;
  const name = job.data?.name ?? '';

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {name ? text.titleOf(name) : text.title}
        </Title>
        {valid && (
          <Anchor component={Link} to={`${EDITOR_PATH}/${jobId}`}>
            <Group gap={4} wrap="nowrap">
              <Icon name="arrow_back" />
              {text.back}
            </Group>
          </Anchor>
        )}
      </Group>
      {notFound && (
        <Alert color="red" role="alert">
          {automationsText.editor.notFound}
        </Alert>
      )}
      {watching !== null && valid && (
        <RunProgress
          runId={watching}
          onClose={() => {
            const next = new URLSearchParams(search);
            next.delete('run');
            setSearch(next, { replace: true });
          }}
          onSettled={() => void queryClient.invalidateQueries({ queryKey: ['jobs', 'runs', jobId] })}
        />
      )}
      {!notFound && (
        <Paper withBorder radius="md">
          <ListStates
            query={runs}
            empty={runs.data?.itens.length === 0}
            texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
          />
          {runs.data && runs.data.itens.length > 0 && (
            <Table.ScrollContainer minWidth={1000}>
              <Table className="automation-runs" verticalSpacing="xs" aria-label={text.title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{text.trigger}</Table.Th>
                    <Table.Th>{text.record}</Table.Th>
                    <Table.Th>{text.status}</Table.Th>
                    <Table.Th>{text.steps}</Table.Th>
                    <Table.Th>{text.started}</Table.Th>
                    <Table.Th>{text.duration}</Table.Th>
                    <Table.Th>{text.error}</Table.Th>
                    <Table.Th aria-label={text.retry} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.data.itens.map((run) => (
                    <RunRow
                      key={run.runId}
                      run={run}
                      subject={identifierOf((run as RunDetail).subjectId ?? subjectId)}
                      busy={command.isPending}
                      onCommand={(c) => command.mutate({ runId: run.runId, command: c })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {runs.data && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={JOB_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}

function RunRow(props: {
  run: JobRun;
  /** The identifier of the subject the job's event watches (the run's record is one of it). */
  subject: string | null;
  busy: boolean;
  onCommand: (command: 'retry' | 'resume') => void;
}) {
  const { run } = props;
  const error = run.steps.find((s) => s.error)?.error ?? null;
  const recordLink =
    run.talkId !== null && props.subject
      ? `/context/talk/${encodeURIComponent(props.subject)}/${run.talkId}`
      : null;
  return (
    <Table.Tr data-run={run.runId}>
      <Table.Td>{run.runId}</Table.Td>
      <Table.Td style={{ minWidth: 130 }}>{triggerText(run.trigger)}</Table.Td>
      <Table.Td>
        {run.talkId === null ? (
          text.noRecord
        ) : recordLink ? (
          <Anchor component={Link} to={recordLink}>
            #{run.talkId}
          </Anchor>
        ) : (
          `#${run.talkId}`
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 130 }}>
        <Badge
          color={STATUS_COLOR[run.status]}
          variant="dot"
          tt="none"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {text.statuses[run.status]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ minWidth: 240 }}>
        <Group gap={4}>
          {run.steps.map((step, i) => {
            const label = step.workStepType ? ACTION_KIND_LABELS[step.workStepType] : `${i + 1}`;
            return (
              <Badge
                key={i}
                size="sm"
                tt="none"
                variant="dot"
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                color={STATUS_COLOR[step.status]}
                title={`${label}: ${text.statuses[step.status]}`}
              >
                {label}: {text.statuses[step.status]}
              </Badge>
            );
          })}
        </Group>
      </Table.Td>
      <Table.Td>{run.startedAt ? dateTime.format(new Date(run.startedAt)) : '—'}</Table.Td>
      <Table.Td>{duration(run)}</Table.Td>
      <Table.Td>
        {error && (
          <Text size="sm" c="red" style={{ minWidth: 160, maxWidth: 320, overflowWrap: 'break-word' }}>
            {error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {(run.status === 'failed' || run.status === 'cancelled') && (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              disabled={props.busy}
              aria-label={text.retryOf(run.runId)}
              onClick={() => props.onCommand('retry')}
            >
              {text.retry}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={props.busy}
              aria-label={text.resumeOf(run.runId)}
              onClick={() => props.onCommand('resume')}
            >
              {text.resume}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The progress of a run over existing records, with its cancel button (issue 16 item 5). */
function RunProgress(props: { runId: number; onClose: () => void; onSettled: () => void }) {
  const p = automationsText.progress;
  const run = useQuery({
    queryKey: jobKeys.run(props.runId),
    queryFn: ({ signal }) => fetchRun(props.runId, signal),
    refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.status) ? false : 1000),
  });
  const cancel = useMutation({
    mutationFn: () => runCommand(props.runId, 'cancel'),
    onSuccess: async () => {
      notify({ kind: 'success', title: p.cancelled });
      await run.refetch();
      props.onSettled();
    },
    onError: (err) => {
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.commandError, durationMs: 10_000 });
    },
  });
  const data = run.data;
  const finished = data ? FINISHED.includes(data.status) : false;
  const done = data?.progress?.done ?? 0;
  const total = data?.progress?.total ?? null;
  const percent =
    finished && data?.status === 'succeeded' ? 100 : total ? Math.min(100, (done / total) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={p.title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{p.title}</Text>
          {data && (
            <Badge color={STATUS_COLOR[data.status]} variant="dot" tt="none">
              {text.statuses[data.status]}
            </Badge>
          )}
        </Group>
        <Progress
          value={percent}
          animated={!finished}
          aria-label={p.label}
          aria-valuetext={p.count(done, total)}
          size="lg"
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {run.isError ? text.loadError : p.count(done, total)}
          </Text>
          {finished ? (
            <Button size="compact-sm" variant="default" onClick={props.onClose}>
              {p.close}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              color="red.9"
              variant="light"
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {p.cancel}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
