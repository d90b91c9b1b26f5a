import type { CompanySecurity, TwoStepState } from '@talkbase/domain/contracts/two-step';
import { ACCOUNT_TYPE } from '@talkbase/domain/contracts/account';
import { holdsAdministration, type AuthContext } from '../../access/identity.ts';
import {
  administrationMessages,
  isPlatformAdministrator,
  mayManageAccount,
} from '../../access/administration.ts';
import {
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from '../../http/errors.ts';
import { hitRateLimit, resetRateLimit } from '../../http/rate-limit.repository.ts';
import { messages } from '../../i18n/messages.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import * as repo from './auth.repository.ts';
import { issuePasscode, redeemPasscode } from './passcodes.ts';
import { twoStepMessages } from './two-step-messages.ts';

/**
 * Switching two-step sign-in on and off (issue 34 item 4):
 * - the person, on their profile: on only after entering a code e-mailed for that (so a typo in
 *   the address cannot lock them out), off with the current password (a session left open or a
 *   stolen token alone cannot weaken the account);
 * - an administrator, on the user form, for another person of the company (room 1's accounts by
 *   room 1's administrators only, as any change to them);
 * - the company rule requireTwoStepForAdmins (room 1's administrators).
 * Every change made to an account is told to its owner by e-mail.
 */
export class TwoStepService {
  private readonly d: AuthDeps;
  constructor(deps: AuthDeps) {
    this.d = deps;
  }

  async ownState(auth: AuthContext): Promise<TwoStepState> {
    return this.stateOf(await this.own(auth));
  }

  /** E-mails the signed-in person a code that confirms switching two-step on. */
  async start(auth: AuthContext): Promise<void> {
    const account = await this.own(auth);
    const email = this.requirePerson(account);
    if (account.two_factor_enabled === 1) throw unprocessable(twoStepMessages.alreadyOn);
    await this.hold(`twostep-start|acct|${String(account.id)}`);
    const code = await issuePasscode(this.d.db, account, 'enrol', false);
    await this.d.mailer.send({
      to: email,
      subject: twoStepMessages.enrolMailSubject,
      text: twoStepMessages.enrolMailText(code),
    });
  }

  /** The code e-mailed by start(): right, two-step is on. Limited like sign-in. */
  async confirm(auth: AuthContext, passcode: string): Promise<TwoStepState> {
    const account = await this.own(auth);
    this.requirePerson(account);
    const key = `twostep-confirm|acct|${String(account.id)}`;
    await this.hold(key);
    if (!(await redeemPasscode(this.d.db, account.id, 'enrol', passcode)))
      throw new HttpError(422, [{ message: messages.invalidPasscode, field: 'passcode' }]);
    await resetRateLimit(this.d.db, key);
    await repo.setTwoStep(this.d.db, account.id, true, Date.now());
    return this.ownState(auth);
  }

  /**
   * Off with the current password: a wrong one is 409 'Senha inválida' (as the own password
   * change), and the guesses count under the same limit as that change.
   */
  async disable(auth: AuthContext, currentPassword: string): Promise<TwoStepState> {
    const account = await this.own(auth);
    const email = this.requirePerson(account);
    const key = `account-password|acct|${String(account.id)}`;
    await this.hold(key);
    if (!(await this.d.hasher.verify(account.password_hash, currentPassword)))
      throw new HttpError(409, [{ message: messages.wrongCurrentPassword, field: 'currentPassword' }]);
    await resetRateLimit(this.d.db, key);
    if (account.two_factor_enabled === 1) {
      await repo.setTwoStep(this.d.db, account.id, false, Date.now());
      await this.tell(email, false, false);
    }
    return this.ownState(auth);
  }

  /** An account's two-step, for the user form. */
  async accountState(auth: AuthContext, accountId: number): Promise<TwoStepState> {
    const account = await accounts.findAccount(this.d.db, auth.companyId, accountId);
    if (!account) throw notFound(twoStepMessages.accountNotFound);
    return this.stateOf(account);
  }

  /** An administrator switches another person's two-step on or off; the person is told by e-mail. */
  async setForAccount(auth: AuthContext, accountId: number, enabled: boolean): Promise<TwoStepState> {
    if (accountId === auth.accountId) throw unprocessable(twoStepMessages.useProfile);
    const account = await accounts.findAccount(this.d.db, auth.companyId, accountId);
    if (!account) throw notFound(twoStepMessages.accountNotFound);
    if (!mayManageAccount(auth, { roomId: account.room_id }))
      throw forbidden(administrationMessages.roomOneAccount);
    const email = this.requirePerson(account);
    if (account.is_active !== 1) throw unprocessable(twoStepMessages.inactive);
    if ((account.two_factor_enabled === 1) !== enabled) {
      await repo.setTwoStep(this.d.db, account.id, enabled, Date.now());
      await this.tell(email, enabled, true);
    }
    return this.accountState(auth, accountId);
  }

  async companySecurity(auth: AuthContext): Promise<CompanySecurity> {
    const company = await accounts.findCompany(this.d.db, auth.companyId);
    return { requireTwoStepForAdmins: company?.two_factor_required === 1 };
  }

  /** The company rule is room 1's administrators' (it binds them too). */
  async setCompanySecurity(auth: AuthContext, body: CompanySecurity): Promise<CompanySecurity> {
    if (!isPlatformAdministrator(auth)) throw forbidden(twoStepMessages.companyRuleRoomOne);
    await repo.setTwoStepForAdmins(this.d.db, auth.companyId, body.requireTwoStepForAdmins);
    return this.companySecurity(auth);
  }

  private async own(auth: AuthContext): Promise<AccountRow> {
    const account = await accounts.findAccount(this.d.db, auth.companyId, auth.accountId);
    if (!account) throw unauthorized();
    return account;
  }

  private async stateOf(account: AccountRow): Promise<TwoStepState> {
    const admin = holdsAdministration(account.account_type, account.is_admin);
    const company = admin ? await accounts.findCompany(this.d.db, account.company_id) : undefined;
    return {
      enabled: account.two_factor_enabled === 1,
      requiredByCompany: admin && company?.two_factor_required === 1,
      changedAt: account.two_factor_changed_at,
      email: account.email,
    };
  }

  /** Two-step is for people with an e-mail: the address the codes go to. */
  private requirePerson(account: AccountRow): string {
    if (account.account_type !== ACCOUNT_TYPE.person) throw unprocessable(twoStepMessages.personOnly);
    if (!account.email) throw unprocessable(twoStepMessages.noEmail);
    return account.email;
  }

  /** The sign-in limit per account (LOGIN_LIMIT_PER_ACCOUNT in the window) on `key`. */
  private async hold(key: string): Promise<void> {
    const { config, db } = this.d;
    const windowMs = config.loginLimitWindowSeconds * 1000;
    const at = Date.now();
    const hit = await hitRateLimit(db, key, windowMs, at);
    if (hit.count > config.loginLimitPerAccount)
      throw tooManyRequests(Math.ceil((hit.windowStart + windowMs - at) / 1000));
  }

  private async tell(email: string, on: boolean, byAdministrator: boolean): Promise<void> {
    await this.d.mailer
      .send({
        to: email,
        subject: twoStepMessages.changedMailSubject(on),
        text: twoStepMessages.changedMailText(on, byAdministrator),
      })
      .catch(() => undefined);
  }
}
