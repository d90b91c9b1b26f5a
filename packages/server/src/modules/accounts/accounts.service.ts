import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_TYPE,
  type CreateAccountResponse,
  type createAccountBodySchema,
} from '@talkbase/domain/contracts/account';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import { messages } from '../../i18n/messages.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import * as repo from './accounts.repository.ts';

/** A password a person can type and no one can guess: 18 random bytes, URL-safe base64. */
export const generatePassword = () => crypto.randomBytes(18).toString('base64url');

export class AccountsService {
  private readonly db: Kysely<Database>;
  private readonly hasher: PasswordHasher;
  constructor(db: Kysely<Database>, hasher: PasswordHasher) {
    this.db = db;
    this.hasher = hasher;
  }

  async create(
    auth: AuthContext,
    body: z.output<typeof createAccountBodySchema>,
  ): Promise<CreateAccountResponse> {
    const room = await repo.findRoom(this.db, auth.companyId, body.roomId);
    if (!room) throw unprocessable([{ message: messages.roomNotFound, field: 'roomId' }]);
    const at = Date.now();

    if (body.accountType === ACCOUNT_TYPE.person) {
      if (await repo.emailInUse(this.db, body.email)) {
        throw unprocessable([{ message: messages.emailTaken, field: 'email' }]);
      }
      const password = body.password ?? generatePassword();
      const id = await repo.insertAccount(this.db, {
        companyId: auth.companyId,
        accountType: ACCOUNT_TYPE.person,
        roomId: room.id,
        firstName: body.firstName,
        lastName: body.lastName,
        displayName: body.displayName,
        appName: null,
        email: body.email,
        phoneNumber: body.phoneNumber,
        passwordHash: await this.hasher.hash(password),
        integrationHash: null,
        isAdmin: body.isAdmin,
        at,
      });
      return body.password ? { resourceId: id, accountId: id } : { resourceId: id, accountId: id, password };
    }

    if (await repo.appNameInUse(this.db, auth.companyId, body.appName)) {
      throw unprocessable([{ message: messages.appNameTaken, field: 'appName' }]);
    }
    const hash = crypto.randomBytes(24).toString('hex');
    const password = generatePassword();
    const id = await repo.insertAccount(this.db, {
      companyId: auth.companyId,
      accountType: ACCOUNT_TYPE.integration,
      roomId: room.id,
      firstName: null,
      lastName: null,
      displayName: body.displayName,
      appName: body.appName,
      email: null,
      phoneNumber: null,
      passwordHash: await this.hasher.hash(password),
      integrationHash: hash,
      isAdmin: false,
      at,
    });
    return { resourceId: id, accountId: id, hash, password };
  }
}
