import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell } from './csv-safety.ts';

const triggers = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];
const cellText = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom("'", "''", ''), fc.constantFrom(...triggers), fc.string()).map((p) => p.join('')),
);

describe('CSV cells a spreadsheet never runs', () => {
  it('prefixes formulas and control starts with a quote, and leaves data alone', () => {
    expect(neutralizeCell('=1+1')).toBe("'=1+1");
    expect(neutralizeCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(neutralizeCell('-2+3')).toBe("'-2+3");
    expect(neutralizeCell('@cmd')).toBe("'@cmd");
    expect(neutralizeCell('\tx')).toBe("'\tx");
    expect(neutralizeCell('\rx')).toBe("'\rx");
    expect(neutralizeCell('＝1+1')).toBe("'＝1+1");
    expect(neutralizeCell("'=x")).toBe("''=x");
    expect(neutralizeCell('a-b')).toBe('a-b');
    expect(neutralizeCell("'texto")).toBe("'texto");
    expect(neutralizeCell('')).toBe('');
    // A negative number is data, and stays a number for the spreadsheet.
    expect(neutralizeCell('-12,5')).toBe('-12,5');
    expect(neutralizeCell('-1.234,56')).toBe('-1.234,56');
    expect(neutralizeCell('-1e5')).toBe("'-1e5");
  });

  it('reading gives back what was written, whatever the text', () => {
    fc.assert(
      fc.property(cellText, (text) => {
        expect(restoreCell(neutralizeCell(text))).toBe(text);
      }),
    );
  });

  it('a written cell begins with a trigger only when it is a negative number', () => {
    fc.assert(
      fc.property(cellText, (text) => {
        const written = neutralizeCell(text);
        if (triggers.some((t) => written.startsWith(t))) expect(written).toMatch(/^-\d[\d.,]*$/);
      }),
    );
  });
});
