/**
 * The text of an incoming mail as a conversation message: plain text only (the parser's `text`,
 * which it derives from the HTML part when there is no plain one, so no markup is ever stored),
 * with the quoted history folded away — lines quoted with `>` and everything from an
 * "Em … escreveu:" / "On … wrote:" line or an "-----Original Message-----" separator on.
 */

const ATTRIBUTION = [
  /^\s*em\s.+escreveu:?\s*$/i,
  /^\s*on\s.+wrote:?\s*$/i,
  /^\s*-{2,}\s*(original message|mensagem original)\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
  /^\s*(de|from):\s.+$/i,
];

/** The new part of a reply: the lines before its quoted history (the whole text if that leaves nothing). */
export function foldQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // An attribution may wrap onto the next line ("Em seg., 1 de jan. de 2026, Fulano <x@y>\nescreveu:").
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    if (ATTRIBUTION.some((re) => re.test(line))) break;
    if (/^\s*em\s/i.test(line) && /escreveu:?\s*$/i.test(joined)) break;
    if (/^\s*on\s/i.test(line) && /wrote:?\s*$/i.test(joined)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  const folded = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return folded || text.trim();
}

/** A message's text within `max` characters (the conversation's limit), saying when it was cut. */
export function clip(text: string, max: number, note: string): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - note.length - 2)).trimEnd()}\n\n${note}`;
}

/** A subject line without reply/forward prefixes and the ticket mark: a new ticket's title. */
export function titleOf(subject: string | undefined, fallback: string): string {
  const cleaned = (subject ?? '')
    .replace(/\[#\d+\]/g, ' ')
    .replace(/^\s*((re|res|fw|fwd|enc|tr)\s*:\s*)+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || fallback;
}

/** The record id a subject line names as `[#123]`, if any. */
export function ticketMark(subject: string | undefined): number | undefined {
  const m = /\[#(\d{1,12})\]/.exec(subject ?? '');
  const n = m?.[1] ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Message-IDs without angle brackets, from a header value or list. */
export function messageIds(value: string | string[] | undefined): string[] {
  const all = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return [...all.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1] ?? '').filter(Boolean);
}
