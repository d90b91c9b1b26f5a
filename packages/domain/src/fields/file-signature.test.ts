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
  'a.xml': bytes('<?xml version="1.0"?><nfeProc versao="4.00"/>'),
  'a.jpg': bytes([0xff, 0xd8, 0xff, 0xe0]),
  'a.jpeg': bytes([0xff, 0xd8, 0xff, 0xe1]),
  'a.png': bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]),
  'a.gif': bytes('GIF89a'),
  'a.bmp': bytes('BM', [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]),
};

const utf16le = (text: string) => Array.from(text).flatMap((c) => [c.charCodeAt(0), 0]);
const utf16be = (text: string) => Array.from(text).flatMap((c) => [0, c.charCodeAt(0)]);

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
    expect(detectFileSignature(bytes([0xff, 0xfe], utf16le('<nota/>')))).toBe('xml');
    expect(detectFileSignature(bytes([0xfe, 0xff], utf16be('<nota/>')))).toBe('xml');
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

  it('accepts an XML document with a prolog, comments and a document type before its root', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- Nota fiscal eletrônica -->',
      '<?xml-stylesheet type="text/xsl" href="nfe.xsl"?>',
      '<!DOCTYPE nfe [ <!ENTITY empresa "Talkbase"> ]>',
      '<nfe:nfeProc xmlns:nfe="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
    ].join('\n');
    expect(contentMatchesExtension('nota.xml', bytes(xml))).toBe(true);
  });

  it('refuses HTML and SVG content, which a browser would run, under the .xml extension', () => {
    const active = [
      '<html><body><script>alert(1)</script></body></html>',
      '<!DOCTYPE html><p>oi</p>',
      '<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<SVG onload="alert(1)">',
      '<x:html xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></x:html>',
      '<root xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></root>',
      '<a:b xmlns:a="http://www.w3.org/2000/svg"/>',
    ];
    for (const text of active) {
      expect(contentMatchesExtension('nota.xml', bytes(text)), text).toBe(false);
      expect(contentMatchesExtension('nota.xml', bytes([0xef, 0xbb, 0xbf], text)), text).toBe(false);
      expect(contentMatchesExtension('nota.xml', bytes([0xff, 0xfe], utf16le(text))), text).toBe(false);
    }
  });

  it('refuses markup whose root element does not appear in the opening bytes, or is no element', () => {
    expect(detectFileSignature(bytes('<?xml version="1.0"?>'))).toBeUndefined();
    expect(detectFileSignature(bytes('<!-- sem fim'))).toBeUndefined();
    expect(detectFileSignature(bytes('< nada'))).toBeUndefined();
  });
});
