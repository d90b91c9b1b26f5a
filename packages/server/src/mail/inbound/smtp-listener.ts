import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { InboundRefusal, inboundTexts, type InboundHandler } from './inbound-contract.ts';

const refusal = (code: number, message: string) => new InboundRefusal(code, message);

/**
 * Talkbase's own SMTP listener (issue 37 item 1a): plain SMTP on a loopback port, behind the
 * organisation's MTA (Postfix relays the channels' domains to it; docs/deploy.md). It takes mail
 * only for active channels' addresses, refuses mail over the size limit with 552 and a clear
 * text, and answers 451 whenever the mail could not be stored (the database is down): the sending
 * server keeps it and tries again, so nothing is lost.
 */
export async function startSmtpListener(opts: {
  port: number;
  host: string;
  maxBytes: number;
  handler: InboundHandler;
  onError: (err: unknown) => void;
}): Promise<{ port: number; close(): Promise<void> }> {
  const { handler, maxBytes } = opts;
  const temporary = (err: unknown) => {
    if (err instanceof InboundRefusal) return err;
    opts.onError(err);
    return refusal(451, inboundTexts.unavailable);
  };
  const server = new SMTPServer({
    name: 'talkbase',
    banner: 'Talkbase',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onMailFrom(address, _session, callback) {
      if (address.address && !handler.acceptsSender(address.address)) {
        callback(refusal(450, inboundTexts.rateLimited));
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      handler.acceptsRecipient(address.address.toLowerCase()).then(
        (ok) => {
          callback(ok ? null : refusal(550, inboundTexts.unknownRecipient));
        },
        (err: unknown) => {
          callback(temporary(err));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is read and dropped (smtp-server flags `sizeExceeded`).
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (err) => {
        callback(temporary(err));
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) {
          callback(refusal(552, inboundTexts.tooLarge((maxBytes / (1024 * 1024)).toFixed(1))));
          return;
        }
        const from = session.envelope.mailFrom;
        handler
          .deliver({
            raw: Buffer.concat(chunks),
            envelopeFrom: from && from.address ? from.address.toLowerCase() : null,
            recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            remoteAddress: session.remoteAddress,
            helo: session.hostNameAppearsAs || session.clientHostname,
          })
          .then(
            () => {
              callback();
            },
            (err: unknown) => {
              callback(temporary(err));
            },
          );
      });
    },
  });
  server.on('error', (err) => {
    opts.onError(err);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const net = server.listen(opts.port, opts.host, () => {
      const address = net.address();
      resolve(typeof address === 'object' && address ? address.port : opts.port);
    });
    net.once('error', reject);
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
