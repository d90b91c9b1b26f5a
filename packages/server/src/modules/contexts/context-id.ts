import crypto from 'node:crypto';

/** What a contextId stands for: one account's view of one subject in one scenario, with its template. */
export interface ContextClaims {
  companyId: number;
  accountId: number;
  subjectId: number;
  scenario: string;
  templateId: number | null;
}

const PREFIX = 'c1';

/**
 * contextIds are signed, not stored: every page a user opens makes one, and a table of them
 * would only grow. The id carries its claims and an HMAC under a key derived from the server
 * secret (shared by every instance through the database), so it cannot be forged or edited, and
 * the service still checks the claims against the caller and the room on every use.
 */
export class ContextIds {
  private readonly loadSecret: () => Promise<string>;
  private key: Buffer | undefined;

  constructor(loadSecret: () => Promise<string>) {
    this.loadSecret = loadSecret;
  }

  private async hmacKey(): Promise<Buffer> {
    // A key of its own (domain separation): a contextId's MAC can never pass as a token's.
    this.key ??= crypto
      .createHmac('sha256', await this.loadSecret())
      .update('talkbase:context-id')
      .digest();
    return this.key;
  }

  async sign(c: ContextClaims): Promise<string> {
    const payload = Buffer.from(
      JSON.stringify([c.companyId, c.accountId, c.subjectId, c.scenario, c.templateId]),
    ).toString('base64url');
    const mac = crypto
      .createHmac('sha256', await this.hmacKey())
      .update(payload)
      .digest('base64url');
    return `${PREFIX}.${payload}.${mac}`;
  }

  /** The claims of an authentic id; undefined for anything else. */
  async verify(id: string): Promise<ContextClaims | undefined> {
    const [prefix, payload, mac, ...rest] = id.split('.');
    if (prefix !== PREFIX || !payload || !mac || rest.length > 0) return undefined;
    const expected = crypto
      .createHmac('sha256', await this.hmacKey())
      .update(payload)
      .digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    const [companyId, accountId, subjectId, scenario, templateId] = parsed as unknown[];
    const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
    if (!isId(companyId) || !isId(accountId) || !isId(subjectId) || typeof scenario !== 'string')
      return undefined;
    if (templateId !== null && !isId(templateId)) return undefined;
    return { companyId, accountId, subjectId, scenario, templateId };
  }
}
