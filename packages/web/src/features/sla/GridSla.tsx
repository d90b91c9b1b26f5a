import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isTicketSubject } from './sla-column.ts';
import { countdownOf } from './sla-countdown.ts';
import { loadSlaState } from './sla-state-batch.ts';
import './sla.css';

/** One clock for every countdown on screen: a render a minute. */
let listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    listeners.add(tick);
    ticker ??= setInterval(() => {
      for (const l of listeners) l();
    }, 30_000);
    return () => {
      listeners.delete(tick);
      if (listeners.size === 0 && ticker) {
        clearInterval(ticker);
        ticker = undefined;
        listeners = new Set();
      }
    };
  }, []);
  return now;
}

/** A ticket's SLA countdown in its grid row (features/records slot `GridSla`); nothing for other subjects. */
export function GridSla({ subject, talkId }: { subject: string; talkId: number }) {
  const tickets = isTicketSubject(subject);
  const state = useQuery({
    queryKey: ['sla', 'state', subject.toLowerCase(), talkId],
    queryFn: () => loadSlaState(subject, talkId),
    enabled: tickets,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  const now = useMinute();
  if (!tickets || !state.data) return null;
  const countdown = countdownOf(state.data, state.dataUpdatedAt, now);
  if (!countdown) return null;
  return (
    <span className={`sla-chip sla-${countdown.tone}`} title={countdown.label} aria-label={countdown.label}>
      {countdown.text}
    </span>
  );
}
