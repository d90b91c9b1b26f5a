import { fileExtension } from './file.ts';

/**
 * Content signatures ("magic numbers") of the allowed file types, read from the first bytes, so
 * the server can refuse a file whose content does not match its extension (an executable renamed
 * to .pdf). Only the opening bytes are looked at: 16 are enough for the binary types; XML needs its
 * prolog and root element, so 4 KB are read.
 *
 * - pdf: '%PDF-'
 * - doc, xls: the OLE2 compound document header D0 CF 11 E0 A1 B1 1A E1
 * - docx, xlsx: a ZIP local file header 'PK' 03 04 (Office Open XML is a ZIP package)
 * - xml: '<' after an optional byte-order mark and white space (UTF-8, UTF-16 LE or BE), then a
 *   root element within the opening bytes that is not HTML or SVG: a browser runs the script of an
 *   HTML or SVG page, so such content is not accepted as .xml (security probe, issue 19)
 * - jpg, jpeg: FF D8 FF · png: 89 'PNG' 0D 0A 1A 0A · gif: 'GIF87a' or 'GIF89a' · bmp: 'BM'
 */
export type FileSignature = 'pdf' | 'ole2' | 'zip' | 'xml' | 'jpeg' | 'png' | 'gif' | 'bmp';

export const SIGNATURE_BYTES = 4096;

const EXPECTED: Readonly<Record<string, FileSignature>> = {
  '.pdf': 'pdf',
  '.doc': 'ole2',
  '.xls': 'ole2',
  '.docx': 'zip',
  '.xlsx': 'zip',
  '.xml': 'xml',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.bmp': 'bmp',
};

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/** The opening bytes as text, enough to read markup: UTF-16 by its BOM, otherwise byte by byte. */
function markupText(bytes: Uint8Array): string {
  const utf16 = (littleEndian: boolean) => {
    let text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) {
      const [a, b] = [bytes[i] ?? 0, bytes[i + 1] ?? 0];
      text += String.fromCharCode(littleEndian ? a | (b << 8) : (a << 8) | b);
    }
    return text;
  };
  if (startsWith(bytes, [0xff, 0xfe])) return utf16(true);
  if (startsWith(bytes, [0xfe, 0xff])) return utf16(false);
  // Markup delimiters and the names that matter here are ASCII, whatever the UTF-8 around them.
  return String.fromCharCode(...bytes.subarray(startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0));
}

/** Documents a browser renders as active content (and runs their scripts). */
const ACTIVE_DOCUMENT = /^(html|svg|xhtml)$/i;
const ACTIVE_NAMESPACE = /http:\/\/www\.w3\.org\/(1999\/xhtml|2000\/svg)/i;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * An XML document: its prolog (declaration, comments, processing instructions, a document type)
 * and then a root element, all within the opening bytes; HTML and SVG documents are not XML here.
 */
function isXml(bytes: Uint8Array): boolean {
  const text = markupText(bytes);
  let i = 0;
  for (;;) {
    while (i < text.length && ' \t\r\n'.includes(text[i] ?? '')) i++;
    if (text[i] !== '<') return false;
    const rest = text.slice(i);
    const skip = (close: string) => {
      const end = text.indexOf(close, i);
      i = end < 0 ? -1 : end + close.length;
    };
    if (rest.startsWith('<?')) skip('?>');
    else if (rest.startsWith('<!--')) skip('-->');
    else if (/^<!DOCTYPE/i.test(rest)) {
      const name = /^<!DOCTYPE\s+([^\s>[]+)/i.exec(rest)?.[1] ?? '';
      if (ACTIVE_DOCUMENT.test(localName(name))) return false;
      const bracket = rest.indexOf('[');
      skip(bracket >= 0 && bracket < rest.indexOf('>') ? ']>' : '>');
    } else {
      const root = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(rest);
      if (!root?.[1]) return false;
      const tagEnd = rest.indexOf('>');
      const tag = tagEnd < 0 ? rest : rest.slice(0, tagEnd);
      return !ACTIVE_DOCUMENT.test(localName(root[1])) && !ACTIVE_NAMESPACE.test(tag);
    }
    if (i < 0) return false;
  }
}

/** The type the content announces, or undefined when it is none of the allowed ones. */
export function detectFileSignature(bytes: Uint8Array): FileSignature | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 14) return 'bmp';
  if (isXml(bytes)) return 'xml';
  return undefined;
}

/** The signature a file name's extension calls for, or undefined for an extension not allowed. */
export function expectedSignature(fileName: string): FileSignature | undefined {
  const extension = fileExtension(fileName);
  return Object.hasOwn(EXPECTED, extension) ? EXPECTED[extension] : undefined;
}

/** Whether the first bytes of a file match what its (allowed) extension promises. */
export function contentMatchesExtension(fileName: string, bytes: Uint8Array): boolean {
  const expected = expectedSignature(fileName);
  return expected !== undefined && detectFileSignature(bytes) === expected;
}
