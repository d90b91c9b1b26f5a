import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  schemaDocumentSchema,
  schemaImportSummarySchema,
  schemaTransferPaths,
} from '@talkbase/domain/contracts/schema-transfer';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SchemaTransferService } from './schema-transfer.service.ts';

/** A whole schema travels in one body, larger than the default limit allows. */
const DOCUMENT_LIMIT = 16 * 1024 * 1024;

/**
 * Export and import of a company's schema (administrators). The paths sit under /api/subject;
 * their static segments win over `/api/subject/:subject` and its sub-routes in Fastify's router.
 */
export function registerSchemaTransferRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  transfer: SchemaTransferService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: schemaTransferPaths.export,
    permission: 'admin',
    // The document's shape as an import reads it, without the import's rules across the document
    // (a subject without attributes exports a default template without columns, which they refuse).
    response: z.object(schemaDocumentSchema.shape),
    handler: ({ auth }) => transfer.export(auth.companyId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: schemaTransferPaths.import,
    permission: 'admin',
    body: schemaDocumentSchema,
    bodyLimit: DOCUMENT_LIMIT,
    response: schemaImportSummarySchema,
    handler: ({ body, auth }) => transfer.import(auth.companyId, body),
  });
}
