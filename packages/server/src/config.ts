import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './outbound/address-policy.ts';
import type { OutboundConfig } from './outbound/index.ts';
import { parseSecretKey } from './mail/inbound/secret-box.ts';

/**
 * Server configuration, read once from the environment and validated at start.
 * A bad value stops the process with the variable's name and the reason (see main.ts).
 */
const intFrom = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} deve ser um número inteiro`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} deve estar entre ${min} e ${max}`);

const existingPath = (kind: 'file' | 'dir') =>
  z
    .string()
    .trim()
    .min(1)
    .refine(
      (p) => {
        try {
          const stat = fs.statSync(p);
          return kind === 'file' ? stat.isFile() : stat.isDirectory();
        } catch {
          return false;
        }
      },
      kind === 'file' ? 'arquivo não encontrado' : 'pasta não encontrada',
    );

const envSchema = z.object({
  PORT: intFrom('PORT', 0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
    .optional(),
  // PostgreSQL: the longest one statement of the server may run before the database cancels it
  // (statement_timeout), ms; 0 = no limit. Migrations and index builds are exempt (db/database.ts).
  DATABASE_STATEMENT_TIMEOUT_MS: intFrom('DATABASE_STATEMENT_TIMEOUT_MS', 0, 3_600_000).default(30_000),
  ADMIN_EMAIL: z.email('deve ser um endereço de e-mail válido').default('admin@talkbase.local'),
  ADMIN_PASSWORD: z.string().min(10, 'deve ter pelo menos 10 caracteres').optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Talkbase <no-reply@talkbase.local>'),
  SEED: z.enum(['demo', 'none'], { message: 'use demo ou none' }).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: intFrom('BODY_LIMIT', 1024, 1024 * 1024 * 1024).default(1024 * 1024),
  // false; true (every peer: only when nothing but the proxy can reach the server); or the
  // proxy's addresses/CIDRs, comma-separated: X-Forwarded-For is believed only from those peers.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): boolean | string[] => {
      if (['true', '1', 'yes'].includes(v)) return true;
      if (['false', '0', 'no', ''].includes(v)) return false;
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.every((x) => net.isIP(x.split('/')[0] ?? '') !== 0)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'use true, false ou os endereços do proxy (ex.: 127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }),
  WEB_DIST: z.string().trim().min(1).optional(),
  LOGIN_LIMIT_PER_ADDRESS: intFrom('LOGIN_LIMIT_PER_ADDRESS', 1, 100000).default(100),
  LOGIN_LIMIT_PER_ACCOUNT: intFrom('LOGIN_LIMIT_PER_ACCOUNT', 1, 100000).default(10),
  LOGIN_LIMIT_WINDOW_SECONDS: intFrom('LOGIN_LIMIT_WINDOW_SECONDS', 1, 86400).default(900),
  ACCESS_TOKEN_SECONDS: intFrom('ACCESS_TOKEN_SECONDS', 5, 86400).default(900),
  SESSION_CHECK_MS: intFrom('SESSION_CHECK_MS', 100, 60000).default(2000),
  // The automation worker's poll (modules/automations); 0 = no background worker (tests drain it).
  AUTOMATIONS_POLL_MS: intFrom('AUTOMATIONS_POLL_MS', 0, 60000).default(500),
  // How often the service levels' checker runs (modules/sla); 0 = never by itself (tests drain it).
  SLA_CHECK_MS: intFrom('SLA_CHECK_MS', 0, 3_600_000).default(30000),
  FILE_SIZE_LIMIT: intFrom('FILE_SIZE_LIMIT', 1024, 10 * 1024 * 1024 * 1024).default(25 * 1024 * 1024),
  // Uploaded bytes without their row (a crash between the store and the commit) are removed at
  // start and hourly once older than this: other instances' uploads in flight are younger.
  FILE_SWEEP_GRACE_SECONDS: intFrom('FILE_SWEEP_GRACE_SECONDS', 0, 7 * 86400).default(600),
  // The digital-certificate endpoint (modules/certificates): off unless CERT_PORT is set.
  CERT_PORT: intFrom('CERT_PORT', 0, 65535).optional(),
  CERT_HOST: z.string().trim().min(1).optional(),
  CERT_TLS_KEY: existingPath('file').optional(),
  CERT_TLS_CERT: existingPath('file').optional(),
  CERT_CA_DIR: existingPath('dir').optional(),
  CERT_CRL_DIR: existingPath('dir').optional(),
  // The address people open the web app at: links in e-mails (password reset) point there.
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'deve ser um endereço http:// ou https://' }).optional(),
  CERT_PUBLIC_URL: z.url({ protocol: /^https$/, message: 'deve ser um endereço https://' }).optional(),
  // The guarded outbound client (outbound/): internal targets allowed, deadline, response cap.
  OUTBOUND_ALLOW: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    })
    .optional(),
  // Inbound e-mail (modules/email-channels): Talkbase's own SMTP listener, off unless the port is set.
  SMTP_INBOUND_PORT: intFrom('SMTP_INBOUND_PORT', 0, 65535).optional(),
  SMTP_INBOUND_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SMTP_INBOUND_MAX_BYTES: intFrom('SMTP_INBOUND_MAX_BYTES', 1024, 100 * 1024 * 1024).default(
    25 * 1024 * 1024,
  ),
  SMTP_INBOUND_RATE_PER_HOUR: intFrom('SMTP_INBOUND_RATE_PER_HOUR', 1, 100000).default(30),
  // Seals IMAP passwords of e-mail channels (AES-256-GCM): 32 bytes as 64 hex digits or base64.
  EMAIL_SECRET_KEY: z
    .string()
    .trim()
    .refine((v) => parseSecretKey(v) !== undefined, 'deve ter 32 bytes (64 dígitos hexadecimais ou base64)')
    .optional(),
  OUTBOUND_TIMEOUT_MS: intFrom('OUTBOUND_TIMEOUT_MS', 100, 600_000).default(30_000),
  OUTBOUND_MAX_RESPONSE_BYTES: intFrom('OUTBOUND_MAX_RESPONSE_BYTES', 1024, 100 * 1024 * 1024).default(
    1024 * 1024,
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's statement_timeout for the server's connections, ms; 0 = none. */
  databaseStatementTimeoutMs: number;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seed: 'demo' | 'none';
  logLevel: string;
  bodyLimit: number;
  /** Peers whose X-Forwarded-For is believed: none, every one, or these addresses/CIDRs. */
  trustProxy: boolean | string[];
  webDist: string;
  loginLimitPerAddress: number;
  loginLimitPerAccount: number;
  loginLimitWindowSeconds: number;
  accessTokenSeconds: number;
  /** How often open WebSockets are checked against their session (revocation closes them). */
  sessionCheckMs: number;
  /** PUBLIC_URL: where links in e-mails point; unset, http://localhost:{PORT}. */
  publicUrl: string;
  /** PUBLIC_URL as set, else undefined: links to records (e-mails, notifications) are made only with it. */
  publicUrlSet: string | undefined;
  /** The automation worker's poll in ms; 0 = none (tests call `automations.drain()`). */
  automationsPollMs: number;
  /** The SLA checker's period in ms; 0 = none (tests call `sla.clocks.drain()`). */
  slaCheckMs: number;
  /** Largest uploaded file in bytes (components 22 and 34); larger ones get 413. */
  fileSizeLimit: number;
  /** Age in seconds before unreferenced uploaded bytes are swept (at start and hourly). */
  fileSweepGraceSeconds: number;
  /** The TLS endpoint of the certificate check; undefined when CERT_PORT is not set. */
  certificates: CertificateEndpointConfig | undefined;
  /** The guarded outbound HTTP client (automation HTTP requests and anything that fetches a URL). */
  outbound: OutboundConfig;
  /** Inbound e-mail: the SMTP listener (undefined port: off), message size cap, mails per sender per hour. */
  smtpInbound: { port: number | undefined; host: string; maxBytes: number; ratePerHour: number };
  /** EMAIL_SECRET_KEY: seals IMAP passwords; without it no IMAP channel can be saved. */
  emailSecretKey: Buffer | undefined;
}

export interface CertificateEndpointConfig {
  port: number;
  host: string;
  tlsKeyFile: string;
  tlsCertFile: string;
  /** The trusted roots (and intermediates) the client certificate must chain to. */
  caDir: string;
  /** Revocation lists; with them, a certificate whose issuer has no current list is refused. */
  crlDir: string | undefined;
  /** The address browsers use (behind a proxy); else https://{the API's host}:{port}. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const SECRET_VARS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'SMTP_URL', 'EMAIL_SECRET_KEY']);

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultCaDir = path.resolve(import.meta.dirname, '../certs/icp-brasil');

export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings are treated as unset, so `FOO= npm start` behaves like no FOO at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        // Secrets are named, never echoed.
        const shown = SECRET_VARS.has(name) ? '' : ` (valor: ${JSON.stringify(cleaned[name] ?? '')})`;
        return `${name}: ${i.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  let certificates: CertificateEndpointConfig | undefined;
  if (e.CERT_PORT !== undefined) {
    const missing = (['CERT_TLS_KEY', 'CERT_TLS_CERT'] as const).filter((name) => !e[name]);
    if (missing.length) {
      throw new ConfigError(missing.map((name) => `${name}: obrigatório quando CERT_PORT está definido`));
    }
    certificates = {
      port: e.CERT_PORT,
      host: e.CERT_HOST ?? e.HOST,
      tlsKeyFile: path.resolve(e.CERT_TLS_KEY ?? ''),
      tlsCertFile: path.resolve(e.CERT_TLS_CERT ?? ''),
      caDir: e.CERT_CA_DIR ? path.resolve(e.CERT_CA_DIR) : defaultCaDir,
      crlDir: e.CERT_CRL_DIR ? path.resolve(e.CERT_CRL_DIR) : undefined,
      publicUrl: e.CERT_PUBLIC_URL,
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    loginLimitPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
    loginLimitWindowSeconds: e.LOGIN_LIMIT_WINDOW_SECONDS,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    sessionCheckMs: e.SESSION_CHECK_MS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`,
    publicUrlSet: e.PUBLIC_URL,
    automationsPollMs: e.AUTOMATIONS_POLL_MS,
    slaCheckMs: e.SLA_CHECK_MS,
    fileSizeLimit: e.FILE_SIZE_LIMIT,
    fileSweepGraceSeconds: e.FILE_SWEEP_GRACE_SECONDS,
    certificates,
    outbound: {
      allow: parseAllowList(e.OUTBOUND_ALLOW),
      timeoutMs: e.OUTBOUND_TIMEOUT_MS,
      maxResponseBytes: e.OUTBOUND_MAX_RESPONSE_BYTES,
    },
    smtpInbound: {
      port: e.SMTP_INBOUND_PORT,
      host: e.SMTP_INBOUND_HOST,
      maxBytes: e.SMTP_INBOUND_MAX_BYTES,
      ratePerHour: e.SMTP_INBOUND_RATE_PER_HOUR,
    },
    emailSecretKey: e.EMAIL_SECRET_KEY ? parseSecretKey(e.EMAIL_SECRET_KEY) : undefined,
  };
}
