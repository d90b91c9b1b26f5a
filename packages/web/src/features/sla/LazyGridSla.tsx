import { useEffect, useState, type ComponentType } from 'react';
import { isTicketSubject } from './sla-column.ts';

type Props = { subject: string; talkId: number };

let loaded: ComponentType<Props> | null = null;
let loading: Promise<void> | null = null;

/**
 * The grid's SLA countdown, loaded with the first tickets' grid that shows it: the grid's first
 * load stays within its budget, and other subjects' grids never fetch it.
 */
export function LazyGridSla(props: Props) {
  const tickets = isTicketSubject(props.subject);
  const [Countdown, setCountdown] = useState<ComponentType<Props> | null>(() => loaded);
  useEffect(() => {
    if (!tickets || Countdown) return;
    let live = true;
    // A chunk that fails to load (a new deployment, the network) leaves the cell without its
    // countdown; the next grid tries again.
    loading ??= import('./GridSla.tsx').then(
      (m) => {
        loaded = m.GridSla;
      },
      () => {
        loading = null;
      },
    );
    void loading.then(() => {
      if (live) setCountdown(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [tickets, Countdown]);
  return tickets && Countdown ? <Countdown {...props} /> : null;
}
