import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  EVENT_TYPE_LABELS,
  JOB_DEFAULT_PAGE_SIZE,
  JOB_PAGE_SIZES,
  type JobListItem,
} from '@talkbase/domain/contracts/jobs';
import { Link } from 'react-router';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { NewItemButton, RowLink, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { refusalNotice, useListRemoval } from '../settings-list/useListRemoval.ts';
import { deleteJob, fetchJobs, jobKeys } from './automations-api.ts';
import { EnginePausedNotice, EngineSwitch } from './EngineSwitch.tsx';
import { EDITOR_PATH, HISTORY_PATH } from './paths.ts';
import './automations.css';

const text = automationsText.list;

/** 'Automações' (000 §2 "Automations list"): each job links to its editor; delete after confirming. */
export function AutomationListPage() {
  const paging = useListPaging(JOB_DEFAULT_PAGE_SIZE);
  const jobs = useListQuery({ page: paging.page, fetch: paging.pageSize }, jobKeys.list, fetchJobs);
  const removal = useListRemoval<JobListItem>({
    remove: (job) => deleteJob(job.jobId),
    removedTitle: (job) => text.removed(job.name),
    reload: [jobKeys.all],
    paging,
    list: jobs,
    failure: refusalNotice(text.removeError),
  });

  return (
    <SettingsList
      title={text.title}
      actions={
        <Group gap="sm">
          <EngineSwitch />
          <Button component={Link} to={HISTORY_PATH} variant="default" leftSection={<Icon name="history" />}>
            {text.runs}
          </Button>
          <NewItemButton to={EDITOR_PATH}>{text.newJob}</NewItemButton>
        </Group>
      }
      toolbar={<EnginePausedNotice />}
      list={jobs}
      texts={text}
      paging={paging}
      pageSizes={JOB_PAGE_SIZES}
      removal={removal}
    >
      {(rows) => (
        <ul className="automations-list" aria-label={text.title}>
          {rows.map((job) => {
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
                  <RowLink to={`${HISTORY_PATH}/${job.jobId}`} label={text.history(name)} icon="history" />
                  <RowRemoveButton label={text.remove(name)} onClick={() => removal.ask(job)} />
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </SettingsList>
  );
}
