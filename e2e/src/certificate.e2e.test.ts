import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { certificateMessages, type CertificateStatus } from '@talkbase/domain/contracts/certificates';
import { createCa, issuePerson, writeEndpointFiles } from '../../packages/server/src/test/pki.ts';
import { signInByApi, suiteApi } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './browser.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// A throwaway ICP-Brasil-like chain: the server trusts only this root.
const pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-e2e-pki-'));
const root = await createCa('AC Raiz de Teste E2E');
const files = await writeEndpointFiles(pkiDir, [root]);
const holder = await issuePerson(root, { name: 'MARIA DA SILVA', cpf: '12345678909' });

const suite = useSuite({
  CERT_PORT: '0',
  CERT_HOST: '127.0.0.1',
  CERT_TLS_KEY: files.keyFile,
  CERT_TLS_CERT: files.certFile,
  CERT_CA_DIR: files.caDir,
});
afterAll(() => fs.rmSync(pkiDir, { recursive: true, force: true }));

/** Axe's serious violations, named in the failure when there are any. */
async function noSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

const USER = { email: 'contratos@talkbase.test', password: 'Contratos-senha-forte-2024' };

const { ok: api } = suiteApi(suite);

/** The administrator's set-up: contracts, a room that may read them only with the certificate, a user in it. */
async function setUp(): Promise<void> {
  const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const subject = await api<{ subjectId: number }>(admin, 'POST', '/api/subject', {
    identifier: 'contrato',
    name: 'Contrato',
    icon: 'contract',
    attributes: [{ identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true }],
  });
  for (const titulo of ['Contrato de manutenção', 'Contrato de suporte']) {
    await api(admin, 'POST', '/api/talk/contrato', {
      subject: 'contrato',
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: titulo }],
    });
  }
  const room = await api<{ roomId: number }>(admin, 'POST', '/api/room', {
    roomName: 'Contratos',
    permissions: { subjects: [{ resourceId: subject.subjectId, actions: ['read'] }] },
    requireDigitalSignature: [subject.subjectId],
  });
  await api(admin, 'POST', '/api/account/', {
    accountType: 1,
    firstName: 'Carlos',
    lastName: 'Contratos',
    displayName: 'Carlos',
    email: USER.email,
    phoneNumber: '(11) 99999-0000',
    roomId: room.roomId,
    isAdmin: false,
    password: USER.password,
  });
}

async function signedInWith(
  clientCertificates: { origin: string; cert: Buffer; key: Buffer }[],
): Promise<{ context: BrowserContext; page: Page; shell: ShellPage }> {
  const context = await suite.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    colorScheme: 'light',
    // The endpoint's server certificate is self-signed here.
    ignoreHTTPSErrors: true,
    clientCertificates,
  });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open(suite.server.url, '/context/grid/contrato');
  await signIn.signIn(USER.email, USER.password);
  const shell = new ShellPage(page);
  await shell.waitUntilReady();
  return { context, page, shell };
}

describe('the digital-certificate gate (issue 12 item 5)', () => {
  it('keeps a subject closed without a certificate and opens it after a check with one', async () => {
    await setUp();
    const token = await signInByApi(suite.server, USER.email, USER.password);
    const before = await api<CertificateStatus>(token, 'GET', '/api/certificate/status');
    expect(before.valid).toBe(false);
    expect(before.requireDigitalSignature.map((s) => s.subjectIdentifier)).toEqual(['contrato']);
    const origin = new URL(before.checkUrl ?? '').origin;
    // The server refuses the grid's calls too, whatever the screen shows.
    const refused = await fetch(`${suite.server.url}/api/talk/filter/contrato/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1 }),
    });
    expect(refused.status).toBe(403);

    // A browser without any client certificate: the gate, then the spec's message.
    const bare = await signedInWith([]);
    const gate = bare.page.getByRole('heading', { name: 'Certificado digital', level: 1 });
    await gate.waitFor();
    expect(await bare.page.getByRole('grid').count()).toBe(0);
    await noSeriousViolations(bare.page);
    await screenshot(bare.page, 'certificate-gate-day');
    await bare.page.getByRole('button', { name: 'Verificar certificado digital' }).click();
    await bare.page.getByRole('alert').filter({ hasText: certificateMessages.notGiven }).waitFor();
    await noSeriousViolations(bare.page);
    await screenshot(bare.page, 'certificate-refused-day');
    await bare.shell.nightMode.click();
    await expect.poll(() => bare.shell.colorScheme()).toBe('dark');
    await noSeriousViolations(bare.page);
    await screenshot(bare.page, 'certificate-refused-night');
    // The choice is the account's: saved on the server (800 ms after the click) before this
    // browser goes, it opens the next browser of the same user at night.
    await expect
      .poll(async () => (await api<{ darkMode: boolean }>(token, 'GET', '/api/account/preferences')).darkMode)
      .toBe(true);
    await bare.context.close();
    expect((await api<CertificateStatus>(token, 'GET', '/api/certificate/status')).valid).toBe(false);

    // A browser that presents the ICP-Brasil certificate: the check passes and the grid opens.
    const holding = await signedInWith([
      { origin, cert: Buffer.from(holder.certPem), key: Buffer.from(holder.keyPem) },
    ]);
    await holding.page.getByRole('heading', { name: 'Certificado digital', level: 1 }).waitFor();
    await holding.page.getByRole('button', { name: 'Verificar certificado digital' }).click();
    const grid = holding.page.getByRole('grid');
    await grid.waitFor();
    await grid.getByText('Contrato de suporte').waitFor();
    await holding.page.getByText(/Certificado digital de MARIA DA SILVA \(CPF 123\.456\.789-09\)/).waitFor();
    await expect.poll(() => holding.shell.colorScheme()).toBe('dark');
    await noSeriousViolations(holding.page);
    await screenshot(holding.page, 'certificate-opened-night');
    await holding.shell.nightMode.click();
    await expect.poll(() => holding.shell.colorScheme()).toBe('light');
    await noSeriousViolations(holding.page);
    await screenshot(holding.page, 'certificate-opened-day');

    const after = await api<CertificateStatus>(token, 'GET', '/api/certificate/status');
    expect(after.valid).toBe(true);
    expect(after.user).toBe('MARIA DA SILVA:12345678909');
    await holding.context.close();
  });
});
