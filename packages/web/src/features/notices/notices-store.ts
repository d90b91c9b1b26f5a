import { t } from '../../i18n/pt-BR.ts';

/** Red for errors, blue for alerts, green for everything else (000 §4). */
export type NoticeKind = 'error' | 'alert' | 'info' | 'success';

export interface NoticeAction {
  label: string;
  run: () => void;
}

export interface Notice {
  id: number;
  kind: NoticeKind;
  title: string;
  message: string | undefined;
  durationMs: number;
  action: NoticeAction | undefined;
}

export interface NoticeInput {
  kind?: NoticeKind;
  title?: string;
  message?: string;
  durationMs?: number;
  action?: NoticeAction;
}

export const MAX_NOTICES = 3;
export const DEFAULT_NOTICE_MS = 5000;

type Listener = () => void;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let notices: readonly Notice[] = [];
let nextId = 1;

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissNotice(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id));
}

/** Shows a notice; when three are already shown the oldest makes room. */
export function notify(input: NoticeInput): number {
  const notice: Notice = {
    id: nextId++,
    kind: input.kind ?? 'success',
    title: input.title ?? t.notices.defaultTitle,
    message: input.message,
    durationMs: input.durationMs ?? DEFAULT_NOTICE_MS,
    action: input.action,
  };
  const kept = [...notices, notice];
  while (kept.length > MAX_NOTICES) {
    const oldest = kept.shift();
    if (oldest) {
      const timer = timers.get(oldest.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(oldest.id);
    }
  }
  set(kept);
  timers.set(
    notice.id,
    setTimeout(() => dismissNotice(notice.id), notice.durationMs),
  );
  return notice.id;
}

export function clearNotices(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  set([]);
}
