import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_DEFAULT_PAGE_SIZE, JOB_PAGE_SIZES } from '@talkbase/domain/contracts/jobs';
import { JOB_RUN_STATUSES, type JobRunStatus } from '@talkbase/domain/contracts/job-runs';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { t } from '../../i18n/pt-BR.ts';
import { notify } from '../notices/notices-store.ts';
import { rememberTab } from '../tabs/tabs-store.ts';
import { fetchReadableSubjects } from '../../api/subjects-api.ts';
import {
  fetchCompanyRuns,
  fetchJob,
  fetchJobs,
  fetchRun,
  jobKeys,
  runCommand,
  type RunQuery,
} from './automations-api.ts';
import { EDITOR_PATH, HISTORY_PATH, LIST_PATH } from './paths.ts';
import { RunCard, STATUS_COLOR, type RunCommand } from './RunCard.tsx';
import './automations.css';

const text = automationsText.history;
const FINISHED: readonly JobRunStatus[] = ['succeeded', 'failed', 'cancelled'];
const ALL = '';
const isStatus = (v: string | null): v is JobRunStatus =>
  v !== null && (JOB_RUN_STATUSES as readonly string[]).includes(v);

const commandNotice: Record<RunCommand, string> = {
  retry: text.retried,
  resume: text.resumed,
  cancel: text.cancelled,
};

/**
 * The run history (issue 16; issue 33 item 5): every job's runs at /automation/history, one job's
 * at /automation/history/{jobId}; filtered by job and by status (`?status=`). Each run shows its
 * trigger, its record ("Ver registro"), each step with what it did and how long it took, and its
 * error; failed runs are retried or resumed, waiting ones cancelled. `?run=` follows a run over
 * existing records with its progress.
 */
export function RunHistoryPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const jobId = params.jobId === undefined ? null : Number(params.jobId);
  const valid = jobId === null || (Number.isInteger(jobId) && jobId > 0);
  const status = isStatus(search.get('status')) ? (search.get('status') as JobRunStatus) : null;
  const watching = Number(search.get('run')) || null;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(JOB_DEFAULT_PAGE_SIZE);

  const job = useQuery({
    queryKey: jobKeys.one(jobId ?? 0),
    queryFn: ({ signal }) => fetchJob(jobId ?? 0, signal),
    enabled: valid && jobId !== null,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const jobs = useQuery({
    queryKey: jobKeys.list({ page: 1, fetch: 100 }),
    queryFn: ({ signal }) => fetchJobs({ page: 1, fetch: 100 }, signal),
    staleTime: 30_000,
  });
  const query: RunQuery = { page, fetch, status, jobId };
  const runs = useQuery({
    queryKey: jobKeys.companyRuns(query),
    queryFn: ({ signal }) => fetchCompanyRuns(query, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
    // Runs move on their own (the engine): the page follows them while any is unfinished.
    refetchInterval: (q) =>
      q.state.data?.itens.some((r) => !FINISHED.includes(r.status)) || watching ? 2000 : false,
  });
  const subjects = useQuery({
    queryKey: ['jobs', 'subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 60_000,
  });
  const command = useMutation({
    mutationFn: (input: { runId: number; command: RunCommand }) => runCommand(input.runId, input.command),
    onSuccess: async (_data, input) => {
      notify({ kind: 'success', title: commandNotice[input.command] });
      await queryClient.invalidateQueries({ queryKey: jobKeys.allRuns });
    },
    onError: (err) => {
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.commandError, durationMs: 10_000 });
    },
  });

  const subjectName = (identifier: string | null | undefined) =>
    subjects.data?.find((s) => s.subjectIdentifier === identifier)?.subjectName ?? null;
  const notFound = !valid || (job.error instanceof ApiError && job.error.status === 404);
  const total = runs.data?.totalResults ?? 0;
  const name = job.data?.name ?? '';
  const jobChoices = (jobs.data?.itens ?? []).map((j) => ({ value: String(j.jobId), label: j.name }));
  if (jobId !== null && name && !jobChoices.some((c) => c.value === String(jobId)))
    jobChoices.push({ value: String(jobId), label: name });

  // The screen names its own tab: which job, which status (screens.ts ownTitle).
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const tabTitle = text.tabTitle(jobId === null ? null : name || null, status ? text.statuses[status] : null);
  useEffect(() => {
    document.title = `${tabTitle} · ${t.app.name}`;
    rememberTab({ path: here, title: tabTitle });
  }, [here, tabTitle]);

  const chooseJob = (value: string | null) => {
    setPage(1);
    const kept = new URLSearchParams(search);
    kept.delete('run');
    const rest = kept.toString();
    void navigate(`${HISTORY_PATH}${value ? `/${value}` : ''}${rest ? `?${rest}` : ''}`);
  };
  const chooseStatus = (value: string | null) => {
    setPage(1);
    const next = new URLSearchParams(search);
    if (value && isStatus(value)) next.set('status', value);
    else next.delete('status');
    setSearch(next, { replace: true });
  };

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {jobId === null ? text.allTitle : name ? text.titleOf(name) : text.title}
        </Title>
        <Group gap="md">
          {jobId !== null && valid && (
            <Anchor component={Link} to={`${EDITOR_PATH}/${jobId}`}>
              <Group gap={4} wrap="nowrap">
                <Icon name="arrow_back" />
                {text.back}
              </Group>
            </Anchor>
          )}
          <Anchor component={Link} to={LIST_PATH}>
            <Group gap={4} wrap="nowrap">
              <Icon name="bolt" />
              {text.toList}
            </Group>
          </Anchor>
        </Group>
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
          onSettled={() => void queryClient.invalidateQueries({ queryKey: jobKeys.allRuns })}
        />
      )}
      {!notFound && (
        <>
          <Group gap="md" align="flex-end" role="group" aria-label={text.filters}>
            <Select
              label={text.job}
              data={[{ value: ALL, label: text.allJobs }, ...jobChoices]}
              value={jobId === null ? ALL : String(jobId)}
              onChange={chooseJob}
              allowDeselect={false}
              searchable
              nothingFoundMessage={text.emptyFiltered}
              w={320}
            />
            <Select
              label={text.status}
              data={[
                { value: ALL, label: text.allStatuses },
                ...JOB_RUN_STATUSES.map((s) => ({ value: s, label: text.statuses[s] })),
              ]}
              value={status ?? ALL}
              onChange={chooseStatus}
              allowDeselect={false}
              w={220}
            />
          </Group>
          <ListStates
            query={runs}
            empty={runs.data?.itens.length === 0}
            texts={{
              loadError: text.loadError,
              reload: text.reload,
              empty: status ? text.emptyFiltered : text.empty,
            }}
          />
          {runs.data && runs.data.itens.length > 0 && (
            <ol className="automation-run-list" aria-label={text.list}>
              {runs.data.itens.map((run) => (
                <RunCard
                  key={run.runId}
                  run={run}
                  subjectName={subjectName(run.subject)}
                  showJob={jobId === null}
                  busy={command.isPending}
                  onCommand={(c) => command.mutate({ runId: run.runId, command: c })}
                />
              ))}
            </ol>
          )}
        </>
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
