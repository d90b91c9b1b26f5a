/**
 * Variable substitution of notification templates (issue 15; GUIDE §4): `${name}` is replaced by
 * the value the caller put under exactly that name, escaped for where the text goes. Nothing is
 * ever evaluated: names are looked up in a `Map` (never an object, so `constructor` or
 * `__proto__` name nothing), a value is inserted once and never scanned again, and anything that
 * is not a known name stays as typed.
 */

/** Where the rendered text goes: an e-mail's HTML body, plain text (in-app, push, e-mail text), a mail header. */
export type TemplateTarget = 'html' | 'plain' | 'header';

/** `User.Email`, `campo`, `referencia.campo`: letters, digits and `_`, at most two parts. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}(\.[A-Za-z_][A-Za-z0-9_]{0,99})?$/;

export function isVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Control characters but tab and line feed; carriage returns become line feeds first. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/g;

export function plainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** One line, no control characters: a value can never start another header. */
export function headerText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

function escapeFor(target: TemplateTarget, text: string): string {
  if (target === 'html') return escapeHtml(plainText(text)).replace(/\n/g, '<br>');
  // eslint-disable-next-line no-control-regex
  if (target === 'header') return text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ');
  return plainText(text);
}

/** The names a template uses, in order, each once (known or not). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const part of parse(template)) {
    if (part.kind === 'variable' && !names.includes(part.name)) names.push(part.name);
  }
  return names;
}

type Part = { kind: 'text'; text: string } | { kind: 'variable'; name: string; raw: string };

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('${', i)) {
      const end = template.indexOf('}', i + 2);
      const name = end < 0 ? '' : template.slice(i + 2, end).trim();
      if (end >= 0 && isVariableName(name)) {
        if (text) parts.push({ kind: 'text', text });
        text = '';
        parts.push({ kind: 'variable', name, raw: template.slice(i, end + 1) });
        i = end + 1;
        continue;
      }
      // Not a variable (`${${x}}`, `${a+b}`, an unclosed `${`): the `$` stays text, scanning goes on.
      text += '$';
      i += 1;
      continue;
    }
    text += template.charAt(i);
    i += 1;
  }
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

/**
 * Renders a template for one target. `values` holds the whitelisted variables of this recipient
 * and record; a name not in it stays as typed (escaped like the rest of the text).
 */
export function renderTemplate(
  template: string,
  values: ReadonlyMap<string, string>,
  target: TemplateTarget,
): string {
  let out = '';
  for (const part of parse(template)) {
    if (part.kind === 'text') out += escapeFor(target, part.text);
    else {
      const value = values.get(part.name);
      out += escapeFor(target, value === undefined ? part.raw : value);
    }
  }
  return target === 'header' ? headerText(out) : out;
}

/** A record's value as the text a variable shows: lists joined, yes/no for booleans, references by name. */
export function variableText(value: unknown, displayValue?: string | null): string {
  if (displayValue) return displayValue;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value))
    return value
      .map((v) => variableText(v))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of ['displayValue', 'label', 'name', 'text', 'value']) {
      const v = Object.hasOwn(o, key) ? o[key] : undefined;
      if (typeof v === 'string' || typeof v === 'number') return String(v);
    }
  }
  return '';
}

/** A template cut into literal text and `${name}` variables (automations render values their own way). */
export type TemplatePart = Part;

/** The parts of a template, parsed exactly as `renderTemplate` reads them. */
export function templateParts(template: string): TemplatePart[] {
  return parse(template);
}
