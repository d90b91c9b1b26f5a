import crypto from 'node:crypto';

/**
 * Secrets kept in the database (an IMAP mailbox's password) are sealed with AES-256-GCM under a key
 * from the environment (EMAIL_SECRET_KEY, 32 bytes as 64 hex digits or base64): a copy of the
 * database alone does not give them away. Sealed form: `v1:iv:tag:data`, each part base64.
 */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return key.length === 32 ? key : undefined;
}

export function seal(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    ':',
  );
}

/** The secret, or undefined when it was sealed under another key or altered. */
export function unseal(key: Buffer, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
