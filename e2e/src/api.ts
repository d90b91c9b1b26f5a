import type { LoginResponse, LoginSuccess } from '@talkbase/domain/contracts/account';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CUSTOMER_ROOM_ID, type TestServer } from './server.ts';

async function call<T>(server: TestServer, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Answer<T> {
  status: number;
  body: T;
}

/** An API call with a bearer token: its status and body (parsed; undefined when empty), whatever the status. */
async function answerOf<T>(
  server: TestServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * A spec file's API calls on its suite's server, with a bearer token: `answer` gives the status and
 * body whatever the status (to check refusals); `ok` gives the body of a call that must succeed, and
 * any other status fails the test naming the call, the status and the answer.
 */
export function suiteApi(suite: { readonly server: TestServer }) {
  return {
    answer: <T>(token: string, method: string, path: string, body?: unknown) =>
      answerOf<T>(suite.server, token, method, path, body),
    ok: <T>(token: string, method: string, path: string, body?: unknown) =>
      call<T>(suite.server, method, path, body, token),
  };
}

/** A record's value of one attribute, by identifier (null when it has none). */
export const talkValue = (
  talk: { talkValues: { subjectAttributeIdentifier: string; value: unknown }[] },
  identifier: string,
): unknown => talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value ?? null;

/** A sign-in as the sign-in screen makes it without "Manter conectado": the token and the account. */
export async function sessionByApi(
  server: TestServer,
  email: string,
  password: string,
): Promise<LoginSuccess> {
  const answer = await call<LoginResponse>(server, 'POST', '/api/account/login', {
    email,
    password,
    keepConnected: false,
  });
  if (!('token' in answer)) throw new Error(`${email} precisa de um código por e-mail para entrar.`);
  return answer;
}

export async function signInByApi(server: TestServer, email: string, password: string): Promise<string> {
  return (await sessionByApi(server, email, password)).token;
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

let counter = 0;

/** An ordinary user of the customers' room, created by the administrator through the API. */
export async function createOrdinaryUser(server: TestServer, number = ++counter): Promise<TestUser> {
  const user = {
    email: `cliente${number}.${Date.now()}@talkbase.test`,
    password: 'Cliente-senha-forte-2024',
    name: `Carla Cliente${number}`,
  };
  const adminToken = await signInByApi(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [firstName, lastName] = user.name.split(' ') as [string, string];
  await call(
    server,
    'POST',
    '/api/account/',
    {
      accountType: 1,
      firstName,
      lastName,
      displayName: firstName,
      email: user.email,
      phoneNumber: '11999990000',
      roomId: CUSTOMER_ROOM_ID,
      isAdmin: false,
      password: user.password,
    },
    adminToken,
  );
  return user;
}

/** Ends a session on the server, as a sign-out elsewhere or an administrator would. */
export async function revokeSession(server: TestServer, token: string): Promise<void> {
  await call(server, 'POST', '/api/account/logout', undefined, token);
}
