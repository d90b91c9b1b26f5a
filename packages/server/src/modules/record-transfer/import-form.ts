import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http/errors.ts';
import { readCsvStream, type CsvTable } from './import-csv.ts';
import { MAX_IMPORT_BYTES, tooLarge } from './import-limits.ts';
import { importMessages } from './import-messages.ts';
import type { ImportMode } from './import.service.ts';

/**
 * busboy's limits for the import form: one file. Its size limit is only a backstop, set past the
 * cap: the reader (import-csv.ts) refuses first and lets the part go, which ends the reading of the
 * request; at busboy's own limit it would end the part and read the request on to its end.
 */
export const IMPORT_FORM_LIMITS = {
  fileSize: MAX_IMPORT_BYTES + 1024 * 1024,
  files: 1,
  fields: 10,
  fieldSize: 256 * 1024,
  parts: 12,
};
/** Room for the form's fields and part headers besides the file in a declared content-length. */
const FORM_ROOM = IMPORT_FORM_LIMITS.fields * IMPORT_FORM_LIMITS.fieldSize + 64 * 1024;

export interface ImportForm {
  file: { name: string; table: CsvTable };
  mapping: Record<string, string | null> | undefined;
  mode: ImportMode;
  dryRun: boolean;
}

const mappingSchema = z.record(z.string(), z.string().max(60).nullable());

/**
 * The multipart form: the file (read by import-csv.ts as it arrives, refused at the first cap
 * passed), the mapping as JSON, the mode and dryRun. A request that declares more than the cap
 * allows is refused before any of it is read.
 */
export async function readImportForm(req: FastifyRequest): Promise<ImportForm> {
  if (!req.isMultipart()) throw badRequest(importMessages.noFile);
  if (Number(req.headers['content-length']) > MAX_IMPORT_BYTES + FORM_ROOM) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: ImportForm['file'] | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // One file part at most (busboy's limit): under another name, it is the same mistake.
        if (part.fieldname !== 'file') throw badRequest(importMessages.noFile);
        file = { name: part.filename || 'importacao.csv', table: await readCsvStream(part.file) };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (status === 413) throw tooLarge();
    throw badRequest(importMessages.notCsv(undefined));
  }
  if (!file) throw badRequest(importMessages.noFile);
  let mapping: ImportForm['mapping'];
  if (fields.mapping !== undefined && fields.mapping.trim() !== '') {
    let raw: unknown;
    try {
      raw = JSON.parse(fields.mapping);
    } catch {
      throw badRequest(importMessages.badMapping);
    }
    const parsed = mappingSchema.safeParse(raw);
    if (!parsed.success) throw badRequest(importMessages.badMapping);
    mapping = parsed.data;
  }
  const mode = fields.mode ?? 'skip';
  if (mode !== 'all' && mode !== 'skip') throw badRequest(importMessages.badMode);
  const dryRun = /^(true|1|sim)$/i.test(fields.dryRun ?? '');
  return { file, mapping, mode, dryRun };
}
