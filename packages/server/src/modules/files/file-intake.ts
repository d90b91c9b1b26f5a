import crypto from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { contentMatchesExtension, SIGNATURE_BYTES } from '@talkbase/domain/fields/file-signature';
import { fileExtension, invalidFileMessage } from '@talkbase/domain/fields/file';
import { badRequest, HttpError, unprocessable } from '../../http/errors.ts';
import { XmlActiveContentScanner } from './xml-active-content.ts';

/** What is checked of each file as its bytes arrive, before any of it is kept. */

export const MAX_FILE_NAME = 255;

export const intakeMessages = {
  tooLarge: (name: string, limit: number) =>
    `O arquivo ${name} excede o tamanho máximo de ${formatSize(limit)}.`,
  nameMissing: 'Informe o nome do arquivo.',
  nameTooLong: `O nome do arquivo deve ter no máximo ${MAX_FILE_NAME} caracteres.`,
  badData: (name: string) => `O conteúdo do arquivo ${name} não está em base64 válido.`,
};

/** '25 MB', '1,5 MB', '64 KB': the limit as people read it (pt-BR decimal comma). */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1)).toLocaleString('pt-BR')} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * The name as stored: its last path segment (browsers on Windows once sent `C:\…\nota.pdf`), in
 * NFC (macOS sends decomposed accents, which would defeat the duplicate-name rule), without control
 * characters.
 */
export function cleanFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1).normalize('NFC');
  const kept = Array.from(base)
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
  if (!kept) throw badRequest(intakeMessages.nameMissing);
  if (kept.length > MAX_FILE_NAME) throw unprocessable(intakeMessages.nameTooLong);
  return kept;
}

export const invalidFile = (field: string) => unprocessable([{ message: invalidFileMessage(), field }]);

/**
 * Passes the bytes through while counting them against the size limit (413 as soon as it is
 * passed, whatever the client declared), hashing them, and checking the opening bytes against the
 * signature the extension promises (422 with the spec's invalid-file text).
 */
export class FileInspector extends Transform {
  size = 0;
  private readonly hash = crypto.createHash('sha256');
  private head = Buffer.alloc(0);
  private checked = false;
  private readonly name: string;
  private readonly limit: number;
  private readonly field: string;
  private readonly xml: XmlActiveContentScanner | undefined;

  constructor(name: string, limit: number, field: string) {
    super();
    this.name = name;
    this.limit = limit;
    this.field = field;
    // The opening bytes decide the type; an XML file is read whole for active content below its root.
    this.xml = fileExtension(name) === '.xml' ? new XmlActiveContentScanner() : undefined;
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      done(new HttpError(413, intakeMessages.tooLarge(this.name, this.limit)));
      return;
    }
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES)]).subarray(0, SIGNATURE_BYTES);
      if (this.head.length >= SIGNATURE_BYTES) {
        const problem = this.check();
        if (problem) {
          done(problem);
          return;
        }
      }
    }
    if (this.xml?.write(chunk)) {
      done(invalidFile(this.field));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // A file shorter than the signature window is judged on what there is.
    const problem = this.checked ? undefined : this.check();
    if (problem) done(problem);
    else done(this.xml?.end() ? invalidFile(this.field) : null);
  }

  private check(): HttpError | undefined {
    this.checked = true;
    return contentMatchesExtension(this.name, this.head) ? undefined : invalidFile(this.field);
  }
}

/** Base64 `data` of a File item, with or without a `data:…;base64,` prefix (FileReader's). */
export function decodeBase64(name: string, data: string): Buffer {
  const body = data.startsWith('data:') ? data.slice(data.indexOf(',') + 1) : data;
  const compact = body.replace(/\s+/g, '');
  // Buffer.from skips characters it does not know; a corrupted upload must fail, not shrink.
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw badRequest(intakeMessages.badData(name));
  }
  return Buffer.from(compact, 'base64');
}

/** `attachment` with the name in both forms: a plain ASCII fallback and RFC 5987 UTF-8. */
export function contentDisposition(name: string): string {
  const fallback = Array.from(name)
    .map((c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 || code > 0x7e || c === '"' || c === '\\' ? '_' : c;
    })
    .join('');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Reads a file the call leaves out (a repeated name) to its end, so the next part can arrive. */
export async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise<void>((resolve, reject) => {
    if (stream.readableEnded) {
      resolve();
      return;
    }
    stream.once('end', resolve);
    stream.once('error', reject);
  });
}
