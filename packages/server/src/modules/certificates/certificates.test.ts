import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accountLogTypes,
  certificateMessages,
  type CertificateStatus,
  type CertificateTicket,
} from '@talkbase/domain/contracts/certificates';
import { loadConfig, ConfigError } from '../../config.ts';
import { as, createTestApp, errorsOf, login } from '../../test/harness.ts';
import { createCrl, issuePerson } from '../../test/pki.ts';
import {
  CPF,
  WEB_ORIGIN,
  agent,
  ca,
  chamadoId,
  check,
  grid,
  pkiDir,
  revokedSerial,
  runCheck,
  status,
  stranger,
  t,
  ticketFor,
  useCertificateApp,
} from './certificate-test-setup.ts';
import { loadRevocationLists, loadTrustedCertificates } from './trust-store.ts';

useCertificateApp();

describe('the certificate check (GET /certificado.aspx)', () => {
  it('accepts an ICP-Brasil certificate, names its holder and keeps the check for the account', async () => {
    const user = await agent();
    const before = await status(user.token);
    expect(before).toMatchObject({
      valid: false,
      user: null,
      requireDigitalSignature: [{ subjectId: chamadoId, subjectIdentifier: 'chamado' }],
    });
    expect(before.checkUrl).toMatch(/^https:\/\/localhost:\d+\/certificado\.aspx$/);

    const client = await issuePerson(ca, { name: 'MARIA DA SILVA', cpf: CPF });
    const reply = await runCheck(user.token, client);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      valid: true,
      user: `MARIA DA SILVA:${CPF}`,
      message: certificateMessages.valid,
      accountLogTypeId: accountLogTypes.valid,
    });
    // The web app that asked for the ticket may read the answer from its origin.
    expect(reply.allowOrigin).toBe(WEB_ORIGIN);

    const after = await status(user.token);
    expect(after.valid).toBe(true);
    expect(after.user).toBe(`MARIA DA SILVA:${CPF}`);
    const lasts = Date.parse(after.expiresAt ?? '') - Date.parse(after.checkedAt ?? '');
    expect(lasts).toBe(24 * 60 * 60 * 1000);
  });

  it.each([
    {
      what: 'an expired certificate',
      make: () =>
        issuePerson(ca, {
          name: 'JOAO VENCIDO',
          cpf: CPF,
          notBefore: new Date(Date.now() - 400 * 86_400_000),
          notAfter: new Date(Date.now() - 86_400_000),
        }),
      id: accountLogTypes.invalid,
      message: certificateMessages.invalid,
    },
    {
      what: 'a certificate from a CA outside ICP-Brasil',
      make: () => issuePerson(stranger, { name: 'ANA DE FORA', cpf: CPF }),
      id: accountLogTypes.notIcpBrasil,
      message: certificateMessages.notIcpBrasil,
    },
    {
      what: 'a certificate without the CPF',
      make: () => issuePerson(ca, { name: 'SEM CPF' }),
      id: accountLogTypes.notIcpBrasil,
      message: certificateMessages.notIcpBrasil,
    },
    {
      what: 'a revoked certificate',
      make: () => issuePerson(ca, { name: 'REVOGADO', cpf: CPF, serialNumber: revokedSerial }),
      id: accountLogTypes.revoked,
      message: certificateMessages.revoked,
    },
    {
      what: 'a certificate not enabled for client authentication',
      make: () => issuePerson(ca, { name: 'SO EMAIL', cpf: CPF, usages: ['1.3.6.1.5.5.7.3.4'] }),
      id: accountLogTypes.disabled,
      message: certificateMessages.other,
    },
    {
      what: 'no certificate at all',
      make: () => Promise.resolve(undefined),
      id: accountLogTypes.noCertificate,
      message: certificateMessages.notGiven,
    },
  ])('refuses $what with its message', async ({ make, id, message }) => {
    const user = await agent();
    const reply = await runCheck(user.token, await make());
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ valid: false, user: '', message, accountLogTypeId: id });
    expect((await status(user.token)).valid).toBe(false);
    expect((await grid(user.token)).statusCode).toBe(403);
  });

  it('answers a request failure for a missing, used or foreign-session ticket', async () => {
    const user = await agent();
    const client = await issuePerson(ca, { name: 'MARIA DA SILVA', cpf: CPF });
    const { ticket, checkUrl } = await ticketFor(user.token);

    const none = await check(checkUrl, client);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      valid: false,
      user: '',
      message: certificateMessages.requestFailed,
      accountLogTypeId: accountLogTypes.requestFailed,
    });

    expect((await check(`${checkUrl}?ticket=${ticket}`, client)).body.valid).toBe(true);
    const again = await check(`${checkUrl}?ticket=${ticket}`, client);
    expect(again.body.accountLogTypeId).toBe(accountLogTypes.requestFailed);

    // A ticket of a session that signed out names nobody any more.
    const other = await agent();
    const late = await ticketFor(other.token);
    const out = await t.app.inject(as(other.token, { method: 'POST', url: '/api/account/logout' }));
    expect(out.statusCode).toBeLessThan(300);
    const reply = await check(`${late.checkUrl}?ticket=${late.ticket}`, client);
    expect(reply.body.accountLogTypeId).toBe(accountLogTypes.requestFailed);
  });

  it('takes up a new revocation list without a restart', async () => {
    const client = await issuePerson(ca, { name: 'LOGO REVOGADO', cpf: CPF, serialNumber: '0badc0de02' });
    expect((await runCheck((await agent()).token, client)).body.valid).toBe(true);
    fs.writeFileSync(
      path.join(pkiDir, 'crl', 'lista-0.crl'),
      await createCrl(ca, [revokedSerial, '0badc0de02']),
    );
    t.app.services.certificates.reloadTrust?.();
    const reply = await runCheck((await agent()).token, client);
    expect(reply.body.accountLogTypeId).toBe(accountLogTypes.revoked);
  });

  it('lets no other web origin read a named holder', async () => {
    const user = await agent();
    const client = await issuePerson(ca, { name: 'MARIA DA SILVA', cpf: CPF });
    const { ticket, checkUrl } = await ticketFor(user.token);
    const reply = await check(`${checkUrl}?ticket=${ticket}`, client, 'https://outro.example');
    expect(reply.body.valid).toBe(true);
    expect(reply.allowOrigin).toBeUndefined();
  });
});

describe('the certificate port in the server log', () => {
  it('logs the check without its ticket, and the ticket answer without it either', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {
        LOG_LEVEL: 'trace',
        CERT_PORT: '0',
        CERT_HOST: '127.0.0.1',
        CERT_TLS_KEY: path.join(pkiDir, 'server.key'),
        CERT_TLS_CERT: path.join(pkiDir, 'server.crt'),
        CERT_CA_DIR: path.join(pkiDir, 'ca'),
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const { token } = await login(logged.app);
      const res = await logged.app.inject(as(token, { method: 'POST', url: '/api/certificate/ticket' }));
      const { ticket, checkUrl } = res.json<CertificateTicket>();
      const reply = await check(
        `${checkUrl}?ticket=${ticket}`,
        await issuePerson(ca, { name: 'ANA', cpf: CPF }),
      );
      expect(reply.body.valid).toBe(true);
      const log = lines.join('');
      expect(log).toContain('/certificado.aspx?ticket=[redacted]');
      expect(log).not.toContain(ticket);
    } finally {
      await logged.close();
    }
  });
});

describe('a server without the certificate port', () => {
  it('says so: no check URL, and no ticket (503)', async () => {
    const plain = await createTestApp();
    try {
      const { token } = await login(plain.app);
      const res = await plain.app.inject(as(token, { method: 'GET', url: '/api/certificate/status' }));
      expect(res.json<CertificateStatus>()).toMatchObject({ valid: false, checkUrl: null });
      const ticket = await plain.app.inject(as(token, { method: 'POST', url: '/api/certificate/ticket' }));
      expect(ticket.statusCode).toBe(503);
      expect(errorsOf(ticket)[0]?.message).toMatch(/não está configurada neste servidor/);
      const anonymous = await plain.app.inject({ method: 'GET', url: '/api/certificate/status' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('configuration', () => {
  it('needs the TLS key and certificate when CERT_PORT is set', () => {
    expect(() => loadConfig({ CERT_PORT: '8443' })).toThrow(ConfigError);
    try {
      loadConfig({ CERT_PORT: '8443', CERT_TLS_KEY: path.join(pkiDir, 'server.key') });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'CERT_TLS_CERT: obrigatório quando CERT_PORT está definido',
      ]);
    }
    expect(() => loadConfig({ CERT_CA_DIR: '/nao/existe' })).toThrow(/CERT_CA_DIR: pasta não encontrada/);
    expect(loadConfig({}).certificates).toBeUndefined();
  });

  it('refuses to start on an empty trust store or revocation folder, or a file that is no certificate', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-empty-'));
    fs.writeFileSync(path.join(empty, 'README.md'), 'instale as raízes aqui');
    expect(() => loadTrustedCertificates(empty)).toThrow(/nenhum certificado raiz/);
    expect(() => loadRevocationLists(empty)).toThrow(/nenhuma lista de revogação/);
    fs.writeFileSync(path.join(empty, 'raiz.crt'), 'não é um certificado');
    expect(() => loadTrustedCertificates(empty)).toThrow(/raiz\.crt não é um certificado X\.509/);
    // DER, as the ITI publishes the roots, is read as well as PEM.
    fs.writeFileSync(path.join(empty, 'raiz.crt'), Buffer.from(ca.cert.rawData));
    expect(loadTrustedCertificates(empty)).toHaveLength(1);
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
