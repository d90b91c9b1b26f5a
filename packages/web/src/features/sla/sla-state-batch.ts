import type { SlaState, SlaStateAnswer } from '@talkbase/domain/contracts/sla';
import { MAX_STATE_IDS } from '@talkbase/domain/sla/sla-constants';
import { apiRequest } from '../../api/client.ts';

/**
 * The grid's SLA cells ask for their ticket's clocks one by one; this gathers the asks of one
 * render (the visible rows of a page) into one `GET /api/sla/state` per subject.
 */
interface Pending {
  ids: Set<number>;
  waiters: { id: number; resolve: (s: SlaState | null) => void; reject: (e: unknown) => void }[];
}

const pending = new Map<string, Pending>();

export function loadSlaState(subject: string, talkId: number): Promise<SlaState | null> {
  return new Promise((resolve, reject) => {
    let batch = pending.get(subject);
    if (!batch) {
      batch = { ids: new Set(), waiters: [] };
      pending.set(subject, batch);
      setTimeout(() => void flush(subject), 0);
    }
    batch.ids.add(talkId);
    batch.waiters.push({ id: talkId, resolve, reject });
  });
}

async function flush(subject: string): Promise<void> {
  const batch = pending.get(subject);
  pending.delete(subject);
  if (!batch) return;
  const ids = [...batch.ids];
  for (let i = 0; i < ids.length; i += MAX_STATE_IDS) {
    const chunk = ids.slice(i, i + MAX_STATE_IDS);
    const waiters = batch.waiters.filter((w) => chunk.includes(w.id));
    try {
      const answer = await apiRequest<SlaStateAnswer>(
        `/api/sla/state?subject=${encodeURIComponent(subject)}&ids=${chunk.join(',')}`,
      );
      const byId = new Map(answer.states.map((s) => [s.talkId, s]));
      for (const w of waiters) w.resolve(byId.get(w.id) ?? null);
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }
}
