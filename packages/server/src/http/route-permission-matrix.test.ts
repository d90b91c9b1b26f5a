import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, createRoom, expiredToken } from '../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../test/harness.ts';
import { isApiUrl, type CatalogueEntry } from './route-catalogue.ts';

/**
 * Issue 19 item 4: every route of the catalogue × every kind of caller, checked against the
 * permission the catalogue states for the route:
 * - `public`: nobody is refused (no 401, no 403), whatever credentials come along;
 * - `session`: 401 without a live session (none, expired, revoked by logout or by a password
 *   change, removed account); never 401 with one;
 * - `admin`: as `session`, and 403 for every signed-in account that is not an administrator;
 *   never 401 or 403 for an administrator of room 1.
 * Finer refusals (403) that services make on top of the catalogue's permission are listed in
 * FINER with their reason; any other 403 fails. No route may answer 5xx to anyone.
 *
 * Each route is called with its path parameters filled with an id that exists nowhere (so that
 * nothing is changed) and an empty JSON body: the permission is checked before those are.
 */
const VALID = ['admin', 'otherAdmin', 'user', 'sibling', 'customer', 'integration'] as const;
const INVALID = ['anonymous', 'expired', 'loggedOut', 'passwordChanged', 'removed'] as const;
type Principal = (typeof VALID)[number] | (typeof INVALID)[number];
const ADMINS = new Set<Principal>(['admin', 'otherAdmin']);

/**
 * 403s that services add to the catalogue's permission, by route (`METHOD url`) and principal.
 * Each is a rule of the spec or of an issue, tested in its own module's tests.
 */
const FINER: { route: RegExp; who: Principal[]; why: string }[] = [
  {
    route: /^(GET|PUT) \/api\/account\/:accountId$/,
    who: ['user', 'sibling', 'customer', 'integration'],
    why: "an account reads and edits only itself; another's only an administrator (001 §2.4, docs/api.md)",
  },
  {
    route: /^(GET|POST|PUT|DELETE) \/api\/tag(\/(?!options$).*)?$/,
    who: ['otherAdmin'],
    why: 'tags are managed by administrators of room 1 only (tags.service.ts)',
  },
  {
    route: /^(GET|POST|PUT|DELETE) \/api\/email\/channel(\/.*)?$/,
    who: ['otherAdmin'],
    why: 'e-mail channels are managed by administrators of room 1 only (email-channels.service.ts)',
  },
  {
    route: /^(GET|POST|PUT|DELETE) \/api\/job(\/.*)?$/,
    who: ['otherAdmin'],
    why: 'automations are managed by administrators of room 1 only (automation-definitions.service.ts)',
  },
  {
    route: /^POST \/api\/talk\/import\/:subject$/,
    who: ['customer'],
    why: 'customers write records through the form, never by CSV import (issue 39 item 8, access/administration.ts)',
  },
];

/** Routes that answer 503 by design while a feature is not configured (here: no certificate endpoint). */
const UNCONFIGURED: { route: RegExp; why: string }[] = [
  {
    route: /^POST \/api\/certificate\/ticket$/,
    why: 'without CERT_PORT there is no certificate check to issue a ticket for (503, docs/api.md)',
  },
];

let t: TestApp;
const tokens = {} as Record<Principal, string | undefined>;

async function tokenOf(email: string, password: string): Promise<string> {
  return (await login(t.app, email, password)).token;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await login(t.app)).token;
  const otherRoom = await createRoom(t.app, admin, { roomName: 'Suporte', permissions: { subjects: [] } });
  const siblingRoom = await createRoom(t.app, admin, {
    roomName: 'Financeiro',
    permissions: { subjects: [] },
  });
  const otherAdmin = await createPerson(t.app, admin, { roomId: otherRoom, isAdmin: true });
  const user = await createPerson(t.app, admin, { roomId: otherRoom });
  const sibling = await createPerson(t.app, admin, { roomId: siblingRoom });
  const customer = await createPerson(t.app, admin, { roomId: 1196 });
  tokens.admin = admin;
  tokens.otherAdmin = await tokenOf(otherAdmin.email, otherAdmin.password);
  tokens.user = await tokenOf(user.email, user.password);
  tokens.sibling = await tokenOf(sibling.email, sibling.password);
  tokens.customer = await tokenOf(customer.email, customer.password);
  tokens.integration = (await createIntegration(t.app, admin, otherRoom)).token;

  tokens.anonymous = undefined;
  tokens.expired = await expiredToken(t, await tokenOf(user.email, user.password));
  // A session ended by its own logout.
  const leaving = await tokenOf(user.email, user.password);
  const logout = await t.app.inject(as(leaving, { method: 'POST', url: '/api/account/logout' }));
  expect(logout.statusCode).toBe(204);
  tokens.loggedOut = leaving;
  // A session ended by a password change made from another session of the same account.
  const changer = await createPerson(t.app, admin, { roomId: otherRoom });
  const older = await tokenOf(changer.email, changer.password);
  const newer = await tokenOf(changer.email, changer.password);
  const change = await t.app.inject(
    as(newer, {
      method: 'PUT',
      url: `/api/account/${changer.accountId}`,
      payload: { currentPassword: changer.password, newPassword: 'Outra-Senha-Bem-Forte-2026' },
    }),
  );
  expect(change.statusCode).toBe(200);
  tokens.passwordChanged = older;
  // An account removed by an administrator, with the token it had.
  const removed = await createPerson(t.app, admin, { roomId: otherRoom });
  tokens.removed = await tokenOf(removed.email, removed.password);
  const del = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/account/${removed.accountId}` }));
  expect(del.statusCode).toBe(204);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A URL of the route with every parameter filled: an id no record has, or a subject no company has. */
function concreteUrl(url: string): string {
  return url
    .split('/')
    .map((segment) => {
      const m = /^:([A-Za-z0-9_]+)/.exec(segment);
      if (!m?.[1]) return segment === '*' ? 'x' : segment;
      return /id$|^id|page|^(version|messageId)$/i.test(m[1]) ? '987654' : 'semassunto';
    })
    .join('/');
}

/** The routes to drive: every API route of the catalogue but HEAD mirrors and the caller's own logout. */
function drivenRoutes(catalogue: readonly CatalogueEntry[]): CatalogueEntry[] {
  return catalogue.filter(
    (e) =>
      isApiUrl(e.url) &&
      !e.headOfGet &&
      // Logging out ends the caller's session: its refusal of stale sessions is driven below.
      !/^\/api\/account\/logout$/i.test(e.url),
  );
}

async function call(entry: CatalogueEntry, token: string | undefined): Promise<LightMyRequestResponse> {
  const method = entry.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  const withBody = method !== 'GET';
  return t.app.inject({
    method,
    url: concreteUrl(entry.url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(withBody ? { payload: {} } : {}),
  });
}

function expected(entry: CatalogueEntry, who: Principal): { refuse?: 401 | 403; allows403?: boolean } {
  const live = (VALID as readonly string[]).includes(who);
  if (entry.permission === 'public') return {};
  if (!live) return { refuse: 401 };
  if (entry.permission === 'admin' && !ADMINS.has(who)) return { refuse: 403 };
  const finer = FINER.some((f) => f.route.test(`${entry.method} ${entry.url}`) && f.who.includes(who));
  return { allows403: finer };
}

describe('the permission matrix over every route', () => {
  it('answers every route as its catalogue permission says, for every kind of caller', async () => {
    const routes = drivenRoutes(t.app.routeCatalogue);
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    const seen = { refused401: 0, refused403: 0, finer403: 0, answered: 0 };
    const principals = [...VALID, ...INVALID];
    for (const entry of routes) {
      for (const who of principals) {
        const res = await call(entry, tokens[who]);
        const status = res.statusCode;
        const want = expected(entry, who);
        const label = `${entry.method} ${entry.url} [${entry.permission}] as ${who}: ${status}`;
        const unconfigured = UNCONFIGURED.some((u) => u.route.test(`${entry.method} ${entry.url}`));
        if (status >= 500 && !(status === 503 && unconfigured))
          wrong.push(`${label} (5xx: ${res.body.slice(0, 120)})`);
        else if (want.refuse && status !== want.refuse) wrong.push(`${label}, expected ${want.refuse}`);
        else if (!want.refuse && status === 401) wrong.push(`${label}, expected no 401`);
        else if (!want.refuse && status === 403 && !want.allows403)
          wrong.push(`${label}, expected no 403 (${res.body.slice(0, 120)})`);
        if (status === 401) seen.refused401++;
        else if (status === 403 && want.refuse) seen.refused403++;
        else if (status === 403) seen.finer403++;
        else seen.answered++;
      }
    }
    expect(wrong).toEqual([]);
    // Every kind of answer occurred: the matrix is not vacuous.
    const nonPublic = routes.filter((e) => e.permission !== 'public').length;
    expect(seen.refused401).toBe(nonPublic * INVALID.length);
    expect(seen.refused403).toBe(routes.filter((e) => e.permission === 'admin').length * 4);
    expect(seen.finer403).toBeGreaterThan(0);
    expect(seen.answered).toBeGreaterThan(routes.length * 2);
  }, 240_000);

  it('logs out only a live session', async () => {
    for (const who of INVALID) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
      });
      expect(res.statusCode, who).toBe(401);
    }
    const fresh = (await login(t.app)).token;
    expect((await t.app.inject(as(fresh, { method: 'POST', url: '/api/account/logout' }))).statusCode).toBe(
      204,
    );
  });
});
