import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { contentDisposition } from '../files/file-intake.ts';
import { talkExportSchema, type TalkExportService } from './export.service.ts';
import { IMPORT_FORM_LIMITS, readImportForm } from './import-form.ts';
import type { ImportPreview, TalkImportService } from './import.service.ts';

const subjectParams = z.object({ subject: z.string().trim().min(1).max(60) });
const importParams = z.object({ importId: idSchema });

/** dryRun: the columns as mapped, the first rows and every error found, nothing written. */
const importPreviewAnswer = z.object({
  columns: z.array(
    z.object({ header: z.string(), attribute: z.string().nullable(), attributeName: z.string().nullable() }),
  ),
  /** Attributes the account may fill, for the mapping step's selects. */
  attributes: z.array(z.object({ identifier: z.string(), name: z.string(), isRequired: z.boolean() })),
  rows: z.array(z.object({ row: z.number().int(), values: z.array(z.string()) })),
  /** `row` is the line of the file (the header is line 1). */
  errors: z.array(
    z.object({ row: z.number().int(), column: z.string(), value: z.string(), message: z.string() }),
  ),
  total: z.number().int(),
  errorRows: z.number().int(),
  /** Rows without an error: new records, changes to the records their ID names, and no change. */
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
}) satisfies z.ZodType<ImportPreview>;

/** An import's progress and result. */
const importAnswer = z.object({
  importId: z.number().int(),
  subject: z.string(),
  fileName: z.string(),
  mode: z.enum(['all', 'skip']),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errorCount: z.number().int(),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/**
 * CSV export and import of a subject's records (issue 17). Export needs read on the subject, import
 * needs create or update (checked by the services through the access policy: a row with an ID
 * changes that record, one without creates a record); an import is read only by the
 * account that made it, or an administrator. Multipart parsing is registered only in this scope.
 */
export async function registerTalkTransferRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  exporter: TalkExportService,
  importer: TalkImportService,
): Promise<void> {
  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/talk/export/:subject',
    permission: 'session',
    params: subjectParams,
    body: talkExportSchema,
    summary: 'Exporta os registros do filtro em CSV (pt-BR, ";", UTF-8 com BOM), transmitido aos poucos.',
    answers: 'csv',
    handler: async ({ params, body, auth, reply }) => {
      const file = await exporter.export(auth, params.subject, body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(file.body, { objectMode: false }));
    },
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: IMPORT_FORM_LIMITS });
    defineRoute(scope, authenticate, {
      method: 'POST',
      url: '/api/talk/import/:subject',
      permission: 'session',
      params: subjectParams,
      summary:
        'Importa um CSV (multipart: file, mapping, mode all|skip, dryRun): linhas com ID alteram esses registros (na versão da coluna "Versão do registro"), as demais incluem novos; prévia com os erros, ou 202 {importId}; 413 além de 50 MB, 200.000 linhas ou 1.000 colunas; 429 com 2 importações da conta em andamento.',
      response: z.object({ importId: z.number().int() }),
      status: 202,
      otherResponses: { 200: importPreviewAnswer },
      handler: async ({ req, params, auth, reply }) => {
        let release: (() => void) | undefined;
        let handedOver = false;
        try {
          // The access and one of the account's import slots, before any of the file is read.
          release = await importer.reserve(auth, params.subject);
          const form = await readImportForm(req);
          if (form.dryRun) return await importer.preview(auth, params.subject, form.file.table, form.mapping);
          const started = await importer.start(
            auth,
            params.subject,
            form.file,
            form.mapping,
            form.mode,
            release,
          );
          handedOver = true;
          reply.code(202);
          return started;
        } catch (err) {
          // Refused before the upload's end (a cap, the slots, the access): the rest is not read,
          // and the connection is closed after the answer instead of taking it.
          if (!req.raw.readableEnded) reply.header('connection', 'close');
          throw err;
        } finally {
          if (!handedOver) release?.();
        }
      },
    });
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/import/:importId',
    permission: 'session',
    params: importParams,
    summary: 'Progresso e resultado de uma importação (só de quem a fez, ou de um administrador).',
    response: importAnswer,
    handler: ({ params, auth }) => importer.get(auth, params.importId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/import/:importId/errors',
    permission: 'session',
    params: importParams,
    summary: 'O relatório de erros de uma importação, em CSV (linha, coluna, valor, mensagem).',
    answers: 'csv',
    handler: async ({ params, auth, reply }) => {
      const report = await importer.errorReport(auth, params.importId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(report.fileName))
        .header('cache-control', 'private, no-store')
        .send(report.body);
    },
  });
}
