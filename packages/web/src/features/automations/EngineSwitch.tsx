import { Alert, Button } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { fetchEngineState, setEnginePaused } from './automations-api.ts';

const text = automationsText.engine;
const engineKey = ['automations', 'engine'] as const;

function useEngine() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: engineKey, queryFn: ({ signal }) => fetchEngineState(signal) });
  const change = useMutation({
    mutationFn: setEnginePaused,
    onSuccess: (next) => {
      queryClient.setQueryData(engineKey, next);
      notify({ kind: 'success', title: next.paused ? text.paused : text.resumed });
    },
    onError: () => notify({ kind: 'error', title: text.error, durationMs: 10_000 }),
  });
  return { state, change };
}

/**
 * The automations list's "Pausar automações" / "Retomar automações" (issue 33): for the moment a job
 * misbehaves, the whole engine of the company stops and carries on, losing nothing.
 */
export function EngineSwitch() {
  const { state, change } = useEngine();
  const paused = state.data?.paused === true;
  if (state.isError) return null;
  return (
    <Button
      variant="default"
      loading={change.isPending}
      disabled={!state.data}
      leftSection={<Icon name={paused ? 'play_arrow' : 'pause'} />}
      onClick={() => change.mutate(!paused)}
    >
      {paused ? text.resume : text.pause}
    </Button>
  );
}

/** While paused, the list says so above the jobs. */
export function EnginePausedNotice() {
  const { state } = useEngine();
  if (state.isError) return <Alert color="red">{text.loadError}</Alert>;
  if (!state.data?.paused) return null;
  const since = state.data.pausedAt ? formatDateTime(new Date(state.data.pausedAt), DEFAULT_TIME_ZONE) : '';
  return (
    <Alert
      color="yellow"
      icon={<Icon name="pause_circle" />}
      // The title in the text colour: the alert's yellow on its light yellow fails contrast by day.
      title={<span style={{ color: 'var(--mantine-color-text)' }}>{text.pausedTitle}</span>}
    >
      {text.pausedBody(since)}
    </Alert>
  );
}
