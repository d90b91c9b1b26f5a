import { describe, expect, it } from 'vitest';
import { accountLogTypes, certificateMessageFor, certificateMessages } from './certificates.ts';

describe('certificate messages by accountLogTypeId (002 §8)', () => {
  it('gives 3 and 4 the request failure, 5 to 7 their own, and any other id the generic text', () => {
    expect(certificateMessageFor(3)).toBe(certificateMessages.requestFailed);
    expect(certificateMessageFor(4)).toBe(certificateMessages.requestFailed);
    expect(certificateMessageFor(5)).toBe('Ops! O certificado digital não foi informado.');
    expect(certificateMessageFor(6)).toBe(certificateMessages.invalid);
    expect(certificateMessageFor(7)).toBe(certificateMessages.notIcpBrasil);
    expect(certificateMessageFor(accountLogTypes.revoked)).toBe(
      'Ops! O seu certificado de cliente foi revogado ou o status da revogação não pôde ser determinado.',
    );
    for (const other of [0, 2, accountLogTypes.disabled, 42]) {
      expect(certificateMessageFor(other)).toBe(
        'Ops! O certificado digital disponível para utilização não é válido ou está inabilitado para utilização.',
      );
    }
    expect(certificateMessages.notGiven).toBe('Ops! O certificado digital não foi informado.');
  });
});
