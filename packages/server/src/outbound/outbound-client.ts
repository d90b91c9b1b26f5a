import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import {
  allowedByHostPort,
  allowedByRange,
  isForbiddenName,
  isMetadataAddress,
  judgeAddress,
  normaliseHost,
  parseAddress,
  type AllowEntry,
} from './address-policy.ts';

/**
 * The one guarded HTTP client of the server (automation HTTP requests, webhooks, anything that
 * fetches a URL; GUIDE "Safety rules"). Per hop:
 * 1. only http/https; names such as `localhost` or `metadata.google.internal` are refused;
 * 2. the host is resolved ONCE and every address it resolves to is judged (address-policy.ts);
 *    one forbidden address refuses the call (round-robin tricks);
 * 3. the socket is opened to the address that was judged — never to the name again — so a DNS
 *    answer that changes between the check and the connect (rebinding) changes nothing;
 * 4. redirects are followed here, by hand, each target going through 1–3 again.
 * One deadline covers every hop, connect, headers and body; the body stops at a size cap.
 */

export interface ConnectOptions {
  /** The checked address (canonical spelling). */
  address: string;
  family: 4 | 6;
  port: number;
  tls: boolean;
  /** The host name, for TLS SNI and certificate checks (absent for address literals). */
  servername: string | undefined;
}

export type Resolver = (host: string, signal: AbortSignal) => Promise<string[]>;
export type Connector = (opts: ConnectOptions) => net.Socket;

export interface OutboundClientOptions {
  allow: AllowEntry[];
  /** Whole-call deadline (every hop, connect and body), ms. Default 30 s. */
  timeoutMs?: number;
  /** Largest response body read, bytes. Default 1 MiB. */
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Host name → addresses. Default: the system resolver (getaddrinfo), every address. */
  resolve?: Resolver;
  /** Opens the socket to the checked address. Default: net.connect / tls.connect. */
  connect?: Connector;
}

export interface OutboundRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  /** Overrides the client's deadline for this call. */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The address answered after redirects. */
  url: string;
}

export class OutboundError extends Error {}
/** The target (or a redirect's) is not allowed: never worth retrying. */
export class OutboundBlockedError extends OutboundError {}
export class OutboundTimeoutError extends OutboundError {}
export class OutboundResponseTooLargeError extends OutboundError {}
/** DNS failure, refused or reset connection, TLS failure: may heal. */
export class OutboundNetworkError extends OutboundError {}

export interface OutboundClient {
  request(req: OutboundRequest): Promise<OutboundResponse>;
}

/** The certificate errors of Node's TLS (OpenSSL's verify codes, and the name check). */
const CERTIFICATE_CODES =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_CERT_ALTNAME_INVALID)/;

/**
 * A network failure in the words of the person reading an automation's run history: Portuguese,
 * with the system's code kept for whoever looks further (the socket's and TLS's own messages are
 * English).
 */
export function networkFailureText(err: unknown): string {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  const tag = typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? code : '';
  const withCode = (text: string) => (tag ? `${text} (${tag})` : text);
  if (tag === 'ECONNREFUSED') return withCode('O destino recusou a conexão');
  if (tag === 'ECONNRESET' || tag === 'EPIPE') return withCode('O destino encerrou a conexão');
  if (tag === 'ETIMEDOUT') return withCode('Tempo esgotado na conexão');
  if (tag === 'EHOSTUNREACH' || tag === 'ENETUNREACH') return withCode('O destino não pode ser alcançado');
  if (CERTIFICATE_CODES.test(tag)) return withCode('O certificado do destino não foi aceito');
  if (tag.startsWith('HPE_')) return withCode('O destino respondeu fora do protocolo HTTP');
  if (tag.startsWith('ERR_SSL_')) return withCode('Falha na conexão segura');
  return withCode('Falha de rede');
}

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 30_000;
export const DEFAULT_OUTBOUND_MAX_BYTES = 1024 * 1024;

const systemResolve: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, order: 'verbatim' });
  return found.map((a) => a.address);
};

const systemConnect: Connector = (o) =>
  o.tls
    ? tls.connect({
        host: o.address,
        port: o.port,
        ...(o.servername ? { servername: o.servername } : {}),
        ALPNProtocols: ['http/1.1'],
      })
    : net.connect({ host: o.address, port: o.port });

const SENSITIVE_ON_CROSS_ORIGIN = new Set(['authorization', 'cookie', 'proxy-authorization']);

export function createOutboundClient(opts: OutboundClientOptions): OutboundClient {
  const resolve = opts.resolve ?? systemResolve;
  const connect = opts.connect ?? systemConnect;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_OUTBOUND_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? 5;

  /** Judges a hop's target and returns the single address to connect to. */
  async function target(url: URL, signal: AbortSignal): Promise<{ address: string; family: 4 | 6 }> {
    const host = normaliseHost(url.hostname);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const byName = allowedByHostPort(opts.allow, host, port);
    const literal = parseAddress(host);
    if (!literal && isForbiddenName(host) && !byName)
      throw new OutboundBlockedError(`Endereço não permitido: ${host}`);
    let addresses: string[];
    if (literal) addresses = [host];
    else {
      try {
        addresses = await raceAbort(resolve(host, signal), signal);
      } catch (e) {
        if (signal.aborted) throw e;
        throw new OutboundNetworkError(`Não foi possível resolver ${host}`, { cause: e });
      }
    }
    if (addresses.length === 0) throw new OutboundNetworkError(`Não foi possível resolver ${host}`);
    let chosen: { address: string; family: 4 | 6 } | null = null;
    for (const a of addresses) {
      const parsed = parseAddress(a);
      if (!parsed) throw new OutboundBlockedError(`Endereço não permitido: ${host}`);
      if (isMetadataAddress(parsed)) throw new OutboundBlockedError(`Endereço não permitido: ${host}`);
      const verdict = judgeAddress(a);
      let ok: { address: string; family: 4 | 6 } | null = verdict.allowed ? verdict : null;
      if (!ok && (byName || allowedByRange(opts.allow, a)))
        ok = { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 };
      if (!ok) throw new OutboundBlockedError(`Endereço não permitido: ${host}`);
      chosen ??= ok;
    }
    if (!chosen) throw new OutboundBlockedError(`Endereço não permitido: ${host}`);
    return chosen;
  }

  async function hop(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    signal: AbortSignal,
  ): Promise<{ res: http.IncomingMessage; done: () => void }> {
    const { address, family } = await target(url, signal);
    const isTls = url.protocol === 'https:';
    const port = Number(url.port || (isTls ? 443 : 80));
    const host = normaliseHost(url.hostname);
    let socket: net.Socket;
    try {
      socket = connect({
        address,
        family,
        port,
        tls: isTls,
        servername: parseAddress(host) ? undefined : host,
      });
    } catch (e) {
      throw new OutboundNetworkError('Falha ao conectar', { cause: e });
    }
    const mod = isTls ? https : http;
    return new Promise((resolvePromise, reject) => {
      const req = mod.request({
        createConnection: () => socket,
        hostname: url.hostname,
        port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        signal,
        agent: undefined,
      });
      req.on('response', (res) => resolvePromise({ res, done: () => socket.destroy() }));
      req.on('error', (e) => {
        socket.destroy();
        reject(e instanceof Error ? e : new Error(String(e)));
      });
      if (body !== undefined) req.end(body);
      else req.end();
    });
  }

  return {
    async request(input) {
      const timeout = AbortSignal.timeout(input.timeoutMs ?? opts.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        throw new OutboundBlockedError('Endereço inválido');
      }
      let method = input.method.toUpperCase();
      let body = input.body;
      let headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
      try {
        for (let redirects = 0; ; redirects++) {
          if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new OutboundBlockedError(`Protocolo não permitido: ${url.protocol}`);
          if (url.username || url.password)
            throw new OutboundBlockedError('Endereço com credenciais não permitido');
          const { res, done } = await hop(url, method, headers, body, signal);
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (status >= 300 && status < 400 && status !== 304 && location) {
            res.resume();
            done();
            if (redirects >= maxRedirects) throw new OutboundBlockedError('Redirecionamentos demais');
            let next: URL;
            try {
              next = new URL(location, url);
            } catch {
              throw new OutboundBlockedError('Redirecionamento inválido');
            }
            if (next.origin !== url.origin)
              headers = Object.fromEntries(
                Object.entries(headers).filter(([k]) => !SENSITIVE_ON_CROSS_ORIGIN.has(k)),
              );
            if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
              method = method === 'HEAD' ? 'HEAD' : 'GET';
              body = undefined;
              delete headers['content-type'];
              delete headers['content-length'];
            }
            url = next;
            continue;
          }
          try {
            const data = await readCapped(res, maxBytes);
            return { status, headers: res.headers, body: data, url: url.toString() };
          } finally {
            done();
          }
        }
      } catch (e) {
        if (e instanceof OutboundError) throw e;
        if (timeout.aborted) throw new OutboundTimeoutError('Tempo esgotado', { cause: e });
        if (input.signal?.aborted) throw e;
        throw new OutboundNetworkError(networkFailureText(e), { cause: e });
      }
    },
  };
}

async function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new OutboundResponseTooLargeError(`Resposta maior que ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new OutboundResponseTooLargeError(`Resposta maior que ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
