import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sid: string;
  accountId: number;
  companyId: number;
}

/**
 * Short-lived signed access tokens (HS256). The signature spares the database for garbage
 * tokens; revocation is enforced by the session row, checked on every request.
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
    this.ttlSeconds = ttlSeconds;
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, cid: claims.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.accountId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null otherwise. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return toClaims(payload);
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
  const { sid, cid, sub } = payload;
  const accountId = Number(sub);
  if (typeof sid !== 'string' || typeof cid !== 'number' || !Number.isInteger(accountId)) return null;
  return { sid, accountId, companyId: cid };
}
