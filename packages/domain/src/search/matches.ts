/**
 * Where the words of a search occur in a value, as the search index compares them: without case
 * and accents. Used by the server to pick and cut the values it answers and by the web app to
 * highlight them, so both agree on what matched.
 */

/** One character folded as normalizeForSearch folds text: no accents, lower case. */
function foldChar(c: string): string {
  return c
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Characters outside ASCII folded once: a search result folds the same accented letters again and again. */
const foldedChars = new Map<string, string>();
const FOLDED_CHARS_MAX = 4096;

function foldOne(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x80) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : c;
  let f = foldedChars.get(c);
  if (f === undefined) {
    f = foldChar(c);
    if (foldedChars.size < FOLDED_CHARS_MAX) foldedChars.set(c, f);
  }
  return f;
}

/** Nothing but ASCII: folding is lower-casing, character for character. */
const ASCII = /^\p{ASCII}*$/u;

/**
 * The value folded character by character, and where in `value` the folded character at an index
 * came from. ASCII values (most of them) fold in one call, without a map of positions; the
 * result is the same as folding each character with foldChar.
 */
export function folded(value: string): { text: string; from: (at: number) => number } {
  if (ASCII.test(value)) return { text: value.toLowerCase(), from: (at) => at };
  let text = '';
  const from: number[] = [];
  let i = 0;
  for (const c of value) {
    const f = foldOne(c);
    for (let k = 0; k < f.length; k++) from.push(i);
    text += f;
    i += c.length;
  }
  return { text, from: (at) => from[at] ?? 0 };
}

/** [start, end) ranges of `value` where a word begins (a word of the value starting with a search word). */
export function matchRanges(value: string, words: readonly string[]): [number, number][] {
  const wanted = words.filter((w) => w.length > 0);
  if (wanted.length === 0 || value.length === 0) return [];
  const { text, from } = folded(value);
  const ranges: [number, number][] = [];
  for (const w of wanted) {
    let at = text.indexOf(w);
    while (at !== -1) {
      const before = at === 0 ? '' : text.charAt(at - 1);
      // Prefix matching, as the index does: the word must start where a word of the value starts.
      if (!/[\p{L}\p{N}]/u.test(before)) {
        const start = from(at);
        const lastSource = from(at + w.length - 1);
        const end = lastSource + ((value.codePointAt(lastSource) ?? 0) > 0xffff ? 2 : 1);
        ranges.push([start, Math.min(end, value.length)]);
      }
      at = text.indexOf(w, at + 1);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The value split into plain and matched parts, in order (the web app renders matched parts in <mark>). */
export function matchParts(value: string, words: readonly string[]): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(value, words)) {
    if (start > at) parts.push({ text: value.slice(at, start), match: false });
    parts.push({ text: value.slice(start, end), match: true });
    at = end;
  }
  if (at < value.length) parts.push({ text: value.slice(at), match: false });
  return parts;
}

/**
 * A long value cut to about `max` characters around its first match, with '…' where it was cut,
 * so the matched words stay in what is shown.
 */
export function excerpt(value: string, words: readonly string[], max = 300): string {
  if (value.length <= max) return value;
  const first = matchRanges(value, words)[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(max / 3));
  // Start at a word boundary when one is near.
  if (start > 0) {
    const space = value.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  const end = Math.min(value.length, start + max);
  return `${start > 0 ? '…' : ''}${value.slice(start, end)}${end < value.length ? '…' : ''}`;
}

/** The words of a term as the search index takes them (server talks/search.ts searchWords). */
export function termWords(term: string): string[] {
  return term
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 10);
}
