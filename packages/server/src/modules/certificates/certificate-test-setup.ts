import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type {
  CertificateCheckAnswer,
  CertificateStatus,
  CertificateTicket,
} from '@talkbase/domain/contracts/certificates';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createCa, createCrl, writeEndpointFiles, type Issued } from '../../test/pki.ts';
import { createCrm, createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

/**
 * One server with the certificate port for a test file: a throwaway CA it trusts (with a revocation
 * list), one it does not, and a room that requires the certificate for chamado but not for cliente.
 */
export const WEB_ORIGIN = 'http://127.0.0.1:3000';
export const CPF = '12345678909';

// Live bindings: set by useCertificateApp's beforeAll, read by the tests.
export let t: TestApp;
export let admin: string;
export let ca: Issued;
export let stranger: Issued;
export let pkiDir: string;
export let revokedSerial: string;
export let room: number;
export let chamadoId: number;

export function useCertificateApp(): void {
  beforeAll(async () => {
    pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-pki-'));
    ca = await createCa('AC Raiz de Teste');
    stranger = await createCa('AC Desconhecida');
    revokedSerial = '0badc0de01';
    const files = await writeEndpointFiles(pkiDir, [ca], [await createCrl(ca, [revokedSerial])]);
    t = await createTestApp({
      CERT_PORT: '0',
      CERT_HOST: '127.0.0.1',
      CERT_TLS_KEY: files.keyFile,
      CERT_TLS_CERT: files.certFile,
      CERT_CA_DIR: files.caDir,
      CERT_CRL_DIR: files.crlDir ?? '',
    });
    admin = (await login(t.app)).token;
    await createCrm(t.app, admin);
    chamadoId = (await subjectIds(t.app, admin, 'chamado')).id;
    const clienteId = (await subjectIds(t.app, admin, 'cliente')).id;
    room = await createRoom(t.app, admin, {
      roomName: 'Atendimento com certificado',
      permissions: {
        subjects: [
          { resourceId: chamadoId, actions: ['read', 'create', 'update'] },
          { resourceId: clienteId, actions: ['read', 'create'] },
        ],
      },
      requireDigitalSignature: [chamadoId],
    });
    await createTalk(t.app, admin, 'chamado', { titulo: 'Primeiro chamado' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(pkiDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** A new ordinary user of the room that requires the certificate for chamado. */
export async function agent(): Promise<{ token: string; email: string; password: string }> {
  const person = await createPerson(t.app, admin, { roomId: room });
  const { token } = await login(t.app, person.email, person.password);
  return { token, email: person.email, password: person.password };
}

export async function ticketFor(token: string, origin = WEB_ORIGIN): Promise<CertificateTicket> {
  const res = await t.app.inject(
    as(token, { method: 'POST', url: '/api/certificate/ticket', headers: { origin } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CertificateTicket>();
}

export interface CheckReply {
  status: number;
  body: CertificateCheckAnswer;
  allowOrigin: string | undefined;
}

/** GET /certificado.aspx over mutual TLS, presenting `client` (or no certificate). */
export function check(url: string, client: Issued | undefined, origin = WEB_ORIGIN): Promise<CheckReply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'GET',
        rejectUnauthorized: false,
        // A fresh connection each time: no TLS session carries a previous certificate over.
        agent: false,
        headers: { origin },
        ...(client ? { key: client.keyPem, cert: client.certPem } : {}),
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          const allow = res.headers['access-control-allow-origin'];
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as CertificateCheckAnswer,
            allowOrigin: typeof allow === 'string' ? allow : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function runCheck(token: string, client: Issued | undefined): Promise<CheckReply> {
  const { ticket, checkUrl } = await ticketFor(token);
  return check(`${checkUrl}?ticket=${encodeURIComponent(ticket)}`, client);
}

export async function status(token: string): Promise<CertificateStatus> {
  const res = await t.app.inject(as(token, { method: 'GET', url: '/api/certificate/status' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CertificateStatus>();
}

export const grid = (token: string) =>
  t.app.inject(
    as(token, { method: 'POST', url: '/api/talk/filter/chamado/', payload: { page: 1, fetch: 10 } }),
  );
