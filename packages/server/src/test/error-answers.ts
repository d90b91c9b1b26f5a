import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * What must never reach a client in an error answer: a stack frame, a source path, SQL or the
 * engine's own words, the name of a subject's table or column.
 */
export const LEAKED_INTERNALS =
  /\bat .+:\d+:\d+|\bstack\b|node_modules|\.ts:\d+|\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bwhere\b|sqlite|postgres|syntax error|\bsubject_\d+|\ba_\d+\b|\berror:/i;

/** Every string inside a request body: a message may quote what the client sent, and that is no leak. */
function stringsIn(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsIn);
  if (v && typeof v === 'object') return Object.values(v).flatMap(stringsIn);
  return [];
}

/**
 * An error answer of the guide's shape: JSON `{errors: [{message, field?}]}` (plus `extraKeys`)
 * and nothing internal in it, once the parts quoting the request body `sent` are set aside.
 */
export function expectErrorAnswer(
  res: LightMyRequestResponse,
  opts: { extraKeys?: string[]; sent?: unknown } = {},
): void {
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(
    Object.keys(body).filter((k) => !(opts.extraKeys ?? []).includes(k)),
    res.body,
  ).toEqual(['errors']);
  const errors = body.errors as unknown[];
  expect(Array.isArray(errors) && errors.length > 0, res.body).toBe(true);
  const quoted = stringsIn(opts.sent)
    .filter((s) => s.trim().length >= 3) // shorter ones cannot spell anything LEAKED_INTERNALS looks for
    .sort((a, b) => b.length - a.length);
  for (const e of errors) {
    const item = e as Record<string, unknown>;
    expect(typeof item.message === 'string' && /\S/.test(item.message), res.body).toBe(true);
    expect(
      Object.keys(item).filter((k) => k !== 'message' && k !== 'field'),
      res.body,
    ).toEqual([]);
    if ('field' in item) expect(typeof item.field, res.body).toBe('string');
    const own = quoted.reduce((text, s) => text.split(s).join(' '), String(item.message));
    expect(own, res.body).not.toMatch(LEAKED_INTERNALS);
  }
  const rest = { ...body, errors: undefined };
  expect(JSON.stringify(rest)).not.toMatch(LEAKED_INTERNALS);
}
