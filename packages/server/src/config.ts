import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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

const boolFrom = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  TRUST_PROXY: boolFrom.default(false),
  WEB_DIST: z.string().trim().min(1).optional(),
  LOGIN_LIMIT_PER_ADDRESS: intFrom('LOGIN_LIMIT_PER_ADDRESS', 1, 100000).default(100),
  LOGIN_LIMIT_PER_ACCOUNT: intFrom('LOGIN_LIMIT_PER_ACCOUNT', 1, 100000).default(10),
  LOGIN_LIMIT_WINDOW_SECONDS: intFrom('LOGIN_LIMIT_WINDOW_SECONDS', 1, 86400).default(900),
  ACCESS_TOKEN_SECONDS: intFrom('ACCESS_TOKEN_SECONDS', 5, 86400).default(900),
  SESSION_CHECK_MS: intFrom('SESSION_CHECK_MS', 100, 60000).default(2000),
  FILE_SIZE_LIMIT: intFrom('FILE_SIZE_LIMIT', 1024, 10 * 1024 * 1024 * 1024).default(25 * 1024 * 1024),
  // The digital-certificate endpoint (modules/certificates): off unless CERT_PORT is set.
  CERT_PORT: intFrom('CERT_PORT', 0, 65535).optional(),
  CERT_HOST: z.string().trim().min(1).optional(),
  CERT_TLS_KEY: existingPath('file').optional(),
  CERT_TLS_CERT: existingPath('file').optional(),
  CERT_CA_DIR: existingPath('dir').optional(),
  CERT_CRL_DIR: existingPath('dir').optional(),
  CERT_PUBLIC_URL: z.url({ protocol: /^https$/, message: 'deve ser um endereço https://' }).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seed: 'demo' | 'none';
  logLevel: string;
  bodyLimit: number;
  trustProxy: boolean;
  webDist: string;
  loginLimitPerAddress: number;
  loginLimitPerAccount: number;
  loginLimitWindowSeconds: number;
  accessTokenSeconds: number;
  /** How often open WebSockets are checked against their session (revocation closes them). */
  sessionCheckMs: number;
  /** Largest uploaded file in bytes (components 22 and 34); larger ones get 413. */
  fileSizeLimit: number;
  /** The TLS endpoint of the certificate check; undefined when CERT_PORT is not set. */
  certificates: CertificateEndpointConfig | undefined;
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

const SECRET_VARS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'SMTP_URL']);

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
    fileSizeLimit: e.FILE_SIZE_LIMIT,
    certificates,
  };
}
