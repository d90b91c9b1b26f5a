import type { FastifyRequest, FastifyServerOptions } from 'fastify';
/** Where log lines go: anything with a `write(line)`. */
export interface LogStream {
  write(msg: string): void;
}

/**
 * Query parameters that carry a credential: the WebSocket's `access_token` (browsers cannot set
 * headers on a socket), and any token, ticket, passcode or password a client puts in a URL.
 */
const SECRET_PARAMS = /^(access_token|token|refresh_token|ticket|passcode|password|senha|code)$/i;

export const REDACTED = '[redacted]';

/** The URL with the value of every credential-bearing query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent, but its value still goes.
      }
      return SECRET_PARAMS.test(name.trim()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * The server's logger: requests are logged with credentials removed from their URL, and no
 * header, body or error field that can carry a token, cookie or password is ever written.
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refreshToken',
        '*.passcode',
      ],
      censor: REDACTED,
    },
  };
}
