import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_TYPE,
  CUSTOMER_ROOM_ID,
  type LoginResponse,
  type SessionUser,
} from '@talkbase/domain/contracts/account';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { awaitConfirmation } from '../../http/session-confirmation.ts';
import { messages } from '../../i18n/messages.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import { accountWords } from '../accounts/account-words.ts';
import { holdsAdministration, identityOfSession, type AuthContext } from '../../access/identity.ts';
import * as repo from './auth.repository.ts';
import type { PasswordHasher } from '../accounts/password-hasher.ts';
import { hitRateLimit, resetRateLimit } from '../../http/rate-limit.repository.ts';
import type { TokenSigner } from './tokens.ts';
import { issuePasscode, redeemPasscode } from './passcodes.ts';
import { TwoStepService } from './two-step.service.ts';
import { scorePassword } from '../accounts/password-scoring.ts';

const HOUR = 3_600_000;
const SESSION_TTL_MS = { keep: 30 * 24 * HOUR, normal: 12 * HOUR };

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The matched route pattern, lower-cased: rate limits key on it, never on the raw path. */
  route: string;
}

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  hasher: PasswordHasher;
  signer: TokenSigner;
  mailer: Mailer;
}

/** How long the token a refresh replaced still works: requests in flight, tabs renewing together. */
export const ROTATION_GRACE_MS = 30_000;

function withinGrace(rotatedAt: number | null, at: number): boolean {
  return rotatedAt !== null && at - rotatedAt <= ROTATION_GRACE_MS;
}

/** A token is honoured while it is the session's current generation, or the one just replaced. */
function currentGeneration(gen: number, session: repo.SessionRow, at: number): boolean {
  return gen === session.tokenGen || (gen === session.tokenGen - 1 && withinGrace(session.rotatedAt, at));
}

function bearerToken(authorization: string | undefined): string | undefined {
  return authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
}

/** Sessions kept in memory (~300 bytes each); past this the oldest read is forgotten first. */
const MAX_KNOWN_SESSIONS = 10_000;

export class AuthService {
  private readonly d: AuthDeps;
  /** Live sessions already read, by id, as of their company's authentication version. */
  private readonly sessions = new Map<string, repo.SessionRow>();
  /** Switching two-step sign-in on and off, and the company rule (two-step.routes.ts). */
  readonly twoStep: TwoStepService;
  constructor(deps: AuthDeps) {
    this.d = deps;
    this.twoStep = new TwoStepService(deps);
  }

  /** Resolves a bearer token to its live session; null when missing, invalid, expired or revoked. */
  async authenticate(authorization: string | undefined): Promise<AuthContext | null> {
    const token = bearerToken(authorization);
    return token ? this.authenticateToken(token) : null;
  }

  /**
   * The bearer's session as this instance last read it, with no query: for a route whose records
   * read confirms it (http/session-confirmation.ts). Null when this instance has not read the session,
   * it has expired by the clock, or the token is not of its current generation: the route then
   * reads it as every route does.
   */
  async remembered(authorization: string | undefined): Promise<AuthContext | null> {
    const token = bearerToken(authorization);
    const claims = token ? await this.d.signer.verify(token) : null;
    if (!claims) return null;
    const known = this.sessions.get(claims.sid);
    const at = Date.now();
    if (!known || known.accountId !== claims.accountId || known.expiresAt <= at) return null;
    if (!currentGeneration(claims.gen, known, at)) return null;
    return awaitConfirmation(identityOfSession(known), {
      companyId: known.companyId,
      authVersion: known.authVersion,
      catalogVersion: known.catalogVersion,
    });
  }

  async authenticateToken(token: string): Promise<AuthContext | null> {
    const claims = await this.d.signer.verify(token);
    if (!claims) return null;
    const at = Date.now();
    const session = await this.liveSession(claims.sid, at);
    if (!session || session.accountId !== claims.accountId) return null;
    if (!currentGeneration(claims.gen, session, at)) return null;
    return identityOfSession(session);
  }

  /**
   * The live session `sid`: from memory while its company's authentication version has not moved
   * (0021: any revocation, rotation or change to what is read of its account moves it, whoever
   * makes it), else read again with its account and company. Either way one query a request; the
   * known-session one is a single row by key instead of a three-table join.
   */
  private async liveSession(sid: string, at: number): Promise<repo.SessionRow | undefined> {
    const known = this.sessions.get(sid);
    if (known) {
      const versions = await repo.companyVersions(this.d.db, known.companyId);
      if (versions?.authVersion === known.authVersion) {
        if (known.expiresAt <= at) return undefined;
        if (versions.catalogVersion === known.catalogVersion) return known;
        const current = { ...known, catalogVersion: versions.catalogVersion };
        this.sessions.set(sid, current);
        return current;
      }
      this.sessions.delete(sid);
    }
    const session = await repo.findLiveSession(this.d.db, sid, at);
    if (!session) return undefined;
    if (this.sessions.size >= MAX_KNOWN_SESSIONS) {
      const oldest = this.sessions.keys().next();
      if (!oldest.done) this.sessions.delete(oldest.value);
    }
    this.sessions.set(sid, session);
    return session;
  }

  async login(
    body: { email?: string | undefined; hash?: string | undefined; password: string; keepConnected: boolean },
    meta: RequestMeta,
  ): Promise<LoginResponse> {
    const identity = (body.hash ? `hash:${body.hash}` : `email:${(body.email ?? '').toLowerCase()}`).slice(
      0,
      300,
    );
    const account = body.hash
      ? await accounts.findAccountByIntegrationHash(this.d.db, body.hash)
      : await accounts.findAccountByEmail(this.d.db, body.email ?? '');
    const resetKeys = await this.limit(meta, identity, account);

    const usable =
      account !== undefined &&
      account.is_active === 1 &&
      (body.hash
        ? account.account_type === ACCOUNT_TYPE.integration
        : account.account_type === ACCOUNT_TYPE.person);
    const ok = await this.d.hasher.verify(usable ? account.password_hash : null, body.password);
    if (!ok || !usable) throw new HttpError(401, messages.invalidCredentials);
    for (const key of resetKeys) await resetRateLimit(this.d.db, key);

    if (account.account_type === ACCOUNT_TYPE.person && (await this.needsPasscode(account))) {
      await this.sendPasscode(account, body.keepConnected);
      return { passcodeRequired: true };
    }
    return this.openSession(account, body.keepConnected, meta);
  }

  async verifyPasscode(
    body: { email: string; passcode: string; keepConnected: boolean },
    meta: RequestMeta,
  ): Promise<LoginResponse> {
    const account = await accounts.findAccountByEmail(this.d.db, body.email);
    const resetKeys = await this.limit(meta, `email:${body.email.toLowerCase()}`, account);
    const pending =
      account && account.is_active === 1
        ? await redeemPasscode(this.d.db, account.id, 'sign-in', body.passcode)
        : undefined;
    if (!account || !pending) throw new HttpError(401, messages.invalidPasscode);
    for (const key of resetKeys) await resetRateLimit(this.d.db, key);
    return this.openSession(account, pending.keep_connected === 1 || body.keepConnected, meta);
  }

  /**
   * A token with a valid signature, expired or not, is exchanged once for a token of the session's
   * next generation (rotation). Refreshing again with the same token within the grace window — two
   * tabs renewing together — answers a token of that same successor generation; an older token
   * than that (a leaked or replayed one) ends the session.
   */
  async refresh(token: string): Promise<{ authorized: boolean; token: string | null }> {
    const claims = await this.d.signer.verifyAllowExpired(token);
    if (!claims) throw unauthorized();
    const at = Date.now();
    const session = await repo.findLiveSession(this.d.db, claims.sid, at);
    if (!session || session.accountId !== claims.accountId) throw unauthorized();
    const ttl = session.keepConnected === 1 ? SESSION_TTL_MS.keep : SESSION_TTL_MS.normal;
    let gen = session.tokenGen;
    if (claims.gen === gen && (await repo.rotateSession(this.d.db, session.sessionId, gen, at, at + ttl))) {
      gen += 1;
    } else {
      // Another refresh moved the session on first: only the token just replaced may still refresh.
      const now = await repo.findLiveSession(this.d.db, claims.sid, at);
      if (!now || claims.gen !== now.tokenGen - 1 || !withinGrace(now.rotatedAt, at)) {
        await repo.revokeSession(this.d.db, session.sessionId, at);
        throw unauthorized();
      }
      gen = now.tokenGen;
    }
    const fresh = await this.d.signer.sign({
      sid: session.sessionId,
      accountId: session.accountId,
      companyId: session.companyId,
      gen,
    });
    return { authorized: true, token: fresh };
  }

  async logout(auth: AuthContext): Promise<void> {
    await repo.revokeSession(this.d.db, auth.sessionId, Date.now());
  }

  /**
   * Changing the password ends every other session of the account; the current one stays. A wrong
   * current password is 409 'Senha inválida'; a weak new one 422 with the meter's message.
   */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    const account = await accounts.findAccount(this.d.db, auth.companyId, auth.accountId);
    if (!account) throw unauthorized();
    // A session holder guessing the current password (to keep an account it took over) is held by
    // the sign-in limit per account (security probe: 110 guesses a second without it).
    const { config, db } = this.d;
    const windowMs = config.loginLimitWindowSeconds * 1000;
    const at0 = Date.now();
    const limitKey = `account-password|acct|${String(account.id)}`;
    const guesses = await hitRateLimit(db, limitKey, windowMs, at0);
    if (guesses.count > config.loginLimitPerAccount)
      throw tooManyRequests(Math.ceil((guesses.windowStart + windowMs - at0) / 1000));
    if (!(await this.d.hasher.verify(account.password_hash, currentPassword))) {
      throw new HttpError(409, [{ message: messages.wrongCurrentPassword, field: 'currentPassword' }]);
    }
    await resetRateLimit(db, limitKey);
    // The same strength rule as the own-profile meter (spec 001 §5): score ≥ 3, 10 characters.
    const weak = (await scorePassword(newPassword, accountWords(account))).problem;
    if (weak) throw new HttpError(422, [{ message: weak, field: 'newPassword' }]);
    const hash = await this.d.hasher.hash(newPassword);
    const at = Date.now();
    await this.d.db.transaction().execute(async (trx) => {
      await accounts.updatePasswordHash(trx, account.id, hash, at);
      await repo.revokeOtherSessions(trx, account.id, auth.sessionId, at);
    });
  }

  toSessionUser(account: AccountRow, keepConnected: boolean): SessionUser {
    const name =
      account.account_type === ACCOUNT_TYPE.integration
        ? (account.app_name ?? account.display_name)
        : [account.first_name, account.last_name].filter(Boolean).join(' ') || account.display_name;
    return {
      accountId: account.id,
      name,
      email: account.email,
      phoneNumber: account.phone_number,
      image: account.image,
      roomId: account.room_id,
      customer: account.room_id === CUSTOMER_ROOM_ID,
      isAdmin: holdsAdministration(account.account_type, account.is_admin),
      keepConnected,
    };
  }

  private async openSession(
    account: AccountRow,
    keepConnected: boolean,
    meta: RequestMeta,
  ): Promise<LoginResponse> {
    const at = Date.now();
    const sid = crypto.randomUUID();
    await repo.insertSession(this.d.db, {
      id: sid,
      accountId: account.id,
      companyId: account.company_id,
      keepConnected,
      at,
      expiresAt: at + (keepConnected ? SESSION_TTL_MS.keep : SESSION_TTL_MS.normal),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    const token = await this.d.signer.sign({
      sid,
      accountId: account.id,
      companyId: account.company_id,
      gen: 0,
    });
    return { token, user: this.toSessionUser(account, keepConnected) };
  }

  /**
   * Two-step applies when the person switched it on (or an administrator did for them), or when
   * the company rule requireTwoStepForAdmins is on and the person is an administrator: the code
   * is then e-mailed to an administrator who never switched it on too (docs/decisions.md).
   */
  private async needsPasscode(account: AccountRow): Promise<boolean> {
    if (account.two_factor_enabled === 1) return true;
    if (!holdsAdministration(account.account_type, account.is_admin)) return false;
    const company = await accounts.findCompany(this.d.db, account.company_id);
    return company?.two_factor_required === 1;
  }

  private async sendPasscode(account: AccountRow, keepConnected: boolean): Promise<void> {
    if (!account.email) throw new HttpError(401, messages.invalidCredentials);
    const code = await issuePasscode(this.d.db, account, 'sign-in', keepConnected);
    await this.d.mailer.send({
      to: account.email,
      subject: messages.passcodeMailSubject,
      text: messages.passcodeMailText(code),
    });
  }

  /**
   * Brute-force limits that an attacker cannot turn against the owner (security probe, issue 19):
   * - per client address, across accounts (LOGIN_LIMIT_PER_ADDRESS);
   * - per account and address (LOGIN_LIMIT_PER_ACCOUNT): a guesser is stopped at its own address;
   * - per account across addresses (three times that), which stops a guesser spread over many
   *   addresses, but only for addresses the account never signed in from: the owner's own devices
   *   keep getting in. The first time it engages in a window the owner is told by e-mail.
   * Returns the keys a success resets.
   */
  private async limit(
    meta: RequestMeta,
    identity: string,
    account: AccountRow | undefined,
  ): Promise<string[]> {
    const { config, db } = this.d;
    const windowMs = config.loginLimitWindowSeconds * 1000;
    const at = Date.now();
    const retryAfter = (windowStart: number) => Math.ceil((windowStart + windowMs - at) / 1000);
    const byAddress = await hitRateLimit(db, `${meta.route}|addr|${meta.ip}`, windowMs, at);
    if (byAddress.count > config.loginLimitPerAddress)
      throw tooManyRequests(retryAfter(byAddress.windowStart));
    const pairKey = `${meta.route}|pair|${identity}|${meta.ip}`;
    const byPair = await hitRateLimit(db, pairKey, windowMs, at);
    if (byPair.count > config.loginLimitPerAccount) throw tooManyRequests(retryAfter(byPair.windowStart));
    const accountKey = `${meta.route}|acct|${identity}`;
    const byAccount = await hitRateLimit(db, accountKey, windowMs, at);
    const acrossAddresses = config.loginLimitPerAccount * 3;
    if (byAccount.count > acrossAddresses) {
      const known = account !== undefined && (await repo.hasSignedInFrom(db, account.id, meta.ip));
      if (!known) {
        if (byAccount.count === acrossAddresses + 1 && account?.email) {
          await this.d.mailer
            .send({
              to: account.email,
              subject: messages.loginAttemptsMailSubject,
              text: messages.loginAttemptsMailText(acrossAddresses),
            })
            .catch(() => undefined);
        }
        throw tooManyRequests(retryAfter(byAccount.windowStart));
      }
    }
    return [pairKey, accountKey];
  }
}
