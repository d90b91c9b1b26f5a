import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVENT_TYPE_LABELS,
  JOB_DEFAULT_PAGE_SIZE,
  JOB_PAGE_SIZES,
  type JobListItem,
} from '@talkbase/domain/contracts/jobs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { automationsText } from '../../i18n/automations.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { notify } from '../notices/notices-store.ts';
import { deleteJob, fetchJobs, jobKeys } from './automations-api.ts';
import { EDITOR_PATH, HISTORY_PATH } from './paths.ts';
import './automations.css';

const text = automationsText.list;

/** 'Automações' (000 §2 "Automations list"): each job links to its editor; delete after confirming. */
export function AutomationListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(JOB_DEFAULT_PAGE_SIZE);
  const [removing, setRemoving] = useState<JobListItem | null>(null);
  const query = { page, fetch };
  const jobs = useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) => fetchJobs(query, signal),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (jobId: number) => deleteJob(jobId),
    onSuccess: async () => {
      const name = removing?.name ?? '';
      setRemoving(null);
      notify({ kind: 'success', title: text.removed(name) });
      if (page > 1 && jobs.data?.itens.length === 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
    onError: (err) => {
      setRemoving(null);
      const message = err instanceof ApiError && err.status < 500 ? err.errors[0]?.message : undefined;
      notify({ kind: 'error', title: message ?? text.removeError, durationMs: 10_000 });
    },
  });

  const total = jobs.data?.totalResults ?? 0;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Button component={Link} to={EDITOR_PATH} leftSection={<Icon name="add" />}>
          {text.newJob}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ListStates
          query={jobs}
          empty={jobs.data?.itens.length === 0}
          texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
        />
        {jobs.data && jobs.data.itens.length > 0 && (
          <ul className="automations-list" aria-label={text.title}>
            {jobs.data.itens.map((job) => {
              const name = job.name.trim() || text.untitled;
              return (
                <li key={job.jobId} className="automations-row">
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor component={Link} to={`${EDITOR_PATH}/${job.jobId}`} truncate fw={600}>
                      {name}
                    </Anchor>
                    {job.eventTypes.length > 0 && (
                      <Text size="xs" c="dimmed" truncate>
                        {job.eventTypes.map((type) => EVENT_TYPE_LABELS[type]).join(' · ')}
                      </Text>
                    )}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      component={Link}
                      to={`${HISTORY_PATH}/${job.jobId}`}
                      variant="subtle"
                      aria-label={text.history(name)}
                      title={text.history(name)}
                    >
                      <Icon name="history" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={text.remove(name)}
                      title={text.remove(name)}
                      onClick={() => setRemoving(job)}
                    >
                      <Icon name="delete" />
                    </ActionIcon>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
      </Paper>
      {jobs.data && total > 0 && (
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
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        danger
        busy={remove.isPending}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.jobId)}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}
