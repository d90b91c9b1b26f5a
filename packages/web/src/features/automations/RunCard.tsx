import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { ACTION_KIND_LABELS } from '@talkbase/domain/contracts/jobs';
import {
  type JobRunDetail,
  type JobRunStep,
  type JobRunStepStatus,
} from '@talkbase/domain/contracts/job-runs';
import { useId } from 'react';
import { Link } from 'react-router';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import {
  formatDateTime,
  formatMs,
  runDuration,
  runRecordPath,
  stepDetailLines,
  triggerLines,
  triggerText,
  type DetailLine,
} from './run-detail.ts';
import { HISTORY_PATH } from './paths.ts';

const text = automationsText.history;

export const STATUS_COLOR: Record<JobRunStepStatus, string> = {
  pending: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
  skipped: 'gray',
};

export function StatusBadge(props: { status: JobRunStepStatus; size?: 'sm' | 'md' }) {
  return (
    <Badge
      color={STATUS_COLOR[props.status]}
      variant="dot"
      tt="none"
      size={props.size ?? 'md'}
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {text.statuses[props.status]}
    </Badge>
  );
}

export type RunCommand = 'retry' | 'resume' | 'cancel';

/** Lines of a trigger or a step: 'label: value', the value a link when it leads somewhere. */
function Lines(props: { lines: DetailLine[] }) {
  if (props.lines.length === 0) return null;
  return (
    <ul className="automation-run-lines">
      {props.lines.map((line, i) => (
        <li key={i}>
          <Text span size="sm" c="dimmed">
            {line.value ? `${line.label}: ` : line.label}
          </Text>
          {line.to ? (
            <Anchor component={Link} to={line.to} size="sm">
              {line.value}
            </Anchor>
          ) : (
            <Text span size="sm" className="automation-run-value">
              {line.value}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}

function StepItem(props: { step: JobRunStep; index: number }) {
  const { step } = props;
  const label = step.workStepType ? ACTION_KIND_LABELS[step.workStepType] : text.steps;
  const lines = stepDetailLines(step.workStepType, step.detail);
  return (
    <li className="automation-run-step" data-step={props.index}>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          {props.index + 1}. {label}
        </Text>
        <StatusBadge status={step.status} size="sm" />
        {typeof step.ms === 'number' && (
          <Text size="xs" c="dimmed">
            <Icon name="timer" size={14} /> {formatMs(step.ms)}
          </Text>
        )}
        {(step.attempts ?? 0) > 1 && (
          <Text size="xs" c="dimmed">
            {text.attempts(step.attempts ?? 0)}
          </Text>
        )}
      </Group>
      <Lines lines={lines} />
      {step.error && (
        <Text size="sm" c="red.8" className="automation-run-error">
          {step.error}
        </Text>
      )}
    </li>
  );
}

/**
 * One run of the history: its trigger, its record ("Ver registro"), its status, when it started
 * and how long it took, each step with what it did, its duration and its error; retry and resume
 * when it failed or was cancelled, cancel while it waits or runs.
 */
export function RunCard(props: {
  run: JobRunDetail;
  /** The record's subject name, when known ('Chamado'). */
  subjectName: string | null;
  /** Show the job's name (the list of every job's runs). */
  showJob: boolean;
  busy: boolean;
  onCommand: (command: RunCommand) => void;
}) {
  const { run } = props;
  const headingId = useId();
  const record = runRecordPath(run);
  const duration = runDuration(run);
  const jobName = run.jobName ?? text.deletedJob;
  const progress = run.progress;
  const percent =
    progress && progress.total
      ? Math.min(100, (progress.done / progress.total) * 100)
      : run.status === 'succeeded'
        ? 100
        : 0;
  return (
    <li className="automation-run" data-run={run.runId}>
      <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="wrap">
              <Text fw={700} id={headingId}>
                {text.run(run.runId)}
              </Text>
              <StatusBadge status={run.status} />
              {props.showJob &&
                (run.jobName ? (
                  <Anchor component={Link} to={`${HISTORY_PATH}/${run.jobId}`} size="sm" fw={600}>
                    {jobName}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {jobName}
                  </Text>
                ))}
              {(run.retries ?? 0) > 0 && (
                <Badge variant="light" color="gray" tt="none" size="sm">
                  {text.retries(run.retries ?? 0)}
                </Badge>
              )}
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {run.startedAt ? `${text.started}: ${formatDateTime(run.startedAt)}` : text.notStarted}
              </Text>
              {duration && (
                <Text size="sm" c="dimmed">
                  {`${text.duration}: ${duration}`}
                </Text>
              )}
            </Group>
          </Group>

          <dl className="automation-run-facts">
            <div>
              <dt>{text.trigger}</dt>
              <dd>
                <Text size="sm">{triggerText(run.trigger)}</Text>
                <Lines lines={triggerLines(run.trigger)} />
              </dd>
            </div>
            <div>
              <dt>{text.record}</dt>
              <dd>
                {run.talkId === null ? (
                  <Text size="sm">{text.noRecord}</Text>
                ) : (
                  <Group gap="sm" wrap="wrap">
                    <Text size="sm">
                      {props.subjectName ? text.recordOf(props.subjectName, run.talkId) : `#${run.talkId}`}
                    </Text>
                    {record && (
                      <Anchor
                        component={Link}
                        to={record}
                        size="sm"
                        aria-label={text.openRecordOf(run.talkId)}
                      >
                        <Group gap={2} wrap="nowrap" component="span">
                          {text.openRecord}
                          <Icon name="open_in_new" size={16} />
                        </Group>
                      </Anchor>
                    )}
                  </Group>
                )}
              </dd>
            </div>
          </dl>

          {progress && (
            <Stack gap={2}>
              <Progress
                value={percent}
                size="sm"
                aria-label={automationsText.progress.label}
                aria-valuetext={automationsText.progress.count(progress.done, progress.total)}
              />
              <Text size="xs" c="dimmed">
                {automationsText.progress.count(progress.done, progress.total)}
              </Text>
            </Stack>
          )}

          {run.steps.length > 0 && (
            <ol className="automation-run-steps" aria-label={text.steps}>
              {run.steps.map((step, i) => (
                <StepItem key={i} step={step} index={i} />
              ))}
            </ol>
          )}

          {(run.status === 'failed' ||
            run.status === 'cancelled' ||
            run.status === 'pending' ||
            run.status === 'running') && (
            <Group gap="xs">
              {run.status === 'failed' || run.status === 'cancelled' ? (
                <>
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
                </>
              ) : (
                <Button
                  size="compact-sm"
                  variant="default"
                  color="red"
                  disabled={props.busy}
                  aria-label={text.cancelOf(run.runId)}
                  onClick={() => props.onCommand('cancel')}
                >
                  {text.cancel}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
