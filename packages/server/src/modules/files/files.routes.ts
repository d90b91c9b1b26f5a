import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import {
  fileIconAnswerSchema,
  fileIconQuerySchema,
  fileUploadAnswerSchema,
  fileUploadJsonSchema,
  type FileItemInput,
} from '@talkbase/domain/contracts/files';
import { MAX_FILES_PER_SELECTION } from '@talkbase/domain/fields/file';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { zodIssuesToErrors } from '../../http/validation.ts';
import { contentDisposition, decodeBase64 } from './file-intake.ts';
import { FileMissingError } from './file-store.ts';
import { fileMessages, type FileRef, type FilesService, type IncomingFile } from './files.service.ts';
import type { FileRow } from './files.repository.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const refParams = z.object({
  subject: z.string().trim().min(1).max(60),
  talkId: idSchema,
  attributeId: idSchema,
});
const fileParams = refParams.extend({ fileId: idSchema });

/** Already-compressed formats are stored in the zip as they are: deflating them again only costs CPU. */
const STORED_AS_IS = /^(image\/(png|jpeg|gif)|application\/(pdf|vnd\.openxmlformats.*))$/;

/**
 * The file calls of spec 002 §7 (/value/file, /value/filegenerate, GetIconByFileTypeQuery) and the
 * upload and removal calls they imply. Multipart parsing is registered only in this scope.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  files: FilesService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // Our own count (FileInspector) answers 413 past the limit; busboy only stops reading one
      // byte later, so a skipped duplicate never fails and a kept file never passes the limit.
      throwFileSizeLimit: false,
      limits: {
        fileSize: files.sizeLimit + 1,
        files: MAX_FILES_PER_SELECTION + 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: MAX_FILES_PER_SELECTION + 21,
      },
    });

    defineRoute(scope, authenticate, {
      method: 'POST',
      url: '/api/value/file/:subject/:talkId/:attributeId',
      permission: 'session',
      params: refParams,
      // Only the JSON form is read whole; base64 adds a third. Multipart streams and is not bound by it.
      bodyLimit: Math.ceil((files.sizeLimit * 4) / 3) + 64 * 1024,
      summary:
        'Envia arquivos (multipart, ou JSON com base64): 201 quando algum foi guardado, 200 quando nenhum.',
      response: fileUploadAnswerSchema,
      status: 201,
      otherResponses: { 200: fileUploadAnswerSchema },
      handler: async ({ req, reply, params, auth }) => {
        const answer = req.isMultipart()
          ? await uploadMultipart(files, auth, params, req)
          : await uploadJson(files, auth, params, req.body);
        reply.code(answer.files.length ? 201 : 200);
        return answer;
      },
    });

    defineRoute(scope, authenticate, {
      method: 'GET',
      url: '/api/value/file/:subject/:talkId/:attributeId',
      permission: 'session',
      params: refParams,
      answers: 'file',
      handler: async ({ req, reply, params, auth }) => {
        const found = await files.files(auth, params);
        const [first] = found.files;
        if (found.files.length === 1 && first) return sendFile(req, reply, files, first);
        return sendZip(req, reply, files, found.files, `${found.attribute.identifier}-${params.talkId}.zip`);
      },
    });

    defineRoute(scope, authenticate, {
      method: 'GET',
      url: '/api/value/file/:subject/:talkId/:attributeId/:fileId',
      permission: 'session',
      params: fileParams,
      answers: 'file',
      handler: async ({ req, reply, params, auth }) =>
        sendFile(req, reply, files, await files.file(auth, params, params.fileId)),
    });

    defineRoute(scope, authenticate, {
      method: 'DELETE',
      url: '/api/value/file/:subject/:talkId/:attributeId/:fileId',
      permission: 'session',
      params: fileParams,
      status: 204,
      handler: ({ params, auth }) => files.remove(auth, params, params.fileId),
    });

    defineRoute(scope, authenticate, {
      method: 'GET',
      url: '/api/value/filegenerate/:subject/:talkId/:attributeId',
      permission: 'session',
      params: refParams,
      answers: 'file',
      handler: async ({ reply, params, auth }) => {
        const made = await files.generate(auth, params);
        return reply
          .type(made.type)
          .header('content-disposition', contentDisposition(made.name))
          .header('cache-control', 'private, no-store')
          .send(made.body);
      },
    });

    defineRoute(scope, authenticate, {
      method: 'POST',
      url: '/api/Presentation/GetIconByFileTypeQuery',
      permission: 'session',
      body: fileIconQuerySchema,
      response: fileIconAnswerSchema,
      handler: ({ body }) => Promise.resolve(files.icons(body.FileTypes)),
    });
  });
}

/** Files streamed straight to the store; a body that breaks off or is not multipart is a 400. */
async function uploadMultipart(
  files: FilesService,
  auth: Parameters<FilesService['upload']>[0],
  ref: FileRef,
  req: FastifyRequest,
) {
  const bodyFaults = new Set<unknown>();
  const streams: Readable[] = [];
  async function* read(): AsyncIterable<IncomingFile> {
    try {
      for await (const part of req.parts()) {
        // Plain fields carry nothing we use; each file is read to its end before the next part.
        if (part.type !== 'file') continue;
        streams.push(part.file);
        yield { name: part.filename, stream: part.file };
      }
    } catch (err) {
      bodyFaults.add(err);
      throw err;
    }
  }
  try {
    return await files.upload(auth, ref, { files: read(), removals: [] });
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    // The parser's own faults (a body cut short, not multipart at all) reach us from the parts
    // iterator or, already set, on a file stream.
    const fromBody = bodyFaults.has(err) || streams.some((stream) => stream.errored === err);
    if (!(err instanceof HttpError) && fromBody && !(typeof status === 'number' && status < 500))
      throw badRequest(fileMessages.malformedMultipart);
    throw err;
  }
}

/**
 * The JSON form: the file editor's list (002 §3 File item). New items carry base64 `data`; items
 * with a `url` marked `deleted` are removed; a new item without data was flagged by the editor
 * and is not uploaded (002 §4).
 */
async function uploadJson(
  files: FilesService,
  auth: Parameters<FilesService['upload']>[0],
  ref: FileRef,
  rawBody: unknown,
) {
  const parsed = fileUploadJsonSchema.safeParse(rawBody ?? {});
  if (!parsed.success) throw badRequest(zodIssuesToErrors(parsed.error.issues, ''));
  const items = parsed.data.files;
  const adds = items.filter((i) => !i.url && typeof i.data === 'string' && i.data !== '' && !i.deleted);
  const skipped = items.filter((i) => !i.url && !i.data && !i.deleted).map((i) => i.name);
  const removals = items
    .filter((i) => i.url && i.deleted)
    .map((i) => Number(/\/(\d+)\/?$/.exec(i.url ?? '')?.[1] ?? NaN))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const answer = await files.upload(
    auth,
    ref,
    { files: decoded(adds), removals },
    { adding: adds.length > 0 },
  );
  return { ...answer, ignored: [...answer.ignored, ...skipped] };
}

// eslint-disable-next-line @typescript-eslint/require-await -- decoding one item at a time, as it is read
async function* decoded(items: FileItemInput[]): AsyncIterable<IncomingFile> {
  for (const item of items) {
    yield { name: item.name, stream: Readable.from([decodeBase64(item.name, item.data ?? '')]) };
  }
}

async function sendFile(req: FastifyRequest, reply: FastifyReply, files: FilesService, file: FileRow) {
  const stream = await files.open(file).catch((err: unknown) => {
    if (err instanceof FileMissingError) {
      req.log.error({ err, fileId: file.id }, 'file row without stored bytes');
      throw notFound(fileMessages.fileNotFound);
    }
    throw err;
  });
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** Several files as one zip, streamed: each file is opened only when the zip reaches it. */
function sendZip(
  req: FastifyRequest,
  reply: FastifyReply,
  files: FilesService,
  rows: FileRow[],
  name: string,
) {
  const zip = new ZipFile();
  const used = new Set<string>();
  for (const row of rows) {
    zip.addReadStreamLazy(
      uniqueName(row.name, used),
      {
        mtime: new Date(row.created_at),
        size: row.size,
        compress: !STORED_AS_IS.test(row.type),
      },
      (done) => {
        files.open(row).then(
          (stream) => {
            done(null, stream);
          },
          (err: unknown) => {
            done(err, Readable.from([]));
          },
        );
      },
    );
  }
  const output = new PassThrough();
  // Headers are gone by then: a file missing half-way can only cut the download short.
  zip.on('error', (err: unknown) => {
    req.log.error({ err }, 'zip of files failed');
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  pipeline(zip.outputStream, output).catch(() => undefined);
  zip.end();
  return reply
    .type('application/zip')
    .header('content-disposition', contentDisposition(name))
    .header('cache-control', 'private, no-store')
    .send(output);
}

/** Two live files never share a name, but a zip must not even if a race let them. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  for (let n = 2; used.has(candidate.toLowerCase()); n++)
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  used.add(candidate.toLowerCase());
  return candidate;
}
