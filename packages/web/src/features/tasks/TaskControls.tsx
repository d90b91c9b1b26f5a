import { Button, Group } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTask, TaskRefusal } from '@talkbase/domain/contracts/tasks';
import {
  checkTaskEstimate,
  missingDelayReasons,
  missingEstimates,
  TASK_ATTRIBUTES,
  taskDelay,
} from '@talkbase/domain/tasks/task-rules';
import type { TaskAction } from '@talkbase/domain/tasks/task-state';
import { timerSeconds } from '@talkbase/domain/tasks/task-timer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { tasksText } from '../../i18n/tasks.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { runTaskAction, saveTaskValues, taskKeys } from './tasks-api.ts';
import { TaskValuesModal } from './TaskValuesModal.tsx';

const text = tasksText;

type Modal = { kind: 'estimates' } | { kind: 'reasons'; fields: string[] } | null;

const ICONS: Record<TaskAction, string> = { start: 'play_arrow', pause: 'pause', finish: 'task_alt' };

/** Every cached view of a task after it changed: its record, lists, history, the running task. */
export async function refreshTask(queryClient: ReturnType<typeof useQueryClient>, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.inProgress }),
    queryClient.invalidateQueries({ queryKey: taskKeys.one(id) }),
    queryClient.invalidateQueries({ queryKey: ['talk', 'tarefa', id] }),
    queryClient.invalidateQueries({ queryKey: ['talks', 'tarefa'] }),
    queryClient.invalidateQueries({ queryKey: ['timeline', 'tarefa', id] }),
  ]);
}

/**
 * Start (or resume), pause and finish of one task (002 §4, §8). Starting without the forecast or
 * the estimate opens the estimates modal; finishing late or over the estimate opens the reasons
 * modal with the matching reasons required. The server decides: its 422 opens the same modals.
 */
export function TaskControls({
  task,
  context,
  receivedAt,
}: {
  task: ApiTask;
  context: ContextResponse;
  receivedAt: number;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TaskAction | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const info = task.task;
  const id = task.talkId;
  const offset = Date.parse(info.serverTime) - receivedAt;
  const values = {
    forecastStart: info.forecastStart,
    forecastEnd: info.forecastEnd,
    estimate: info.estimatedDuration,
    deadlineReason: info.deadlineReason,
    estimateReason: info.estimateReason,
  };

  // Only what the account may read can be asked for; the server judges the rest.
  const readable = (fields: readonly string[] | undefined) =>
    (fields ?? []).filter((f) => context.subject.subjectAttributes.some((a) => a.identifier === f));

  const run = async (action: TaskAction) => {
    setBusy(action);
    try {
      const answer = await runTaskAction(action, id);
      notify({ kind: 'success', title: answer.message });
    } catch (err) {
      const refusal = err instanceof ApiError ? (err.extra as TaskRefusal) : {};
      if (action === 'start' && readable(refusal.missingEstimates).length) setModal({ kind: 'estimates' });
      else if (action === 'finish' && readable(refusal.missingReasons).length)
        setModal({ kind: 'reasons', fields: readable(refusal.missingReasons) });
      else {
        const failure = {
          start: text.messages.startFailed,
          pause: text.messages.pauseFailed(id),
          finish: text.messages.finishFailed(id),
        }[action];
        const reasons =
          err instanceof ApiError ? err.errors.map((e) => e.message).filter((m) => m !== failure) : [];
        notify({
          kind: 'error',
          title: failure,
          message: reasons.join(' ') || undefined,
          durationMs: 10_000,
        });
      }
    } finally {
      setBusy(null);
      await refreshTask(queryClient, id);
    }
  };

  const start = () => {
    if (readable(missingEstimates(values).map((e) => e.field)).length > 0) setModal({ kind: 'estimates' });
    else void run('start');
  };
  const finish = () => {
    const now = Date.now() + (Number.isFinite(offset) ? offset : 0);
    const worked = timerSeconds(info, now);
    const missing = readable(
      missingDelayReasons(values, taskDelay(values, worked, new Date(now))).map((m) => m.field),
    );
    if (missing.length > 0) setModal({ kind: 'reasons', fields: missing });
    else void run('finish');
  };
  const handlers: Record<TaskAction, () => void> = { start, pause: () => void run('pause'), finish };

  return (
    <>
      <Group gap="xs" role="group" aria-label={text.actions.label}>
        {info.actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={{ start: 'filled', pause: 'default', finish: 'outline' }[action]}
            leftSection={<Icon name={ICONS[action]} size="1.1em" />}
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={handlers[action]}
          >
            {action === 'start' && info.state === 'paused' ? text.actions.resume : text.actions[action]}
          </Button>
        ))}
      </Group>
      {modal?.kind === 'estimates' && (
        <TaskValuesModal
          opened
          title={text.estimates.title}
          intro={text.estimates.intro}
          fields={readable([TASK_ATTRIBUTES.forecastEnd, TASK_ATTRIBUTES.estimate])}
          context={context}
          task={task}
          saveLabel={text.estimates.save}
          validate={(value) =>
            Object.fromEntries(
              checkTaskEstimate({
                forecastStart: value(TASK_ATTRIBUTES.forecastStart),
                forecastEnd: value(TASK_ATTRIBUTES.forecastEnd),
                estimate: value(TASK_ATTRIBUTES.estimate),
              }).map((e) => [e.field, e.message]),
            )
          }
          onSave={async (talkValues) => {
            await saveTaskValues(id, task.version, talkValues);
            notify({ kind: 'success', title: text.messages.estimatesSaved });
            setModal(null);
            await run('start');
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'reasons' && (
        <TaskValuesModal
          opened
          title={text.reasons.title}
          intro={[
            modal.fields.includes(TASK_ATTRIBUTES.deadlineReason) ? text.reasons.deadline : '',
            modal.fields.includes(TASK_ATTRIBUTES.estimateReason) ? text.reasons.estimate : '',
          ]
            .filter(Boolean)
            .join(' ')}
          fields={modal.fields}
          context={context}
          task={task}
          saveLabel={text.reasons.save}
          onSave={async (talkValues) => {
            await saveTaskValues(id, task.version, talkValues);
            notify({ kind: 'success', title: text.messages.reasonsSaved });
            setModal(null);
            await run('finish');
          }}
          onClose={() => setModal(null)}
        />
      )}
    </>
  );
}
