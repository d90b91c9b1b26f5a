import { insertAccount } from '../modules/accounts/accounts.repository.ts';
import { PasswordHasher } from '../modules/accounts/password-hasher.ts';
import { insertCompany, insertRoom } from '../modules/bootstrap/bootstrap.repository.ts';
import { login, type TestApp } from './harness.ts';

/**
 * A second company (id 2) with its own administrator, straight through the repositories (the API
 * only ever works inside the caller's company); answers that administrator's token.
 */
export async function otherCompanyToken(t: TestApp): Promise<string> {
  const at = Date.now();
  await insertCompany(t.db.kysely, 2, 'Outra empresa', at);
  await insertRoom(
    t.db.kysely,
    { id: 5000, companyId: 2, name: 'Administrador', color: '#000000', kind: 'admin' },
    at,
  );
  await insertAccount(t.db.kysely, {
    companyId: 2,
    accountType: 1,
    roomId: 5000,
    firstName: 'Outra',
    lastName: 'Pessoa',
    displayName: 'Outra',
    appName: null,
    email: 'outra@empresa.test',
    phoneNumber: null,
    passwordHash: await new PasswordHasher().hash('Outra-Senha-Forte-1'),
    integrationHash: null,
    isAdmin: true,
    at,
  });
  return (await login(t.app, 'outra@empresa.test', 'Outra-Senha-Forte-1')).token;
}
