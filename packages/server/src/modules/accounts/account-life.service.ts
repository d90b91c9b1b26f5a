import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_TYPE, ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { IntegrationCredentials } from '@talkbase/domain/contracts/account-life';
import { RESET_LINK_TTL_MS, RESET_PAGE_PATH } from '@talkbase/domain/contracts/account-life-paths';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { holdsAdministration, type AuthContext } from '../../access/identity.ts';
import { administrationMessages, mayManageAccount } from '../../access/administration.ts';
import { conflict, forbidden, notFound, tooManyRequests, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { accountWords } from './account-words.ts';
import { hitRateLimit } from '../../http/rate-limit.repository.ts';
import { accountMessages, lifeMessages } from './account-messages.ts';
import * as accounts from './accounts.repository.ts';
import * as repo from './account-life.repository.ts';
import { generatePassword } from './accounts.service.ts';
import { scorePassword } from './password-scoring.ts';

export interface AccountLifeDeps {
  db: Kysely<Database>;
  config: Config;
  hasher: PasswordHasher;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * An account's life cycle (issue 34 item 5): suspension and restoration, the password reset by
 * e-mail (asked by the person or sent by an administrator), and an integration's new password.
 */
export class AccountLifeService {
  private readonly d: AccountLifeDeps;
  /** Reset e-mails being prepared after their 204 was answered (awaited on close and by tests). */
  private readonly pending = new Set<Promise<void>>();
  constructor(deps: AccountLifeDeps) {
    this.d = deps;
  }

  /** An account of the company that this administrator may manage (room 1's are room 1's). */
  private async managed(auth: AuthContext, accountId: number) {
    const target = await accounts.findAccount(this.d.db, auth.companyId, accountId);
    if (!target) throw notFound(accountMessages.notFound);
    if (!mayManageAccount(auth, { roomId: target.room_id }))
      throw forbidden(administrationMessages.roomOneAccount);
    return target;
  }

  /**
   * Suspends or restores an account. Suspended, it cannot sign in, every session of it ends at once
   * (open sockets close on the hub's next sweep) and its pending reset links and codes are burnt.
   * The company keeps at least one active administrator of room 1.
   */
  async setActive(auth: AuthContext, accountId: number, isActive: boolean): Promise<void> {
    if (!isActive && accountId === auth.accountId) throw unprocessable(lifeMessages.notYourself);
    const target = await this.managed(auth, accountId);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.lockCompany(trx, auth.companyId);
      await repo.setAccountActive(trx, accountId, isActive, at);
      if (isActive) return;
      await repo.revokeAllSessions(trx, accountId, at);
      await repo.burnPendingCodes(trx, accountId, at);
      const wasRoomOneAdmin =
        target.room_id === ADMIN_ROOM_ID && holdsAdministration(target.account_type, target.is_admin);
      // Counted after the change, under the company's lock: a race cannot suspend the last two.
      if (wasRoomOneAdmin && (await repo.countActiveRoomOneAdmins(trx, auth.companyId)) === 0)
        throw conflict(lifeMessages.lastAdministrator);
    });
  }

  /**
   * "Esqueci minha senha": answered at once (204) whatever the address; the look-up and the e-mail
   * happen afterwards, so neither the answer nor its timing tells whether the address has an
   * account. The client address is limited like sign-in; an address gets a few links an hour.
   */
  async forgot(email: string, meta: { ip: string; route: string }): Promise<void> {
    const { config, db } = this.d;
    const windowMs = config.loginLimitWindowSeconds * 1000;
    const at = Date.now();
    const byAddress = await hitRateLimit(db, `${meta.route}|addr|${meta.ip}`, windowMs, at);
    if (byAddress.count > config.loginLimitPerAddress)
      throw tooManyRequests(Math.ceil((byAddress.windowStart + windowMs - at) / 1000));
    const work = this.mailResetLink(email, at)
      .catch((err: unknown) => this.d.log.error({ err }, 'password reset e-mail'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once the reset e-mails asked so far have been sent (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async mailResetLink(email: string, at: number): Promise<void> {
    const { db, config } = this.d;
    const account = await accounts.findAccountByEmail(db, email);
    if (account?.is_active !== 1 || account.account_type !== ACCOUNT_TYPE.person || !account.email) return;
    // At most LOGIN_LIMIT_PER_ACCOUNT links per address and window: no one floods a mailbox.
    const perAccount = await hitRateLimit(
      db,
      `password-forgot|acct|${String(account.id)}`,
      config.loginLimitWindowSeconds * 1000,
      at,
    );
    if (perAccount.count > config.loginLimitPerAccount) return;
    await this.sendLink(account, at);
  }

  private async sendLink(account: accounts.AccountRow, at: number): Promise<void> {
    if (!account.email) return;
    const token = crypto.randomBytes(32).toString('base64url');
    await repo.insertPasswordReset(this.d.db, {
      companyId: account.company_id,
      accountId: account.id,
      tokenHash: sha256(token),
      at,
      expiresAt: at + RESET_LINK_TTL_MS,
    });
    // The token rides in the fragment: browsers send it to no server and no Referer carries it.
    const link = `${this.d.config.publicUrl.replace(/\/+$/, '')}${RESET_PAGE_PATH}#token=${token}`;
    await this.d.mailer.send({
      to: account.email,
      subject: lifeMessages.resetMailSubject,
      text: lifeMessages.resetMailText(link),
    });
  }

  /** "Enviar redefinição de senha": an administrator e-mails a person of the company the link. */
  async sendReset(auth: AuthContext, accountId: number): Promise<void> {
    const target = await this.managed(auth, accountId);
    if (target.account_type !== ACCOUNT_TYPE.person || !target.email)
      throw unprocessable(lifeMessages.resetPersonOnly);
    if (target.is_active !== 1) throw unprocessable(lifeMessages.resetInactive);
    await this.sendLink(target, Date.now());
  }

  /**
   * Sets the password from an e-mailed link: the link works once and for an hour, the password
   * follows the strength rule, and every session of the account ends.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    const { db, hasher } = this.d;
    const at = Date.now();
    const found = await repo.findPendingReset(db, sha256(token), at);
    if (!found) throw unprocessable([{ message: lifeMessages.linkInvalid, field: 'token' }]);
    const weak = (await scorePassword(newPassword, accountWords(found))).problem;
    if (weak) throw unprocessable([{ message: weak, field: 'newPassword' }]);
    const hash = await hasher.hash(newPassword);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.consumeReset(trx, found.reset_id, at)))
        throw unprocessable([{ message: lifeMessages.linkInvalid, field: 'token' }]);
      await accounts.updatePasswordHash(trx, found.id, hash, at);
      await repo.revokeAllSessions(trx, found.id, at);
      await repo.burnPendingCodes(trx, found.id, at);
    });
  }

  /**
   * "Gerar nova senha" for an integration account: a new password answered once; the old one and
   * every session opened with it stop working at once. The hash that names the account stays.
   */
  async newCredentials(auth: AuthContext, accountId: number): Promise<IntegrationCredentials> {
    const target = await this.managed(auth, accountId);
    if (target.account_type !== ACCOUNT_TYPE.integration || !target.integration_hash)
      throw unprocessable(lifeMessages.credentialsIntegrationOnly);
    const password = generatePassword();
    const hash = await this.d.hasher.hash(password);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await accounts.updatePasswordHash(trx, accountId, hash, at);
      await repo.revokeAllSessions(trx, accountId, at);
    });
    return { accountId, hash: target.integration_hash, password };
  }
}
