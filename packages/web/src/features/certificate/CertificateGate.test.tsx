import {
  accountLogTypes,
  certificateMessages,
  type CertificateStatus,
} from '@talkbase/domain/contracts/certificates';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { certificateText } from '../../i18n/certificate.ts';
import { CertificateGate } from './CertificateGate.tsx';

const CHECK_URL = 'https://localhost:8443/certificado.aspx';

function statusOf(over: Partial<CertificateStatus> = {}): CertificateStatus {
  return {
    valid: false,
    user: null,
    checkedAt: null,
    expiresAt: null,
    requireDigitalSignature: [{ subjectId: 4, subjectIdentifier: 'chamado' }],
    checkUrl: CHECK_URL,
    ...over,
  };
}

function renderGate(subject: string) {
  return render(
    <TestProviders>
      <CertificateGate subject={subject}>
        <p>conteúdo do assunto</p>
      </CertificateGate>
    </TestProviders>,
  );
}

describe('CertificateGate', () => {
  it('shows a subject that does not require the certificate at once', async () => {
    stubFetch(on('GET', '/api/certificate/status', 200, statusOf()));
    renderGate('cliente');
    expect(await screen.findByText('conteúdo do assunto')).toBeTruthy();
  });

  it('asks for the check, shows the message of a failed one, and opens after a valid one', async () => {
    let status = statusOf();
    let answer: unknown = {
      valid: false,
      user: '',
      message: 'texto do servidor',
      accountLogTypeId: accountLogTypes.noCertificate,
    };
    const calls = stubFetch(
      (call) => (call.path === '/api/certificate/status' ? { status: 200, body: status } : undefined),
      on('POST', '/api/certificate/ticket', 201, { ticket: 'abc', checkUrl: CHECK_URL, expiresIn: 120 }),
      (call) => (call.path === '/certificado.aspx' ? { status: 200, body: answer } : undefined),
    );
    renderGate('Chamado');
    expect(await screen.findByText(certificateText.required)).toBeTruthy();
    expect(screen.queryByText('conteúdo do assunto')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: certificateText.check }));
    // The spec's message for the outcome, whatever text the endpoint sent.
    expect(await screen.findByText(certificateMessages.notGiven)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /certificado.aspx');

    answer = { valid: true, user: 'MARIA DA SILVA:12345678909', message: '', accountLogTypeId: 1 };
    status = statusOf({
      valid: true,
      user: 'MARIA DA SILVA:12345678909',
      checkedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await userEvent.click(screen.getByRole('button', { name: certificateText.checkAgain }));
    expect(await screen.findByText('conteúdo do assunto')).toBeTruthy();
    expect(screen.getByText(/MARIA DA SILVA \(CPF 123\.456\.789-09\)/)).toBeTruthy();
  });

  it('answers a request failure when the endpoint cannot be reached', async () => {
    stubFetch(
      on('GET', '/api/certificate/status', 200, statusOf()),
      on('POST', '/api/certificate/ticket', 201, { ticket: 'abc', checkUrl: CHECK_URL, expiresIn: 120 }),
      (call) => (call.path === '/certificado.aspx' ? { status: 502, body: 'not json' } : undefined),
    );
    renderGate('chamado');
    await userEvent.click(await screen.findByRole('button', { name: certificateText.check }));
    expect(await screen.findByText(certificateMessages.requestFailed)).toBeTruthy();
  });

  it('closes again when the check in force ends', async () => {
    let status = statusOf({
      valid: true,
      user: 'MARIA DA SILVA:12345678909',
      checkedAt: new Date(Date.now() - 86_399_000).toISOString(),
      expiresAt: new Date(Date.now() + 1_000).toISOString(),
    });
    stubFetch((call) => {
      if (call.path !== '/api/certificate/status') return undefined;
      const answer = { status: 200, body: status };
      status = statusOf();
      return answer;
    });
    renderGate('chamado');
    expect(await screen.findByText('conteúdo do assunto')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: certificateText.check }, { timeout: 4_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('conteúdo do assunto')).toBeNull();
  });
});
