import type {
  AccountNotificationRow,
  AccountNotificationsInput,
} from '@talkbase/domain/contracts/notifications';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_TYPE,
  ADMIN_ONLY_ACCOUNT_FIELDS,
  OWN_PROFILE_MAX,
  type AccountDetail,
  type AccountListItem,
  type AccountPage,
  type CreateAccountResponse,
  type accountListQuerySchema,
  type createAccountBodySchema,
  type updateAccountBodySchema,
} from '@talkbase/domain/contracts/account';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { holdsAdministration } from '../../access/identity.ts';
import {
  administrationChangeErrors,
  administrationMessages,
  integrationAdminErrors,
  mayRemoveAccount,
} from '../../access/administration.ts';
import { forbidden, HttpError, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { MAX_PAGE_SIZE, paging } from '../../http/paging.ts';
import type { StreamedList } from '../../http/streamed-list.ts';
import { messages } from '../../i18n/messages.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { checkAttributes, checkImage, checkSharedTalks, throwIfAny } from './account-input.ts';
import { accountMessages } from './account-messages.ts';
import * as repo from './accounts.repository.ts';
import { scorePassword } from './password-scoring.ts';

/** A password a person can type and no one can guess: 18 random bytes, URL-safe base64. */
/**
 * 24 characters of base64url (144 bits), never starting with '-' or '_': a spreadsheet opening the
 * credentials CSV would take a leading '-' for a formula, and the CSV guard would then prefix it.
 */
export function generatePassword(): string {
  for (;;) {
    const password = crypto.randomBytes(18).toString('base64url');
    if (/^[A-Za-z0-9]/.test(password)) return password;
  }
}

type UpdateBody = z.output<typeof updateAccountBodySchema>;

/** Reads and checks the own profile's notification matrix (modules/notifications). */
export interface NotificationMatrix {
  read(account: { accountId: number; companyId: number; roomId: number }): Promise<AccountNotificationRow[]>;
  prepare(auth: AuthContext, input: AccountNotificationsInput): Promise<() => Promise<void>>;
}

/** Changes the caller's own password (the auth module: checks, hashes, ends the other sessions). */
export type PasswordChanger = (auth: AuthContext, current: string, next: string) => Promise<void>;

/** 001 §7, §9: the user selection lists accounts 999,999 at a time. */
export const ACCOUNTS_FETCH_MAX = 999_999;

/** Person display names are shorter than integration ones (spec 001 §5). */
const PERSON_DISPLAY_NAME_MAX = 50;

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function present(row: repo.AccountListRow, auth: AuthContext): AccountListItem {
  return {
    accountId: row.id,
    accountType: row.account_type,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    email: row.email,
    appName: row.app_name,
    phoneNumber: row.phone_number,
    roomId: row.room_id,
    profileId: row.room_id,
    roomName: row.room_name,
    profileImage:
      row.image_name !== null && row.image_type !== null
        ? { name: row.image_name, type: row.image_type, url: repo.accountImageUrl(row.id, row.image_at ?? 0) }
        : null,
    isAdmin: holdsAdministration(row.account_type, row.is_admin),
    inativo: row.is_active !== 1,
    // Every account of the company is editable by an administrator, the only one who lists them.
    canEdit: auth.isAdmin,
  };
}

/** Users and integration accounts (spec 001 §2.2–2.5, §7). */
export class AccountsService {
  private readonly db: Kysely<Database>;
  private readonly hasher: PasswordHasher;
  /** The own profile's notification × channel matrix (modules/notifications, given by the app). */
  private readonly notificationMatrix: NotificationMatrix;
  constructor(db: Kysely<Database>, hasher: PasswordHasher, notificationMatrix: NotificationMatrix) {
    this.db = db;
    this.hasher = hasher;
    this.notificationMatrix = notificationMatrix;
  }

  async page(auth: AuthContext, q: z.output<typeof accountListQuerySchema>): Promise<AccountPage> {
    const p = paging(q.CurrentPage, q.ResultsPerPage, MAX_PAGE_SIZE, 'ResultsPerPage');
    const { rows, total } = await repo.pageAccounts(this.db, auth.companyId, {
      offset: p.offset,
      fetch: p.fetch,
      term: q.term,
      exceptAccountId: q.IncludCurrentUser ? undefined : auth.accountId,
      includeInactive: q.IncludeInactive,
    });
    return { itens: rows.map((r) => present(r, auth)), totalResults: total, currentPage: p.page };
  }

  /**
   * A page above MAX_PAGE_SIZE (001 §7, §9: the user selection asks for 999,999), read in keyset
   * chunks of MAX_PAGE_SIZE rows as the answer is written: memory holds one chunk.
   */
  async pageStreamed(
    auth: AuthContext,
    q: z.output<typeof accountListQuerySchema>,
  ): Promise<StreamedList<AccountListItem>> {
    const p = paging(q.CurrentPage, q.ResultsPerPage, ACCOUNTS_FETCH_MAX, 'ResultsPerPage');
    const filter = {
      term: q.term,
      exceptAccountId: q.IncludCurrentUser ? undefined : auth.accountId,
      includeInactive: q.IncludeInactive,
    };
    const firstLimit = Math.min(MAX_PAGE_SIZE, p.fetch);
    const first = await repo.pageAccounts(this.db, auth.companyId, {
      ...filter,
      offset: p.offset,
      fetch: firstLimit,
    });
    const db = this.db;
    async function* chunks(): AsyncGenerator<AccountListItem[]> {
      let rows = first.rows;
      let left = p.fetch - rows.length;
      yield rows.map((r) => present(r, auth));
      let limit = firstLimit;
      while (left > 0 && rows.length === limit) {
        const last = rows[rows.length - 1];
        if (!last) return;
        limit = Math.min(MAX_PAGE_SIZE, left);
        ({ rows } = await repo.pageAccounts(db, auth.companyId, {
          ...filter,
          offset: 0,
          fetch: limit,
          after: { sortKey: last.sort_key, id: last.id },
        }));
        left -= rows.length;
        yield rows.map((r) => present(r, auth));
      }
    }
    return { totalResults: first.total, currentPage: p.page, chunks: chunks() };
  }

  /** One account: administrators read any of the company; everyone else only their own. */
  async get(auth: AuthContext, accountId: number): Promise<AccountDetail> {
    if (!auth.isAdmin && accountId !== auth.accountId) throw forbidden();
    const row = await repo.findAccountRow(this.db, auth.companyId, accountId);
    if (!row) throw notFound(accountMessages.notFound);
    const attributes = await repo.accountAttributes(this.db, accountId);
    return {
      ...present(row, auth),
      room: { roomId: row.room_id, roomName: row.room_name ?? '' },
      sharedTalks: parseJson(row.shared_talks, []),
      attributes: attributes.map((a) => ({
        attributeId: a.attribute_id,
        attributeIdentifier: a.identifier,
        attributeName: a.name,
        componentId: a.component_id,
        subjectIdentifier: a.subject_identifier,
        value: parseJson<unknown>(a.value, null),
      })),
      // The own profile's matrix (modules/notifications); another account's is not shown.
      notifications:
        accountId === auth.accountId
          ? await this.notificationMatrix.read({ accountId, companyId: auth.companyId, roomId: row.room_id })
          : [],
    };
  }

  async image(auth: AuthContext, accountId: number): Promise<{ type: string; bytes: Buffer }> {
    const image = await repo.findAccountImage(this.db, auth.companyId, accountId);
    if (!image) throw notFound();
    return { type: image.type, bytes: Buffer.from(image.data, 'base64') };
  }

  async create(
    auth: AuthContext,
    body: z.output<typeof createAccountBodySchema>,
  ): Promise<CreateAccountResponse> {
    const room = await repo.findRoom(this.db, auth.companyId, body.roomId);
    if (!room) throw unprocessable([{ message: messages.roomNotFound, field: 'roomId' }]);
    const refused = administrationChangeErrors(auth, undefined, {
      roomId: body.roomId,
      isAdmin: body.accountType === ACCOUNT_TYPE.person ? body.isAdmin : undefined,
    });
    if (refused.length) throw new HttpError(403, refused);
    const errors: ErrorItem[] = [];
    const image = checkImage(body.profileImage, errors);
    const sharedTalks = await checkSharedTalks(this.db, auth.companyId, body.sharedTalks, errors);
    const attributes = await checkAttributes(this.db, auth.companyId, body.attributes, errors);
    throwIfAny(errors);
    const at = Date.now();

    if (body.accountType === ACCOUNT_TYPE.person) {
      if (await repo.emailInUse(this.db, body.email)) {
        throw unprocessable([{ message: messages.emailTaken, field: 'email' }]);
      }
      if (body.password) {
        const words = [body.firstName, body.lastName, body.displayName, body.email];
        const weak = (await scorePassword(body.password, words)).problem;
        if (weak) throw unprocessable([{ message: weak, field: 'password' }]);
      }
      const password = body.password ?? generatePassword();
      const passwordHash = await this.hasher.hash(password);
      const id = await this.db.transaction().execute(async (trx) => {
        const created = await repo.insertAccount(trx, {
          companyId: auth.companyId,
          accountType: ACCOUNT_TYPE.person,
          roomId: room.id,
          firstName: body.firstName,
          lastName: body.lastName,
          displayName: body.displayName,
          appName: null,
          email: body.email,
          phoneNumber: body.phoneNumber,
          passwordHash,
          integrationHash: null,
          isAdmin: body.isAdmin,
          sharedTalks: sharedTalks ?? '[]',
          at,
        });
        await this.saveExtras(trx, auth.companyId, created, { image, attributes }, at);
        return created;
      });
      return body.password ? { resourceId: id, accountId: id } : { resourceId: id, accountId: id, password };
    }

    if (await repo.appNameInUse(this.db, auth.companyId, body.appName)) {
      throw unprocessable([{ message: messages.appNameTaken, field: 'appName' }]);
    }
    // The integration's credentials (spec 001 §3): a hash that names it and a password, answered once.
    const hash = crypto.randomBytes(24).toString('hex');
    const password = generatePassword();
    const passwordHash = await this.hasher.hash(password);
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await repo.insertAccount(trx, {
        companyId: auth.companyId,
        accountType: ACCOUNT_TYPE.integration,
        roomId: room.id,
        firstName: null,
        lastName: null,
        displayName: body.displayName,
        appName: body.appName,
        email: null,
        phoneNumber: null,
        passwordHash,
        integrationHash: hash,
        isAdmin: false,
        sharedTalks: sharedTalks ?? '[]',
        at,
      });
      await this.saveExtras(trx, auth.companyId, created, { image, attributes }, at);
      return created;
    });
    return { resourceId: id, accountId: id, hash, password };
  }

  /**
   * PUT /api/account/{id}: an administrator edits any account of the company; anyone edits their own
   * profile (names, display name, phone, image, password), never their room, type or e-mail.
   * Everything is checked before anything is written; the password changes first, so a wrong
   * current password (409) leaves the profile as it was.
   */
  async update(
    auth: AuthContext,
    accountId: number,
    body: UpdateBody,
    changePassword: PasswordChanger,
  ): Promise<AccountDetail> {
    const isSelf = accountId === auth.accountId;
    if (!auth.isAdmin && !isSelf) throw forbidden();
    const adminFields = ADMIN_ONLY_ACCOUNT_FIELDS.filter((f) => body[f] !== undefined);
    if (!auth.isAdmin && adminFields.length) throw forbidden(accountMessages.adminOnlyField);
    const wantsPassword = body.newPassword !== undefined;
    if (wantsPassword && !isSelf) throw forbidden(accountMessages.otherPassword);

    const target = await repo.findAccount(this.db, auth.companyId, accountId);
    if (!target) throw notFound(accountMessages.notFound);

    const errors: ErrorItem[] = [];
    const isPerson = target.account_type === ACCOUNT_TYPE.person;
    const personOnly = ['firstName', 'lastName', 'phoneNumber', 'email'] as const;
    for (const f of personOnly)
      if (!isPerson && body[f] !== undefined)
        errors.push({ message: accountMessages.notForPerson, field: f });
    if (isPerson && body.appName !== undefined)
      errors.push({ message: accountMessages.notForIntegration, field: 'appName' });
    errors.push(...integrationAdminErrors(target.account_type, body.isAdmin));
    const refused = administrationChangeErrors(
      auth,
      {
        roomId: target.room_id,
        isAdmin: holdsAdministration(target.account_type, target.is_admin),
        accountType: target.account_type,
      },
      { roomId: body.roomId, isAdmin: body.isAdmin },
    );
    if (refused.length) throw new HttpError(403, refused);

    // The own-profile page (no administrator field) has tighter limits on what it changes (001 §5).
    const ownProfile = isSelf && adminFields.length === 0;
    const maxDisplay = ownProfile ? OWN_PROFILE_MAX.displayName : isPerson ? PERSON_DISPLAY_NAME_MAX : 150;
    if (body.displayName !== undefined && body.displayName !== target.display_name) {
      if (body.displayName.length > maxDisplay)
        errors.push({ message: accountMessages.maxLength(maxDisplay), field: 'displayName' });
    }
    if (
      ownProfile &&
      body.phoneNumber !== undefined &&
      body.phoneNumber !== target.phone_number &&
      body.phoneNumber.length > OWN_PROFILE_MAX.phoneNumber
    )
      errors.push({ message: accountMessages.maxLength(OWN_PROFILE_MAX.phoneNumber), field: 'phoneNumber' });
    if (isSelf && body.isAdmin === false && target.is_admin === 1)
      errors.push({ message: accountMessages.keepOwnAdmin, field: 'isAdmin' });
    if (body.roomId !== undefined && !(await repo.findRoom(this.db, auth.companyId, body.roomId)))
      errors.push({ message: accountMessages.roomNotFound, field: 'roomId' });

    const image = checkImage(body.profileImage, errors);
    const sharedTalks = await checkSharedTalks(this.db, auth.companyId, body.sharedTalks, errors);
    const attributes = await checkAttributes(this.db, auth.companyId, body.attributes, errors);
    if (body.notifications !== undefined && !isSelf)
      errors.push({ message: messages.forbidden, field: 'notifications' });
    throwIfAny(errors);
    const saveNotifications =
      body.notifications !== undefined
        ? await this.notificationMatrix.prepare(auth, body.notifications)
        : undefined;

    if (body.email !== undefined && (await repo.emailInUse(this.db, body.email, accountId)))
      throw unprocessable([{ message: messages.emailTaken, field: 'email' }]);
    if (
      body.appName !== undefined &&
      (await repo.appNameInUse(this.db, auth.companyId, body.appName, accountId))
    )
      throw unprocessable([{ message: messages.appNameTaken, field: 'appName' }]);

    if (body.newPassword !== undefined) {
      // A new password needs the current one (001 §5): without it, the answer is the wrong-password one.
      await changePassword(auth, body.currentPassword ?? '', body.newPassword);
    }

    const at = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await repo.updateAccount(
        trx,
        accountId,
        {
          ...(body.roomId !== undefined ? { roomId: body.roomId } : {}),
          ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
          ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
          ...(body.displayName !== undefined ? { displayName: body.displayName } : {}),
          ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber } : {}),
          ...(body.appName !== undefined ? { appName: body.appName } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.isAdmin !== undefined ? { isAdmin: body.isAdmin } : {}),
          ...(sharedTalks !== undefined ? { sharedTalks } : {}),
        },
        at,
      );
      await this.saveExtras(trx, auth.companyId, accountId, { image, attributes }, at);
    });
    await saveNotifications?.();
    return this.get(auth, accountId);
  }

  /** Removes an account of the company (administrators; never oneself); its sessions end at once. */
  async remove(auth: AuthContext, accountId: number): Promise<void> {
    if (accountId === auth.accountId) throw unprocessable(accountMessages.notYourself);
    const target = await repo.findAccount(this.db, auth.companyId, accountId);
    if (!target) throw notFound(accountMessages.notFound);
    if (!mayRemoveAccount(auth, { roomId: target.room_id }))
      throw forbidden(administrationMessages.roomOneAccount);
    await this.db
      .transaction()
      .execute((trx) => repo.removeAccount(trx, auth.companyId, accountId, Date.now()));
  }

  private async saveExtras(
    db: Kysely<Database>,
    companyId: number,
    accountId: number,
    extras: {
      image: { name: string; type: string; data: string } | null | undefined;
      attributes: { attributeId: number; value: string | null }[] | undefined;
    },
    at: number,
  ): Promise<void> {
    if (extras.image !== undefined) await repo.saveAccountImage(db, companyId, accountId, extras.image, at);
    if (extras.attributes !== undefined)
      await repo.replaceAccountAttributes(db, companyId, accountId, extras.attributes);
  }
}
