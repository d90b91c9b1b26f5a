import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import type { RoomInput } from '@talkbase/domain/contracts/rooms';
import { as, type TestApp } from './harness.ts';

/**
 * Who calls the API in the permission and fuzz suites, built through the API as an administrator
 * would: rooms, integration accounts, and a token past its expiry.
 */

/** Creates a room (POST /api/room); answers its id. */
export async function createRoom(app: FastifyInstance, adminToken: string, room: RoomInput): Promise<number> {
  const res = await app.inject(as(adminToken, { method: 'POST', url: '/api/room', payload: room }));
  if (res.statusCode !== 201) throw new Error(`create room: ${res.statusCode} ${res.body}`);
  return res.json<{ roomId: number }>().roomId;
}

/** Replaces what an existing room (a built-in one too) may do (PUT /api/room/{id}). */
export async function updateRoom(
  app: FastifyInstance,
  adminToken: string,
  roomId: number,
  room: RoomInput,
): Promise<void> {
  const res = await app.inject(as(adminToken, { method: 'PUT', url: `/api/room/${roomId}`, payload: room }));
  if (res.statusCode !== 200) throw new Error(`update room ${roomId}: ${res.statusCode} ${res.body}`);
}

/** An integration account (type 2) in a room, signed in with its hash and password as an ERP would. */
export async function createIntegration(
  app: FastifyInstance,
  adminToken: string,
  roomId: number,
): Promise<{ token: string; accountId: number }> {
  const created = await app.inject(
    as(adminToken, {
      method: 'POST',
      url: '/api/account/',
      payload: {
        accountType: 2,
        roomId,
        appName: `ERP ${crypto.randomBytes(3).toString('hex')}`,
        displayName: 'ERP da empresa',
      },
    }),
  );
  if (created.statusCode !== 201)
    throw new Error(`create integration: ${created.statusCode} ${created.body}`);
  const { hash, password, accountId } = created.json<{ hash: string; password: string; accountId: number }>();
  const res = await app.inject({ method: 'POST', url: '/api/account/login', payload: { hash, password } });
  if (res.statusCode !== 200) throw new Error(`integration login: ${res.statusCode} ${res.body}`);
  return { token: res.json<{ token: string }>().token, accountId };
}

/**
 * The same session as `token`, signed with the server's own secret, but expired a minute ago: only
 * its expiry can make the server refuse it.
 */
export async function expiredToken(t: TestApp, token: string): Promise<string> {
  const claims = decodeJwt(token);
  const secret = await t.db.kysely
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'token')
    .executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, cid: claims.cid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub ?? '')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret.value));
}
