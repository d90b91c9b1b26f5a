import { realtimeEvents, type RealtimeEventName } from '@talkbase/domain/contracts/realtime';
import type { Audience } from '../realtime/bus.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { subjectOf, type StreamEvent, type StreamEventKind } from './event-kinds.ts';

/** One message to open sessions: to the whole company (each socket's share decided by the hub's
 * access filter) or to an audience (some accounts, a record's readers). */
export interface Push {
  companyId: number;
  event: RealtimeEventName;
  data: unknown;
  audience?: Audience;
}

/** What a module makes of its kinds of events for open sessions (read after the commit). */
export type PushBuilder = (events: readonly StreamEvent[]) => Push[] | Promise<Push[]>;

/** Record changes every grid showing the subject hears of (SendTalkUpdates). */
const RECORD_CHANGES: ReadonlySet<StreamEventKind> = new Set([
  'talk.created',
  'talk.updated',
  'talk.deleted',
  'talk.deactivated',
  'talk.activated',
  'file.added',
  'file.removed',
]);

/** At most this many record ids in one SendTalkUpdates (grids refresh what they show). */
const MAX_IDS = 200;

/**
 * The stream's consumer for open sessions: the only caller of the realtime hub's publish. Record
 * changes become one SendTalkUpdates per subject and account; other kinds are turned into pushes
 * by the module that owns them (`register`). Through the hub, a push reaches only sockets whose
 * account may read what it is about (the access module's delivery filter and record check).
 */
export class StreamPushes {
  private readonly hub: RealtimeHub;
  private readonly builders: { kinds: ReadonlySet<StreamEventKind>; build: PushBuilder }[] = [];

  constructor(hub: RealtimeHub) {
    this.hub = hub;
  }

  register(kinds: readonly StreamEventKind[], build: PushBuilder): void {
    this.builders.push({ kinds: new Set(kinds), build });
  }

  readonly consume = async (events: readonly StreamEvent[]): Promise<void> => {
    const pushes: Push[] = recordUpdates(events);
    for (const { kinds, build } of this.builders) {
      const mine = events.filter((e) => kinds.has(e.kind));
      if (mine.length) pushes.push(...(await build(mine)));
    }
    for (const p of pushes)
      await (p.audience
        ? this.hub.publishTo(p.companyId, p.event, p.data, p.audience)
        : this.hub.publish(p.companyId, p.event, p.data));
  };
}

function recordUpdates(events: readonly StreamEvent[]): Push[] {
  const groups = new Map<string, { e: StreamEvent; ids: Set<number> }>();
  for (const e of events) {
    if (!RECORD_CHANGES.has(e.kind) || e.talkId === null) continue;
    const key = `${e.companyId}:${e.subjectId}:${e.accountId ?? 0}`;
    const g = groups.get(key) ?? { e, ids: new Set<number>() };
    if (g.ids.size < MAX_IDS) g.ids.add(e.talkId);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ e, ids }) => ({
    companyId: e.companyId,
    event: realtimeEvents.talkUpdates,
    data: { subject: subjectOf(e), subjectId: e.subjectId, talkIds: [...ids], accountId: e.accountId ?? 0 },
  }));
}
