/**
 * One registry of the screens' unsaved changes (issue 39 item 5). Every way out of a screen asks
 * it: the router's moves (side menu, tabs, links, back and forward: UnsavedChangesGuard), closing
 * the current tab, signing out, and the browser's reload or close (`beforeunload`, armed only while
 * something is unsaved: an armed page is kept out of the browser's back-forward cache).
 */

interface Entry {
  dirty: boolean;
  /** Saved or deliberately dropped: the screen may go without asking until `dirty` changes. */
  released: boolean;
  /** Read when someone leaves: true while the screen is leaving on its own (after a save). */
  letGo: (() => boolean) | undefined;
  /** The screen renders the question itself (ui/LeaveConfirmModal), not the shared modal. */
  ownPrompt: boolean;
}

export interface DiscardQuestion {
  ownPrompt: boolean;
  answer: (leave: boolean) => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const entries = new Map<symbol, Entry>();
let question: DiscardQuestion | null = null;
let armed = false;

const pending = (e: Entry) => e.dirty && !e.released && !(e.letGo?.() ?? false);

export function hasUnsavedChanges(): boolean {
  for (const entry of entries.values()) if (pending(entry)) return true;
  return false;
}

function warn(event: BeforeUnloadEvent): void {
  if (hasUnsavedChanges()) event.preventDefault();
}

function changed(): void {
  const now = hasUnsavedChanges();
  if (now !== armed) {
    armed = now;
    if (now) window.addEventListener('beforeunload', warn);
    else window.removeEventListener('beforeunload', warn);
  }
  for (const listener of listeners) listener();
}

export function subscribeUnsaved(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen's state: dirty or not; a change of `dirty` ends an earlier release. */
export function setUnsaved(
  id: symbol,
  dirty: boolean,
  options: { letGo?: (() => boolean) | undefined; ownPrompt?: boolean } = {},
): void {
  const before = entries.get(id);
  entries.set(id, {
    dirty,
    released: before !== undefined && before.dirty === dirty ? before.released : false,
    letGo: options.letGo,
    ownPrompt: options.ownPrompt ?? false,
  });
  changed();
}

/** The screen is gone (unmounted): nothing of it is left to lose. */
export function forgetUnsaved(id: symbol): void {
  if (entries.delete(id)) changed();
}

/** The screen's changes were saved, or dropped on purpose: its next move does not ask. */
export function releaseUnsaved(id?: symbol): void {
  for (const [key, entry] of entries) if (id === undefined || key === id) entry.released = true;
  changed();
}

export function currentQuestion(): DiscardQuestion | null {
  return question;
}

/**
 * Asks "Descartar alterações?" when something is unsaved and answers whether to go on; with
 * nothing unsaved it answers true at once. Going on releases every screen, so the move that
 * follows is not asked again.
 */
export function confirmDiscard(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  question?.answer(false);
  return new Promise((resolve) => {
    const asked: DiscardQuestion = {
      ownPrompt: [...entries.values()].some((e) => pending(e) && e.ownPrompt),
      answer: (leave) => {
        if (question !== asked) return;
        question = null;
        if (leave) for (const entry of entries.values()) entry.released = true;
        changed();
        resolve(leave);
      },
    };
    question = asked;
    changed();
  });
}

/** Answers the open question, if any (false: stay). */
export function answerDiscard(leave: boolean): void {
  question?.answer(leave);
}
