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

export async function signInByApi(server: TestServer, email: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(server, 'POST', '/api/account/login', { email, password });
  return answer.token;
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

let counter = 0;

/** An ordinary user of the customers' room, created by the administrator through the API. */
export async function createOrdinaryUser(server: TestServer): Promise<TestUser> {
  counter += 1;
  const user = {
    email: `cliente${counter}.${Date.now()}@talkbase.test`,
    password: 'Cliente-senha-forte-2024',
    name: `Carla Cliente${counter}`,
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
