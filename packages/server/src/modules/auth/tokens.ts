import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sid: string;
  accountId: number;
  companyId: number;
  /** The session's token generation when this token was issued (refresh rotation). */
  gen: number;
}

/**
 * Short-lived signed access tokens (HS256). The signature spares the database for garbage
 * tokens; revocation is enforced by the session row, checked on every request.
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly ttlSeconds: number;
  /**
   * Tokens whose signature was already checked, with their expiry: a client sends the same token
   * on every call for minutes, and an HMAC per request was an eighth of a record read's CPU time.
   * Only the signature check is remembered; expiry is checked on every use, and revocation is the
   * session row's, read on every request as before.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  private static readonly MAX_VERIFIED = 10_000;

  constructor(secret: string, ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
    this.ttlSeconds = ttlSeconds;
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, cid: claims.companyId, gen: claims.gen })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.accountId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null otherwise. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = toClaims(payload);
      if (claims && typeof payload.exp === 'number') {
        if (this.verified.size >= TokenSigner.MAX_VERIFIED) {
          const oldest = this.verified.keys().next();
          if (!oldest.done) this.verified.delete(oldest.value);
        }
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }

  /** For refresh: a token with a good signature is accepted even when expired. */
  async verifyAllowExpired(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return toClaims(payload);
    } catch (err) {
      // jose checks the signature before the claims, so an expired token's payload is authentic.
      if (err instanceof errors.JWTExpired) return toClaims(err.payload);
      return null;
    }
  }
}

function toClaims(payload: Record<string, unknown>): TokenClaims | null {
  const { sid, cid, sub, gen } = payload;
  const accountId = Number(sub);
  if (typeof sid !== 'string' || typeof cid !== 'number' || !Number.isInteger(accountId)) return null;
  // Tokens issued before rotation existed carry no generation: they are the session's first.
  return { sid, accountId, companyId: cid, gen: typeof gen === 'number' && Number.isInteger(gen) ? gen : 0 };
}
