import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTask } from '@talkbase/domain/contracts/tasks';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { Link } from 'react-router';
import { tasksText } from '../../i18n/tasks.ts';
import { TaskControls } from './TaskControls.tsx';
import { STATE_COLORS } from '../../ui/task-state-colors.ts';
import { TaskTimer } from './TaskTimer.tsx';

const text = tasksText;

function when(iso: string | null): string {
  if (!iso) return text.noValue;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? text.noValue : formatDateTime(at, DEFAULT_TIME_ZONE);
}

/** One task with its timer, its forecasts and its actions (the active-task scenario's body). */
export function TaskPanel({
  task,
  context,
  receivedAt,
}: {
  task: ApiTask;
  context: ContextResponse;
  receivedAt: number;
}) {
  const info = task.task;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className="task-panel"
      data-task={info.talkId}
      // The body colour: link and dimmed colours are chosen against it (app/theme.ts).
      bg="var(--mantine-color-body)"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h4">
              <Anchor
                component={Link}
                to={`/context/talk/tarefa/${String(info.talkId)}`}
                aria-label={text.openTask(info.talkId)}
              >
                {`#${String(info.talkId)}`}
              </Anchor>{' '}
              {info.title}
            </Title>
            <Group gap="xs">
              <Badge
                color={STATE_COLORS[info.state]}
                variant="filled"
                autoContrast={info.state === 'paused'}
                aria-label={`${text.statusBadge}: ${info.status}`}
              >
                {info.status}
              </Badge>
              {info.delay.deadline && (
                <Badge color="red.9" variant="filled">
                  {text.late}
                </Badge>
              )}
              {info.delay.estimate && (
                <Badge color="orange.5" variant="filled" autoContrast>
                  {text.overEstimate}
                </Badge>
              )}
            </Group>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" c="dimmed">
              {text.timerLabel}
            </Text>
            <TaskTimer task={info} receivedAt={receivedAt} />
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="sm" c="dimmed">
              {text.forecast}
            </Text>
            <Text>{when(info.forecastEnd)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {text.estimate}
            </Text>
            <Text>{info.estimatedDuration ?? text.noValue}</Text>
          </div>
          {info.runningSince && (
            <div>
              <Text size="sm" c="dimmed">
                {info.runningBy ? text.runningBy(info.runningBy.name) : text.timerLabel}
              </Text>
              <Text>{text.runningSince(when(info.runningSince))}</Text>
            </div>
          )}
        </SimpleGrid>
        <TaskControls task={task} context={context} receivedAt={receivedAt} />
      </Stack>
    </Card>
  );
}
