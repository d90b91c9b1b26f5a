/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with `=`, `+`, `-`,
 * `@`, a tab or a carriage return as a formula (and Apple Numbers folds the full-width `＝ ＋ － ＠`
 * into those, as csv-stringify's `escape_formulas` knows). Every CSV we write (exports, the import's
 * error report, files on demand, integration credentials) passes each cell through
 * `neutralizeCell`, which puts a `'` in front: spreadsheets read it as "text follows".
 *
 * Two choices, both so that an exported file imports back unchanged (`restoreCell`):
 * - A negative number (`-12`, `-12,5`, `-1.234,5`) is left as it is. It is what a numeric column
 *   holds, only digits and separators follow the sign, so there is nothing for a spreadsheet to
 *   run, and prefixing it would turn every negative amount into text the sheet cannot sum.
 *   Anything else after a `-` (`-2+3`, `-A1`, `-1e5`) is prefixed.
 * - A value that already begins with `'` before a trigger (`'=x`) gets one more `'`, so reading
 *   strips exactly one and gives the value back; a `'` before anything else is left alone.
 */
const TRIGGER = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const NEEDS_GUARD = new RegExp(`^'*[${TRIGGER}]`);
const GUARDED = new RegExp(`^'+[${TRIGGER}]`);
const NEGATIVE_NUMBER = /^-\d[\d.,]*$/;

/** One cell as written to a CSV: a spreadsheet shows it and never runs it. */
export function neutralizeCell(text: string): string {
  return NEEDS_GUARD.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell as read from a CSV: the value `neutralizeCell` was given (one guarding `'` dropped). */
export function restoreCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}
