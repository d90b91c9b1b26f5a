import fs from 'node:fs';
import type { Server as TlsServer } from 'node:tls';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  accountLogTypes,
  CERTIFICATE_CHECK_PATH,
  certificateCheckQuerySchema,
  certificateMessageFor,
  type CertificateCheckAnswer,
} from '@talkbase/domain/contracts/certificates';
import type { CertificateEndpointConfig } from '../../config.ts';
import { messages } from '../../i18n/messages.ts';
import type { CertificatesService } from './certificates.service.ts';
import { peerOutcome } from './peer-certificate.ts';
import { loadRevocationLists, loadTrustedCertificates } from './trust-store.ts';

/** Trust store, revocation lists and the server's own key pair are read again this often. */
const RELOAD_MS = 10 * 60 * 1000;

/**
 * The certificate check's own HTTPS server (002 §7: "on a separate certificate host"): it asks
 * every client for a certificate (mutual TLS) and verifies it against the trusted ICP-Brasil roots,
 * accepting connections whose certificate fails so that the answer can say why (002 §8).
 */
export async function startCertificateEndpoint(opts: {
  config: CertificateEndpointConfig;
  service: CertificatesService;
  log: FastifyBaseLogger;
}): Promise<FastifyInstance> {
  const { config, service } = opts;
  const secureContext = () => {
    const crl = config.crlDir ? loadRevocationLists(config.crlDir) : undefined;
    return {
      key: fs.readFileSync(config.tlsKeyFile),
      cert: fs.readFileSync(config.tlsCertFile),
      ca: loadTrustedCertificates(config.caDir),
      ...(crl ? { crl } : {}),
    };
  };
  const app = Fastify({
    loggerInstance: opts.log,
    https: {
      ...secureContext(),
      requestCert: true,
      rejectUnauthorized: false,
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    forceCloseConnections: true,
  });

  app.get(CERTIFICATE_CHECK_PATH, async (req, reply) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const send = (statusCode: number, answer: CertificateCheckAnswer, ticketOrigin: string | null) => {
      // A named holder is readable only by the web app that asked for the ticket; an answer without
      // one (a failure) by any page, so that it can show the message.
      const mayRead = origin !== undefined && (answer.user === '' || origin === ticketOrigin);
      if (mayRead) {
        void reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true');
      }
      return reply.code(statusCode).header('cache-control', 'no-store').header('vary', 'Origin').send(answer);
    };
    const query = certificateCheckQuerySchema.safeParse(req.query);
    try {
      const result = await service.check(
        query.success ? query.data.ticket : undefined,
        peerOutcome(req.raw.socket),
      );
      return await send(result.statusCode, result.answer, result.ticketOrigin);
    } catch (err) {
      req.log.error({ err }, 'certificate check failed');
      const id = accountLogTypes.checkFailed;
      return send(
        500,
        { valid: false, user: '', message: certificateMessageFor(id), accountLogTypeId: id },
        null,
      );
    }
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ errors: [{ message: messages.notFound }] }));

  // Revocation lists expire within days: new files in the folders are taken up without a restart.
  // A folder that became unreadable keeps the previous context (and says so in the log).
  service.reloadTrust = () => {
    try {
      (app.server as TlsServer).setSecureContext(secureContext());
    } catch (err) {
      opts.log.error({ err }, 'certificate trust store not reloaded');
    }
  };
  const timer = setInterval(() => service.reloadTrust?.(), RELOAD_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  service.listeningPort = typeof address === 'object' && address ? address.port : config.port;
  return app;
}
