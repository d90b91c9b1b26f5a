import { ACCOUNT_TYPE, ADMIN_ROOM_ID, CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { insertAccount } from '../accounts/accounts.repository.ts';
import { generatePassword } from '../accounts/accounts.service.ts';
import type { PasswordHasher } from '../accounts/password-hasher.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import * as repo from './bootstrap.repository.ts';

export const FIRST_COMPANY_ID = 1;

/**
 * First start on an empty database: company 1, the administrators' room (1), the customers'
 * room (1196) and the administrator account. Runs in one transaction; when several instances
 * start at once, the one that loses the race finds the company there and does nothing.
 */
export async function bootstrap(
  db: Db,
  config: Config,
  hasher: PasswordHasher,
  subjects: SubjectsService,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (await repo.hasAnyCompany(db.kysely)) return false;
  const generated = config.adminPassword ? undefined : generatePassword();
  const passwordHash = await hasher.hash(config.adminPassword ?? generated ?? '');
  const at = Date.now();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await repo.insertCompany(trx, FIRST_COMPANY_ID, 'Talkbase', at);
      await repo.insertRoom(
        trx,
        {
          id: ADMIN_ROOM_ID,
          companyId: FIRST_COMPANY_ID,
          name: 'Administrador',
          color: '#1a4f8b',
          kind: 'admin',
        },
        at,
      );
      await repo.insertRoom(
        trx,
        {
          id: CUSTOMER_ROOM_ID,
          companyId: FIRST_COMPANY_ID,
          name: 'Clientes',
          color: '#2b7a3d',
          kind: 'customer',
        },
        at,
      );
      await insertAccount(trx, {
        companyId: FIRST_COMPANY_ID,
        accountType: ACCOUNT_TYPE.person,
        roomId: ADMIN_ROOM_ID,
        firstName: 'Administrador',
        lastName: 'Talkbase',
        displayName: 'Administrador',
        appName: null,
        email: config.adminEmail,
        phoneNumber: null,
        passwordHash,
        integrationHash: null,
        isAdmin: true,
        at,
      });
      await repo.syncSequences(trx, db.dialect, ['companies', 'rooms', 'accounts']);
    });
  } catch (err) {
    if (await repo.hasAnyCompany(db.kysely)) return false; // another instance bootstrapped first
    throw err;
  }
  await ensureBuiltInSubjects(subjects, FIRST_COMPANY_ID);
  if (generated) {
    // Printed once, on the first start only: the operator copies it from the start log.
    log.warn(
      `Conta de administrador criada: ${config.adminEmail} — senha gerada: ${generated} (defina ADMIN_PASSWORD para escolher a sua)`,
    );
  } else {
    log.info(`Conta de administrador criada: ${config.adminEmail}`);
  }
  return true;
}

/** Every company has the subject of saved filters, `filtro` (attributes `nome` and `filtro`). */
export async function ensureBuiltInSubjects(subjects: SubjectsService, companyId: number): Promise<void> {
  await subjects.create(
    companyId,
    {
      identifier: FILTER_SUBJECT,
      name: 'Filtro',
      icon: 'filter_alt',
      attributes: [
        {
          identifier: 'nome',
          name: 'Nome',
          componentId: 1,
          isRequired: true,
          isEditable: true,
          isNaturalKey: false,
          isMultipleValues: false,
          isOrderable: true,
          isInternal: false,
          length: 100,
          componentConfigs: {},
        },
        {
          identifier: 'filtro',
          name: 'Filtro',
          componentId: 12,
          isRequired: true,
          isEditable: true,
          isNaturalKey: false,
          isMultipleValues: false,
          isOrderable: false,
          isInternal: false,
          componentConfigs: {},
        },
        {
          // Ours: which subject the filter was made for, so a subject's filter list is one query.
          identifier: 'assunto',
          name: 'Assunto',
          componentId: 1,
          isRequired: false,
          isEditable: true,
          isNaturalKey: false,
          isMultipleValues: false,
          isOrderable: true,
          isInternal: true,
          length: 60,
          componentConfigs: {},
        },
      ],
    },
    { isBuiltIn: true },
  );
}
