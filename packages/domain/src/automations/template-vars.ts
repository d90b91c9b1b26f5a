import {
  escapeHtml,
  headerText,
  isVariableName,
  templateParts,
  templateVariables,
} from '../notifications/template-variables.ts';

/**
 * `${…}` variables of automation templates (e-mail subject and body, notification texts, HTTP URL,
 * headers and body; GUIDE "Safety: outbound calls and templates"). Built on the notification
 * templates' parser (notifications/template-variables.ts), so both read `${name}` the same way.
 *
 * - Only whitelisted names are substituted: the caller passes the variables of this run (see
 *   `recordTemplateVars`); they are looked up in a `Map`, so `constructor`, `__proto__` or
 *   `toString` name nothing.
 * - Nothing is evaluated: a name is letters, digits and `_`, at most two parts joined by '.'. Any
 *   other `${…}` (`${a+b}`, `${constructor.constructor('x')()}`, `${{7*7}}`, nested `${${a}}`) is
 *   not a variable and stays literally as typed.
 * - An unknown but well-formed name (`${nope}`) also stays literally as typed: the author sees
 *   what did not match instead of a silent blank. (Decision; same as notifications.)
 * - A value is inserted once and never scanned again: a value containing `${x}` stays as is.
 * - Escaping applies to the inserted values only; the template is the administrator's own text
 *   (an e-mail body template is HTML they wrote):
 *   - 'html': values HTML-escaped, line breaks as `<br>`;
 *   - 'header': the whole result on one line, control characters removed (no header injection);
 *   - 'url': values percent-encoded as one URL component (`encodeURIComponent`);
 *   - 'json': values escaped as the inside of a JSON string (use inside "…" in a JSON body);
 *   - 'none': values as they are (plain text bodies).
 */
export type TemplateEscape = 'html' | 'header' | 'url' | 'json' | 'none';

export type TemplateVars = ReadonlyMap<string, string>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

function escapeValue(value: string, escape: TemplateEscape): string {
  switch (escape) {
    case 'html':
      return escapeHtml(value.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
    case 'header':
      return value.replace(CONTROL, ' ');
    case 'url':
      return encodeURIComponent(value);
    case 'json':
      return JSON.stringify(value).slice(1, -1);
    case 'none':
      return value;
  }
}

/** Renders a template: whitelisted `${name}`s replaced by their escaped values; nothing evaluated. */
export function renderTemplate(
  template: string,
  vars: TemplateVars | Readonly<Record<string, string>>,
  escape: TemplateEscape,
): string {
  const values: TemplateVars = vars instanceof Map ? vars : new Map(Object.entries(vars));
  let out = '';
  for (const part of templateParts(template)) {
    if (part.kind === 'text') out += part.text;
    else {
      const value = values.get(part.name);
      out += value === undefined ? part.raw : escapeValue(value, escape);
    }
  }
  return escape === 'header' ? headerText(out) : out;
}

/** The `${name}`s a template uses, each once, in order; and those not in the whitelist. */
export { templateVariables };
export function unknownTemplateVariables(template: string, vars: TemplateVars): string[] {
  return templateVariables(template).filter((name) => !vars.has(name));
}

/** A record as the engine reads it for templates. */
export interface TemplateRecord {
  talkId: number;
  subjectIdentifier: string;
  subjectName: string;
  /** The record's values by attribute identifier, already as text (`variableText`). */
  values: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

/**
 * The whitelist of one run: `IdentificadorConversa` / `talkId` (the record's id), `assunto`
 * (subject name), each attribute of the record by its identifier, and `extra` (e.g. `User.Name`,
 * `User.Email` of the account that caused the event). Names that are not variable names are left
 * out; later entries win.
 */
export function recordTemplateVars(
  record: TemplateRecord,
  extra: Readonly<Record<string, string>> = {},
): TemplateVars {
  const vars = new Map<string, string>();
  const put = (name: string, value: string) => {
    if (isVariableName(name)) vars.set(name, value);
  };
  put('IdentificadorConversa', String(record.talkId));
  put('talkId', String(record.talkId));
  put('assunto', record.subjectName);
  put('subject', record.subjectIdentifier);
  const values: ReadonlyMap<string, string> =
    record.values instanceof Map ? record.values : new Map(Object.entries(record.values));
  for (const [name, value] of values) put(name, value);
  for (const [name, value] of Object.entries(extra)) put(name, value);
  return vars;
}
