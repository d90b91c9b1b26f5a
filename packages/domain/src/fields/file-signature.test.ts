import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, detectFileSignature, expectedSignature } from './file-signature.ts';
import { ALLOWED_FILE_EXTENSIONS } from './file.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

const samples: Record<string, Uint8Array> = {
  'a.pdf': bytes('%PDF-1.7\n'),
  'a.doc': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  'a.xls': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  'a.docx': bytes('PK', [3, 4, 20, 0]),
  'a.xlsx': bytes('PK', [3, 4, 20, 0]),
  'a.xml': bytes('<?xml version="1.0"?>'),
  'a.jpg': bytes([0xff, 0xd8, 0xff, 0xe0]),
  'a.jpeg': bytes([0xff, 0xd8, 0xff, 0xe1]),
  'a.png': bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]),
  'a.gif': bytes('GIF89a'),
  'a.bmp': bytes('BM', [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]),
};

describe('file signatures', () => {
  it('recognises every allowed type', () => {
    for (const extension of ALLOWED_FILE_EXTENSIONS) {
      const name = `a${extension}`;
      const sample = samples[name];
      expect(sample, name).toBeDefined();
      if (sample) expect(contentMatchesExtension(name, sample), name).toBe(true);
    }
  });

  it('accepts XML with a byte-order mark, leading space or UTF-16', () => {
    expect(detectFileSignature(bytes([0xef, 0xbb, 0xbf], '<nfeProc>'))).toBe('xml');
    expect(detectFileSignature(bytes('\r\n  <root/>'))).toBe('xml');
    expect(detectFileSignature(bytes([0xff, 0xfe, 0x3c, 0x00]))).toBe('xml');
    expect(detectFileSignature(bytes([0xfe, 0xff, 0x00, 0x3c]))).toBe('xml');
    expect(detectFileSignature(bytes('GIF87a'))).toBe('gif');
  });

  it('refuses content that does not match the extension', () => {
    expect(contentMatchesExtension('nota.pdf', bytes('MZ', [0x90, 0]))).toBe(false);
    expect(contentMatchesExtension('foto.png', samples['a.jpg'] ?? bytes())).toBe(false);
    expect(contentMatchesExtension('planilha.xlsx', samples['a.xls'] ?? bytes())).toBe(false);
    expect(contentMatchesExtension('script.exe', bytes('MZ'))).toBe(false);
    expect(contentMatchesExtension('vazio.pdf', bytes())).toBe(false);
    expect(contentMatchesExtension('curto.bmp', bytes('BM'))).toBe(false);
    expect(expectedSignature('x.toString')).toBeUndefined();
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), fc.string(), (data, name) => {
        const found = detectFileSignature(data);
        expect(contentMatchesExtension(name, data)).toBe(
          found !== undefined && found === expectedSignature(name),
        );
      }),
    );
  });
});
