const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Nothing typed: a field emptied again is as it was. */
const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Whether a draft is what was loaded, by value: a form changed and changed back has nothing to
 * lose. Plain objects, arrays, maps, sets and dates are compared inside; empty values (null,
 * undefined, '' and []) count as one; anything else (a chosen File) by identity.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (isEmpty(a) && isEmpty(b))) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Map && b instanceof Map) {
    const keys = new Set([...a.keys(), ...b.keys()]);
    return [...keys].every((k) => sameValue(a.get(k), b.get(k)));
  }
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}
