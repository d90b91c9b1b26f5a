import { setImmediate as nextTurn } from 'node:timers/promises';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { as, createPerson, createTestApp, dialectName, login, type TestApp } from '../test/harness.ts';
import { certificateServiceMessages } from '../modules/certificates/certificates.service.ts';
import { createCrm, createTalk } from '../test/records.ts';
import type { CatalogueEntry } from './route-catalogue.ts';

/**
 * Issue 19 item 5: generated requests over every route of the route catalogue, as the
 * administrator, an ordinary (customer-room) account and anonymous. Bodies, queries and path
 * parameters come from each route's zod contract (z.toJSONSchema, walked into fast-check
 * arbitraries), mutated with hostile values and shapes. Every answer must be < 500 and come within
 * a time bound; afterwards the server answers its health and a normal read, SQLite's
 * integrity_check is ok, and the records made before the run are unchanged.
 *
 * The seed is fixed per run (FUZZ_SEED overrides it) and printed when a property fails.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 19_005);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 15_600);
const PER_REQUEST_MS = 5_000;
const PARALLEL = 8;

type Json = Record<string, unknown>;
type Principal = 'admin' | 'user' | 'anonymous';

let t: TestApp;
const tokens: Record<Principal, string | null> = { admin: null, user: null, anonymous: null };
let user: { email: string; password: string };
let realTalk = 0;
/** A subject the fuzz never names: its records must come out of the run as they went in. */
const SENTINEL = 'sentinela';
let sentinelIds: number[] = [];
let sentinelBefore: string[] = [];

// ---------------------------------------------------------------- hostile values and shapes

const HOSTILE_SCALARS: unknown[] = [
  1e308,
  -1e308,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  Number.MAX_SAFE_INTEGER + 2,
  -0,
  0.5,
  -1,
  'NaN',
  'Infinity',
  '-0',
  '9223372036854775808',
  '1e308',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  '😀👩‍👩‍👧‍👦',
  'ﷺ'.repeat(30),
  '',
  ' ',
  "'; drop table talk; --",
  '../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '<img src=x onerror=alert(1)>',
  'x'.repeat(70_000),
  true,
  null,
  [],
  {},
  [[[[]]]],
  { $gt: '' },
  { __proto__: null, constructor: { prototype: { polluted: 1 } } },
];

const hostileScalar = fc.constantFrom(...HOSTILE_SCALARS);

/** Raw JSON texts JSON.stringify cannot make (prototype keys kept, deep nesting). */
function deepJson(levels: number, open: string, close: string, inner = '1'): string {
  return open.repeat(levels) + inner + close.repeat(levels);
}
const RAW_BODIES: string[] = [
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"__proto__":{"isAdmin":true}}}',
  deepJson(10_000, '[', ']'),
  deepJson(10_000, '{"a":', '}'),
  deepJson(1_000, '{"condition":"E","rules":[', ']}', '{"attribute":"x","operator":"equal","value":1}'),
  '{"filterJson":' + deepJson(10_000, '{"condition":"E","rules":[', ']}', '1') + '}',
  '{"a":1e999999}',
  '{"a":-0,"b":NaN}',
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  'null',
  '[]',
  '"text"',
  '12',
  '{',
  '\u0000',
];

// ---------------------------------------------------------------- zod contract → arbitrary

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

function toJsonSchema(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
  } catch {
    return {};
  }
}

function arbitraryOf(s: JsonSchema, root: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (s.$ref) {
    const name = s.$ref.split('/').pop() ?? '';
    const target = s.$ref === '#' ? root : root.$defs?.[name];
    return target ? arbitraryOf(target, root, depth + 1) : fc.anything({ maxDepth: 1 });
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arbitraryOf(a, root, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0] ?? {}, root, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) model[k] = arbitraryOf(v, root, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    case 'array':
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => arbitraryOf(p, root, depth + 1)));
      return fc.array(arbitraryOf(s.items ?? {}, root, depth + 1), { maxLength: 3 });
    case 'string':
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 40) });
    case 'integer':
      return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 50_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2, maxKeys: 3 });
  }
}

/** Replaces one value somewhere in a generated object by a hostile one (or wraps it). */
function mutate(value: unknown, pick: number, hostile: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return { [String(pick)]: hostile };
    const key = keys[pick % keys.length] ?? '';
    const inner = (value as Json)[key];
    return {
      ...(value as Json),
      [key]:
        inner && typeof inner === 'object' && pick % 3 === 0 ? mutate(inner, pick >> 2, hostile) : hostile,
    };
  }
  if (Array.isArray(value) && value.length) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[pick % copy.length] = hostile;
    return copy;
  }
  return hostile;
}

function partArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const js = toJsonSchema(schema);
  const valid = js ? arbitraryOf(js, js) : fc.constant(undefined);
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), hostileScalar).map(([v, pick, h]) => mutate(v, pick, h)),
    },
    { weight: 1, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }) },
  );
}

/** Path parameter values: real ids and names, and hostile ones. */
function paramArbitrary(name: string): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '9223372036854775808',
    '1e308',
    'NaN',
    'abc',
    '%00',
    '%2e%2e%2f%2e%2e',
    '%F0%9F%98%80',
    '%E2%80%AE',
    '%ED%A0%80',
    'x'.repeat(600),
    '__proto__',
    'constructor',
    '1.5',
    '%20',
  );
  const lower = name.toLowerCase();
  const real = /subject|identifier|entity/.test(lower)
    ? fc.constantFrom('chamado', 'cliente', 'Chamado', 'CHAMADO', 'inexistente')
    : /attribute/.test(lower)
      ? fc.constantFrom('titulo', 'cliente', 'prioridade', '1', '2')
      : fc.constantFrom(String(realTalk), '1', '2', '3', '1196');
  return fc.oneof({ weight: 3, arbitrary: real }, { weight: 2, arbitrary: hostile });
}

/** Percent-encodes; a lone surrogate (not encodable) goes as the bytes of an encoded surrogate. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.toWellFormed()) + '%ED%A0%80';
  }
}

function queryString(value: unknown, extra: string): string {
  const pairs: string[] = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Json)) {
      const text = v && typeof v === 'object' ? JSON.stringify(v) : String(v);
      pairs.push(`${encode(k)}=${encode(text.slice(0, 2000))}`);
    }
  }
  if (extra) pairs.push(extra);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const QUERY_EXTRAS = [
  '',
  '',
  '',
  'a[b]=1',
  'fetch=999999999999999999999',
  'page=-1&fetch=-1',
  'page=1e308',
  'x=%00',
  'x=%ZZ',
  '__proto__[polluted]=1',
  'filterJson=' + encodeURIComponent(deepJson(2_000, '[', ']')),
];

/**
 * Routes that end the caller's own session or credentials, or change how it signs in (two-step,
 * the company's sign-in rules: a code would then be asked), are fuzzed anonymously only.
 */
const SESSION_ENDING = /logout|password|passcode|senha|refresh|twostep|company\/security/i;

interface Case {
  entry: CatalogueEntry;
  principal: Principal;
  params: Record<string, string>;
  query: unknown;
  queryExtra: string;
  body: unknown;
  raw: string | null;
  oversized: boolean;
}

function urlOf(c: Case): string {
  const url = c.entry.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => c.params[name] ?? '1');
  return url + queryString(c.query, c.queryExtra);
}

function requestOf(c: Case): InjectOptions {
  const opts: InjectOptions = { method: c.entry.method, url: urlOf(c) };
  if (!['GET', 'HEAD', 'DELETE'].includes(c.entry.method) || c.raw !== null) {
    if (c.oversized) opts.payload = JSON.stringify({ value: 'x'.repeat(12 * 1024 * 1024) });
    else if (c.raw !== null) opts.payload = c.raw;
    else if (c.body !== undefined) opts.payload = JSON.stringify(c.body);
    if (opts.payload !== undefined) opts.headers = { 'content-type': 'application/json' };
  }
  const token = tokens[c.principal];
  return token ? as(token, opts) : opts;
}

function describeCase(c: Case, status: number | string): string {
  const o = requestOf(c);
  const payload = typeof o.payload === 'string' ? o.payload : '';
  return `${c.principal} ${c.entry.method} ${urlOf(c).slice(0, 300)} ${payload.slice(0, 300)} → ${status}`;
}

/**
 * The one 5xx a route answers by design: the certificate ticket while no certificate endpoint is
 * configured (503 with its message: the service is off in this installation, not failing).
 */
function declared5xx(c: Case, status: number, body: string): boolean {
  return (
    status === 503 &&
    c.entry.url === '/api/certificate/ticket' &&
    body.includes(certificateServiceMessages.notConfigured)
  );
}

async function sendBounded(c: Case): Promise<number | 'hang' | '503 (not configured)'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), PER_REQUEST_MS);
  });
  try {
    const res = await Promise.race([t.app.inject(requestOf(c)), timeout]);
    if (res === 'hang') return 'hang';
    return declared5xx(c, res.statusCode, res.body) ? '503 (not configured)' : res.statusCode;
  } finally {
    clearTimeout(timer);
  }
}

async function stillSignedIn(principal: Principal): Promise<boolean> {
  const res = await t.app.inject(as(tokens[principal] ?? '', { method: 'GET', url: '/api/subject' }));
  return res.statusCode !== 401;
}

/**
 * Signs a principal in again after a generated call ended its session. The administrator's
 * generated calls may edit, deactivate or remove the ordinary account (real ids are used): then a
 * new one is made.
 */
async function signInAgain(principal: Principal): Promise<string> {
  if (principal === 'admin') return (await login(t.app)).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode === 200) return res.json<{ token: string }>().token;
  user = await createPerson(t.app, (await login(t.app)).token);
  return (await login(t.app, user.email, user.password)).token;
}

async function readSentinel(): Promise<string[]> {
  const out: string[] = [];
  for (const id of sentinelIds) {
    const res = await t.app.inject(
      as(tokens.admin ?? '', { method: 'GET', url: `/api/talk/${SENTINEL}/${id}` }),
    );
    out.push(`${res.statusCode} ${res.body}`);
  }
  return out;
}

beforeAll(async () => {
  // The login routes are fuzzed too (from one address): the address limit stays out of the way of
  // signing in again; the limits themselves have their own tests (modules/auth).
  t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100000' });
  tokens.admin = (await login(t.app)).token;
  await createCrm(t.app, tokens.admin);
  const sentinel = await t.app.inject(
    as(tokens.admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: SENTINEL,
        name: 'Sentinela',
        attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true }],
      },
    }),
  );
  if (sentinel.statusCode !== 201) throw new Error(`sentinela: ${sentinel.body}`);
  const cliente = await createTalk(t.app, tokens.admin, 'cliente', { nome: 'Acme', cnpj: '11222333000181' });
  realTalk = await createTalk(t.app, tokens.admin, 'chamado', { titulo: 'Primeiro', cliente });
  sentinelIds = [
    await createTalk(t.app, tokens.admin, SENTINEL, { nome: 'Um' }),
    await createTalk(t.app, tokens.admin, SENTINEL, { nome: 'Dois — ção 😀' }),
  ];
  sentinelBefore = await readSentinel();
  user = await createPerson(t.app, tokens.admin);
  tokens.user = (await login(t.app, user.email, user.password)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe(`generated requests over every route (${dialectName})`, () => {
  it(`${REQUESTS} requests: no answer ≥ 500, no hang, the server alive and its data intact`, async () => {
    const entries = t.app.routeCatalogue.filter(
      (e) => e.source === 'defineRoute' && !e.headOfGet && !e.url.includes('*'),
    );
    expect(entries.length).toBeGreaterThan(100);

    const caseOf = (entry: CatalogueEntry): fc.Arbitrary<Case> => {
      const names = [...entry.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
      const params: Record<string, fc.Arbitrary<string>> = {};
      for (const n of names) params[n] = paramArbitrary(n);
      const principals: Principal[] = SESSION_ENDING.test(entry.url)
        ? ['anonymous']
        : ['admin', 'user', 'anonymous'];
      return fc.record({
        entry: fc.constant(entry),
        principal: fc.constantFrom(...principals),
        params: fc.record(params),
        query: entry.contract?.query ? partArbitrary(entry.contract.query) : fc.constant(undefined),
        queryExtra: fc.constantFrom(...QUERY_EXTRAS),
        body: entry.contract?.body ? partArbitrary(entry.contract.body) : fc.constant(undefined),
        raw: fc.oneof(
          { weight: 12, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
        ),
        oversized: fc.oneof(
          { weight: 400, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
      });
    };
    // Every route gets the same share: REQUESTS / routes cases each, generated from one seed.
    const perRoute = Math.ceil(REQUESTS / entries.length);
    const cases: Case[] = [];
    entries.forEach((entry, i) => {
      cases.push(...fc.sample(caseOf(entry), { seed: SEED + i, numRuns: perRoute }));
    });

    const bad: string[] = [];
    const statuses = new Map<number | string, number>();
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as Case;
        const status = await sendBounded(c);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 'hang' || (typeof status === 'number' && status >= 500))
          bad.push(describeCase(c, status));
        // A generated call may end the administrator's or the user's session: sign in again.
        if (status === 401 && c.principal !== 'anonymous' && !(await stillSignedIn(c.principal))) {
          tokens[c.principal] = await signInAgain(c.principal);
        }
        // Back to the event loop between requests. `inject` answers a request refused early (401,
        // 404, a bad body) in microtasks alone: a worker looping on those would keep the others'
        // I/O and every timer waiting (seen: seven requests "hanging" 7–17 s behind one worker's
        // run of refusals on a loaded machine), which no client of the real server can do.
        await nextTurn();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `route fuzz (${dialectName}, seed ${SEED}): ${cases.length} requests over ${entries.length} routes in ` +
        `${seconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(bad, `seed ${SEED} (FUZZ_SEED=${SEED} to replay)`).toEqual([]);
    if (!process.env.FUZZ_REQUESTS) expect(cases.length).toBeGreaterThanOrEqual(15_000);

    // Alive afterwards: health and a normal read answer.
    tokens.admin = (await login(t.app)).token;
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const read = await t.app.inject(
      as(tokens.admin, { method: 'GET', url: `/api/talk/chamado/${realTalk}` }),
    );
    expect([200, 404]).toContain(read.statusCode);

    // Data intact: the engine's own check, and the records made before the run unchanged.
    if (dialectName === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db.kysely);
      expect(check.rows[0]?.integrity_check).toBe('ok');
    }
    expect(await readSentinel()).toEqual(sentinelBefore);
    expect(sentinelBefore.every((r) => r.startsWith('200 '))).toBe(true);
    const polluted = {} as Json;
    expect(polluted.polluted).toBeUndefined();
    expect(polluted.isAdmin).toBeUndefined();
  }, 240_000);
});
