import { fileExtension } from './file.ts';

/**
 * Content signatures ("magic numbers") of the allowed file types, read from the first bytes, so
 * the server can refuse a file whose content does not match its extension (an executable renamed
 * to .pdf). Only the opening bytes are looked at: 16 are enough for every type here.
 *
 * - pdf: '%PDF-'
 * - doc, xls: the OLE2 compound document header D0 CF 11 E0 A1 B1 1A E1
 * - docx, xlsx: a ZIP local file header 'PK' 03 04 (Office Open XML is a ZIP package)
 * - xml: '<' after an optional byte-order mark and white space (UTF-8, UTF-16 LE or BE)
 * - jpg, jpeg: FF D8 FF · png: 89 'PNG' 0D 0A 1A 0A · gif: 'GIF87a' or 'GIF89a' · bmp: 'BM'
 */
export type FileSignature = 'pdf' | 'ole2' | 'zip' | 'xml' | 'jpeg' | 'png' | 'gif' | 'bmp';

export const SIGNATURE_BYTES = 16;

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

function isXml(bytes: Uint8Array): boolean {
  // UTF-16: '<' as 3C 00 (LE) or 00 3C (BE) after the BOM.
  if (startsWith(bytes, [0xff, 0xfe, 0x3c, 0x00]) || startsWith(bytes, [0xfe, 0xff, 0x00, 0x3c])) return true;
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i] ?? 0)) i++;
  return bytes[i] === 0x3c;
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
