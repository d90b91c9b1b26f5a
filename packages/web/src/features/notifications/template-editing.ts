/**
 * Typing help for a notification's title and message (001 §2.11, §5): an opening quote, brace or
 * bracket brings its closing one, typing the closing one over an auto-inserted one steps over it,
 * and '${' opens the variable picker whose choice lands between the braces.
 */

export const CLOSERS: Readonly<Record<string, string>> = { '"': '"', "'": "'", '{': '}', '[': ']', '(': ')' };

export interface TextEdit {
  value: string;
  /** Caret position after the edit. */
  caret: number;
}

/**
 * What typing `key` does at the selection, or null when the browser's own typing is right.
 * A selection is wrapped (`{sel}`), an empty one gets the pair with the caret inside.
 */
export function typePair(value: string, start: number, end: number, key: string): TextEdit | null {
  const closer = CLOSERS[key];
  const isCloser = Object.values(CLOSERS).includes(key);
  if (start === end && isCloser && value[start] === key && (closer === undefined || closer === key)) {
    // Stepping over the closer the pair already put there.
    return { value, caret: start + 1 };
  }
  if (closer === undefined) return null;
  const selected = value.slice(start, end);
  return {
    value: value.slice(0, start) + key + selected + closer + value.slice(end),
    caret: start + 1 + selected.length,
  };
}

/** True when the text just before the caret is '${' (the picker opens). */
export function opensPicker(value: string, caret: number): boolean {
  return caret >= 2 && value.slice(caret - 2, caret) === '${';
}

/**
 * Puts `${variable}` at the caret: when the caret sits in a fresh '${' (with or without the
 * auto-inserted '}'), the variable fills it; otherwise the whole expression is inserted.
 */
export function insertVariable(value: string, caret: number, variable: string): TextEdit {
  if (opensPicker(value, caret)) {
    const after = value[caret] === '}' ? value.slice(caret + 1) : value.slice(caret);
    const before = value.slice(0, caret) + variable + '}';
    return { value: before + after, caret: before.length };
  }
  const before = `${value.slice(0, caret)}\${${variable}}`;
  return { value: before + value.slice(caret), caret: before.length };
}

const VARIABLE = /\$\{([^}]*)\}/g;

/** The variables a text uses, in order. */
export function variablesIn(value: string): string[] {
  return [...value.matchAll(VARIABLE)].map((m) => m[1] ?? '');
}

/** The text without the variables `keep` does not accept (a subject change erases its fields). */
export function eraseVariables(value: string, keep: (variable: string) => boolean): string {
  return value.replace(VARIABLE, (whole, name: string) => (keep(name) ? whole : ''));
}
