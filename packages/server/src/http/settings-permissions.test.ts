import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, createRoom, expiredToken } from '../test/actors.ts';
import { expectErrorAnswer } from '../test/error-answers.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../test/harness.ts';

/**
 * The settings calls of the people-and-access console (issue 12: accounts, rooms, the company menu,
 * the certificate check) and of the console's second part (templates, tags, notifications,
 * channels, preferences, automations), each as every kind of caller (000 §6, 001 §2.1):
 * - admin: administrator of room 1; otherAdmin: administrator of another room;
 * - user: an ordinary user of that other room; customer: room 1196; integration: an account of
 *   type 2; anonymous (no token); expired (a real session past its expiry).
 * Administrators' calls refuse everyone else with 403 (401 without a live session); tags are for
 * administrators of room 1 only; a signed-in account's own calls answer every signed-in caller.
 */
const ACTORS = ['admin', 'otherAdmin', 'user', 'customer', 'integration', 'anonymous', 'expired'] as const;
type Actor = (typeof ACTORS)[number];
type Statuses = readonly [number, number, number, number, number, number, number];

const ADMINS: Statuses = [200, 200, 403, 403, 403, 401, 401];
const ROOM_1_ADMINS: Statuses = [200, 403, 403, 403, 403, 401, 401];
const SIGNED_IN: Statuses = [200, 200, 200, 200, 200, 401, 401];
const created = (s: Statuses): Statuses => s.map((v) => (v === 200 ? 201 : v)) as unknown as Statuses;
const emptied = (s: Statuses): Statuses => s.map((v) => (v === 200 ? 204 : v)) as unknown as Statuses;

let t: TestApp;
const tokens = {} as Record<Actor, string | undefined>;
let adminToken: string;
let otherRoomId: number;
let someoneId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app)).token;
  otherRoomId = await createRoom(t.app, adminToken, { roomName: 'Suporte', permissions: { subjects: [] } });
  const otherAdmin = await createPerson(t.app, adminToken, { roomId: otherRoomId, isAdmin: true });
  const user = await createPerson(t.app, adminToken, { roomId: otherRoomId });
  const customer = await createPerson(t.app, adminToken, { roomId: 1196 });
  someoneId = (await createPerson(t.app, adminToken, { roomId: otherRoomId })).accountId;
  tokens.admin = adminToken;
  tokens.otherAdmin = (await login(t.app, otherAdmin.email, otherAdmin.password)).token;
  tokens.user = (await login(t.app, user.email, user.password)).token;
  tokens.customer = (await login(t.app, customer.email, customer.password)).token;
  tokens.integration = (await createIntegration(t.app, adminToken, otherRoomId)).token;
  tokens.anonymous = undefined;
  tokens.expired = await expiredToken(t, (await login(t.app)).token);
});
afterAll(async () => {
  await t.close();
});

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

interface Call {
  name: string;
  statuses: Statuses;
  /** Builds the request; what it changes is made fresh (by room 1's administrator) for each cell. */
  request: () => Req | Promise<Req>;
}

const fresh = () => `x${Date.now().toString(36)}${(seq++).toString(36)}`;
async function freshPerson(): Promise<number> {
  return (await createPerson(t.app, adminToken, { roomId: otherRoomId })).accountId;
}
async function freshRoom(): Promise<number> {
  return createRoom(t.app, adminToken, { roomName: `Sala ${fresh()}`, permissions: { subjects: [] } });
}

const CALLS: Call[] = [
  // Users and integration accounts (001 §2.2–2.4).
  {
    name: 'list accounts',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/account?CurrentPage=1&ResultsPerPage=10' }),
  },
  {
    name: "read another's account",
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: `/api/account/${someoneId}` }),
  },
  {
    name: "edit another's account",
    statuses: ADMINS,
    request: async () => ({
      method: 'PUT',
      url: `/api/account/${await freshPerson()}`,
      payload: { displayName: 'Outra' },
    }),
  },
  {
    name: 'create an account',
    statuses: created(ADMINS),
    request: () => ({
      method: 'POST',
      url: '/api/account',
      payload: {
        accountType: 1,
        roomId: otherRoomId,
        firstName: 'Nova',
        lastName: 'Pessoa',
        displayName: 'Nova',
        phoneNumber: '(11) 91234-5678',
        email: `${fresh()}@talkbase.test`,
        password: 'Senha-Bem-Forte-2026',
      },
    }),
  },
  {
    name: 'delete an account',
    statuses: emptied(ADMINS),
    request: async () => ({ method: 'DELETE', url: `/api/account/${await freshPerson()}` }),
  },
  // Access profiles (001 §2.6–2.7).
  { name: 'list rooms', statuses: ADMINS, request: () => ({ method: 'GET', url: '/api/room' }) },
  {
    name: 'read a room',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: `/api/room/${otherRoomId}` }),
  },
  {
    name: 'create a room',
    statuses: created(ADMINS),
    request: () => ({
      method: 'POST',
      url: '/api/room',
      payload: { roomName: `Sala ${fresh()}`, permissions: { subjects: [] } },
    }),
  },
  {
    name: 'change a room',
    statuses: ADMINS,
    request: async () => ({
      method: 'PUT',
      url: `/api/room/${await freshRoom()}`,
      payload: { roomName: `Sala ${fresh()}`, permissions: { subjects: [] } },
    }),
  },
  {
    name: 'delete a room',
    statuses: emptied(ADMINS),
    request: async () => ({ method: 'DELETE', url: `/api/room/${await freshRoom()}` }),
  },
  {
    name: 'room actions',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/room/action' }),
  },
  {
    name: 'room resources',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/room/resource' }),
  },
  {
    name: 'room notifications',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/Room/notification' }),
  },
  // The company menu (001 §2.13): built by administrators, read by everyone.
  {
    name: 'save the company menu',
    statuses: ADMINS,
    request: () => ({ method: 'PUT', url: '/api/presentation/menu/1', payload: { Menus: [] } }),
  },
  {
    name: 'read the menu',
    statuses: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/presentation/menu/all/' }),
  },
  {
    name: 'list scenarios',
    statuses: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/scenario/all/' }),
  },
  // Templates, tags, notifications and channels (001 §2.8–2.12, 000 §6).
  {
    name: 'list templates',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/template?page=1&fetch=10' }),
  },
  { name: 'list tags', statuses: ROOM_1_ADMINS, request: () => ({ method: 'GET', url: '/api/tag' }) },
  // Automations (issue 16; 000 §6): administrators of room 1, as tags.
  { name: 'list automations', statuses: ROOM_1_ADMINS, request: () => ({ method: 'GET', url: '/api/job' }) },
  {
    name: 'create an automation',
    statuses: ROOM_1_ADMINS.map((v) => (v === 200 ? 400 : v)) as unknown as Statuses,
    // An empty job: room 1's administrator gets the validation answer, everyone else is refused first.
    request: () => ({ method: 'POST', url: '/api/job', payload: {} }),
  },
  {
    name: 'list notifications',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/notification' }),
  },
  {
    name: 'list channels',
    statuses: ADMINS,
    request: () => ({ method: 'GET', url: '/api/company/channels' }),
  },
  // One's own: the inbox, preferences, the certificate status.
  {
    name: 'own inbox',
    statuses: SIGNED_IN,
    request: () => ({ method: 'POST', url: '/api/notifications/list/', payload: {} }),
  },
  {
    name: 'own preferences',
    statuses: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/account/preferences' }),
  },
  {
    name: 'own certificate status',
    statuses: SIGNED_IN,
    request: () => ({ method: 'GET', url: '/api/certificate/status' }),
  },
];

async function send(actor: Actor, call: Call): Promise<LightMyRequestResponse> {
  const req = await call.request();
  const token = tokens[actor];
  const opts = {
    method: req.method,
    url: req.url,
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
  };
  return t.app.inject(token ? as(token, opts) : opts);
}

describe('settings calls by caller (000 §6, 001 §2.1)', () => {
  for (const call of CALLS) {
    it(`${call.name}: ${ACTORS.map((a, i) => `${a} ${call.statuses[i] ?? 0}`).join(', ')}`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [i, actor] of ACTORS.entries()) {
        const res = await send(actor, call);
        got[actor] = res.statusCode;
        want[actor] = call.statuses[i] ?? 0;
        if (res.statusCode >= 400) expectErrorAnswer(res);
      }
      expect(got).toEqual(want);
    });
  }
});
