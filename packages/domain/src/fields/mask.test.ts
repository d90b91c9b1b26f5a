import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, onlyDigits } from './mask.ts';

describe('applyMask', () => {
  it('inserts literals only before a filled slot', () => {
    expect(applyMask('123', '000.000')).toBe('123');
    expect(applyMask('1234', '000.000')).toBe('123.4');
    expect(applyMask('123a', '000.000')).toBe('123');
  });

  it('drops characters that do not fit and stops at the end of the pattern', () => {
    expect(applyMask('1a2b3c4d5e6f', '000-000')).toBe('123-456');
    expect(applyMask('(11) 2345-6789', '(00) 0000-0000')).toBe('(11) 2345-6789');
  });

  it('caps the tens digit with the M slot', () => {
    expect(applyMask('1267', 'M0')).toBe('12');
    expect(applyMask('79', 'M0')).toBe('');
    expect(applyMask('5967', '0M0')).toBe('5');
    expect(applyMask('59437', '0M0')).toBe('543');
  });

  it('is idempotent for every pattern', () => {
    const pattern = fc.stringMatching(/^[0SXM.\-/() :]{0,20}$/);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), pattern, (input, p) => {
        const once = applyMask(input.toUpperCase(), p);
        expect(applyMask(once, p)).toBe(once);
      }),
    );
  });

  it('onlyDigits keeps 0-9', () => {
    expect(onlyDigits('(11) 9 8765-4321 ٣')).toBe('11987654321');
  });
});
