import type { KeyboardEvent } from 'react';

/**
 * The keyboard and focus of a grid cell's editor (issue 39 item 4), as a spreadsheet has them:
 * the editor takes the focus when it opens, keys typed meanwhile are kept, and Enter, Esc and Tab
 * leave it. DOM helpers only; useGridEditing decides what each key does to the edit.
 */

/** What focus can land on inside an editor, apart from the cell's own save and cancel icons. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A key that types a character (not a shortcut): on a cell it opens the editor with it. */
export function isTypingKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/** The gridcell of one attribute in one row of the grid, by the data attributes GridBody writes. */
export function cellElement(root: ParentNode | null | undefined, rowKey: string, attributeId: number) {
  return (
    root?.querySelector<HTMLElement>(
      `[role="row"][data-row-key="${CSS.escape(rowKey)}"] [role="gridcell"][data-attribute-id="${attributeId}"]`,
    ) ?? null
  );
}

function focusables(wrapper: HTMLElement): HTMLElement[] {
  return [...wrapper.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('.grid-cell-actions') && !(el instanceof HTMLInputElement && isUncheckedRadio(el)),
  );
}

const isUncheckedRadio = (el: HTMLInputElement) => el.type === 'radio' && !el.checked;

/**
 * The editor's main control inside a cell: the input the editor was given `id` for, else the
 * chosen option of a radio group (yes/no), else its first control. Null while it is loading.
 */
export function editorTarget(wrapper: HTMLElement, id: string): HTMLElement | null {
  const byId = wrapper.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  if (byId && byId.matches(FOCUSABLE)) return byId;
  const radios = [...wrapper.querySelectorAll<HTMLInputElement>('input[type="radio"]:not([disabled])')];
  if (radios.length > 0) return radios.find((r) => r.checked) ?? radios[0] ?? null;
  return focusables(wrapper)[0] ?? null;
}

const isTextField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(el.type));

/** Sets a React-controlled field's text as typing would: through the native setter and an input event. */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function caretToEnd(el: HTMLInputElement | HTMLTextAreaElement): void {
  const end = el.value.length;
  try {
    el.setSelectionRange(end, end);
  } catch {
    // Inputs without a text selection (e-mail in some browsers) keep the caret where it is.
  }
  if (el instanceof HTMLTextAreaElement) el.scrollTop = el.scrollHeight;
}

/**
 * Focuses the editor's main control. `typed` is what the user typed to open it (it replaces the
 * value, as typing on a spreadsheet cell does) or while it loaded (`replace` false: it follows the
 * value). The caret ends after the text. Answers whether the focus is there.
 */
export function focusEditor(target: HTMLElement, typed: string, replace: boolean): boolean {
  target.focus();
  if (document.activeElement !== target) return false;
  if (isTextField(target)) {
    if (typed) {
      // A list's search box starts empty: what was typed searches it.
      const search = target.getAttribute('aria-haspopup') === 'listbox';
      typeInto(target, (replace || search ? '' : target.value) + typed);
    }
    caretToEnd(target);
  }
  return true;
}

/**
 * Whether Tab (Shift+Tab) from `from` leaves the cell: from its main control, or past its last
 * (first) control, so an editor of several controls is still walked with Tab inside.
 */
export function tabLeavesCell(wrapper: HTMLElement, id: string, from: Element, back: boolean): boolean {
  const main = editorTarget(wrapper, id);
  if (from === main) return true;
  if (from instanceof HTMLInputElement && from.type === 'radio') return true;
  const list = focusables(wrapper);
  return list.length === 0 || from === (back ? list[0] : list.at(-1));
}

/** A new line at the caret of a long text (Ctrl+Enter: the browser adds none by itself). */
export function insertNewline(el: HTMLTextAreaElement): void {
  const start = el.selectionStart;
  const end = el.selectionEnd;
  typeInto(el, `${el.value.slice(0, start)}\n${el.value.slice(end)}`);
  el.setSelectionRange(start + 1, start + 1);
}

/** Controls that act on Enter themselves (a calendar's toggle, a list's clear button). */
export function actsOnEnter(el: Element): boolean {
  return (
    el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el.getAttribute('role') === 'button'
  );
}
