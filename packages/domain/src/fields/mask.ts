/**
 * Input masks, as the field editors apply them while the user types. A pattern is a string of
 * slot characters (see `maskTokens`) and literals. Input characters that do not fit the next slot
 * are dropped; literals are written only when a later slot gets a character, so a partial input
 * never ends with a dangling separator. Applying a mask to its own output changes nothing.
 */
export type MaskToken = (char: string) => boolean;

export const maskTokens: Readonly<Record<string, MaskToken>> = {
  /** Any digit. */
  '0': (c) => c >= '0' && c <= '9',
  '#': (c) => c >= '0' && c <= '9',
  /** Upper-case letter A–Z. */
  S: (c) => c >= 'A' && c <= 'Z',
  /** Upper-case letter or digit. */
  X: (c) => (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'),
  /** Tens digit of minutes and seconds: 0–5. */
  M: (c) => c >= '0' && c <= '5',
};

export function applyMask(
  input: string,
  pattern: string,
  tokens: Readonly<Record<string, MaskToken>> = maskTokens,
): string {
  let out = '';
  let pendingLiterals = '';
  let slot = 0;
  for (const char of input) {
    if (slot >= pattern.length) break;
    // Walk over literals: they are remembered and typed-over literals are consumed.
    let consumed = false;
    while (slot < pattern.length) {
      const patternChar = pattern.charAt(slot);
      if (Object.hasOwn(tokens, patternChar)) break;
      pendingLiterals += patternChar;
      slot++;
      if (char === patternChar) {
        consumed = true;
        break;
      }
    }
    if (consumed || slot >= pattern.length) continue;
    const accepts = tokens[pattern.charAt(slot)];
    if (accepts?.(char)) {
      out += pendingLiterals + char;
      pendingLiterals = '';
      slot++;
    }
  }
  return out;
}

/** Keeps only the characters 0–9. */
export function onlyDigits(input: string): string {
  return input.replace(/\D+/g, '');
}
