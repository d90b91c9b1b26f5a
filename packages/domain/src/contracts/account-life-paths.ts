/*
 * Without zod, so the sign-in screen (first-load bundle) can import these at run time.
 */

/**
 * An account's life cycle (issue 34 item 5): suspending and restoring it, the self-service password
 * reset by e-mail, and new credentials for an integration account.
 */
export const accountLifePaths = {
  /** PUT {isActive}: suspends (false) or restores (true) an account (administrators). */
  active: '/api/account/:accountId/active',
  /** POST {email}: e-mails a reset link when the address is of an active person; always 204. */
  forgot: '/api/account/password/forgot',
  /** POST {token, newPassword}: sets the password from the e-mailed link; every session ends. */
  reset: '/api/account/password/reset',
  /** POST: an administrator e-mails a person the reset link ("Enviar redefinição de senha"). */
  sendReset: '/api/account/:accountId/password/forgot',
  /** POST: a new password for an integration account, answered once ("Gerar nova senha"). */
  credentials: '/api/account/:accountId/credentials',
} as const;

/** The web app's page that the e-mailed link opens; the token travels in the fragment. */
export const RESET_PAGE_PATH = '/redefinir-senha';

/** How long an e-mailed reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
