import type { z } from 'zod';
import type { RouteContract } from './route.ts';

/**
 * The answer check of the test suite (issue 17 item 3): with `buildApp({checkResponses: true})` —
 * the test harness, never production — every successful answer of a defineRoute route is compared
 * with what the route declares (http/route.ts `response`, `status`, `otherResponses`, `answers`),
 * the same declaration /api/openapi.json is generated from. A mismatch is answered 500 with the
 * route and the zod issues, written to standard error, and kept in `failures`, which the harness
 * turns into a failure when the app closes: the description cannot drift from the answers.
 */
export interface ResponseCheck {
  failures: string[];
}

/** The declared answer for a status: a schema, `null` for no body, `undefined` when not declared. */
export function declaredAnswer(contract: RouteContract, status: number): z.ZodType | null | undefined {
  const primary = contract.status ?? 200;
  if (status === primary) return contract.response ?? (primary === 204 ? null : undefined);
  return contract.otherResponses?.[status];
}

const isPlainJson = (value: unknown): boolean =>
  value === null ||
  Array.isArray(value) ||
  ['number', 'boolean'].includes(typeof value) ||
  (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype);

/**
 * What is wrong with an answer the handler returned (not one it sent or streamed itself), or
 * undefined when it matches. `body` is the handler's result; undefined means no body (204).
 */
export function answerProblem(contract: RouteContract, status: number, body: unknown): string | undefined {
  if (status < 200 || status > 299) return undefined;
  if (contract.answers) {
    return isPlainJson(body)
      ? `declara responder ${contract.answers}, mas respondeu um JSON (${status})`
      : undefined;
  }
  const declared = declaredAnswer(contract, status);
  const known = [String(contract.status ?? 200), ...Object.keys(contract.otherResponses ?? {})].join(', ');
  if (declared === undefined && body === undefined && contract.response) {
    return `declara um corpo para ${contract.status ?? 200}, mas não respondeu nenhum (${status})`;
  }
  if (declared === undefined) {
    return contract.response || contract.status
      ? `respondeu ${status}, mas declara ${known}`
      : `não declara a resposta (response/status em defineRoute) e respondeu ${status}`;
  }
  if (declared === null) {
    return body === undefined ? undefined : `declara ${status} sem corpo, mas respondeu um corpo`;
  }
  if (body === undefined) return `declara um corpo para ${status}, mas não respondeu nenhum`;
  // What the client receives: the answer as JSON (dates as strings, undefined fields gone).
  const wire: unknown = JSON.parse(JSON.stringify(body));
  const parsed = declared.safeParse(wire);
  if (!parsed.success) {
    return `a resposta ${status} não confere com o esquema declarado:\n${parsed.error.issues
      .slice(0, 20)
      .map((i) => `  - ${i.path.join('.') || '(raiz)'}: ${i.message} (${i.code})`)
      .join('\n')}`;
  }
  const differences: string[] = [];
  compare(wire, parsed.data, [], differences);
  if (differences.length) {
    return `a resposta ${status} tem o que o esquema declarado não descreve:\n${differences
      .slice(0, 20)
      .map((d) => `  - ${d}`)
      .join('\n')}`;
  }
  return undefined;
}

/**
 * The answer against what the schema made of it: a field the schema dropped is not declared (use
 * a loose object where fields vary), one it added is a default the answer lacks, a changed value
 * is a transform — none of which the description would tell a client.
 */
function compare(answer: unknown, parsed: unknown, path: string[], out: string[]): void {
  const at = path.join('.') || '(raiz)';
  if (out.length >= 20) return;
  if (Array.isArray(answer) && Array.isArray(parsed)) {
    answer.forEach((item, i) => {
      compare(item, parsed[i], [...path, String(i)], out);
    });
    return;
  }
  if (answer && parsed && typeof answer === 'object' && typeof parsed === 'object') {
    const a = answer as Record<string, unknown>;
    const p = parsed as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (!(key in p)) out.push(`${[...path, key].join('.')}: campo não declarado no esquema`);
      else compare(a[key], p[key], [...path, key], out);
    }
    for (const key of Object.keys(p)) {
      if (!(key in a))
        out.push(`${[...path, key].join('.')}: o esquema acrescenta um valor que a resposta não tem`);
    }
    return;
  }
  if (!Object.is(answer, parsed)) out.push(`${at}: o esquema transforma o valor respondido`);
}
