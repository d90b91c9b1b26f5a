import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  accountLogTypes,
  CERTIFICATE_CHECK_PATH,
  CERTIFICATE_TICKET_SECONDS,
  CERTIFICATE_VALIDITY_MS,
  certificateMessageFor,
  certificateMessages,
  type CertificateCheckAnswer,
  type CertificateStatus,
  type CertificateTicket,
} from '@talkbase/domain/contracts/certificates';
import type { CertificateEndpointConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { Catalog, CatalogCache } from '../../records/catalog.ts';
import type { PeerOutcome } from './peer-certificate.ts';
import * as repo from './certificates.repository.ts';

export const certificateServiceMessages = {
  notConfigured:
    'A verificação de certificado digital não está configurada neste servidor. Entre em contato com o administrador.',
};

const hashTicket = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

function requiredSubjects(settings: string): number[] {
  try {
    const value = (JSON.parse(settings) as { requireDigitalSignature?: unknown }).requireDigitalSignature;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

export interface CheckResult {
  statusCode: number;
  answer: CertificateCheckAnswer;
  /** The web origin that asked for the ticket: the only one allowed to read a named holder. */
  ticketOrigin: string | null;
}

/**
 * The digital-certificate gate (spec 002 §4, §8): one-use tickets that name the account to the
 * TLS endpoint, the record of each check, and the rule that a subject listed in the room's
 * `requireDigitalSignature` is reachable only while a valid check (24 hours) is in force.
 */
export class CertificatesService {
  private readonly db: Db;
  private readonly endpoint: CertificateEndpointConfig | undefined;
  private readonly now: () => number;
  /** The port the TLS endpoint listens on once started (CERT_PORT=0 picks a free one). */
  listeningPort: number | undefined;
  /** Reads the trust store and revocation lists again (set by the running endpoint). */
  reloadTrust: (() => void) | undefined;
  private readonly catalog: CatalogCache;
  private readonly requiredBySnapshot = new WeakMap<Catalog, Map<number, number[]>>();

  constructor(deps: {
    db: Db;
    catalog: CatalogCache;
    endpoint: CertificateEndpointConfig | undefined;
    now?: () => number;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.endpoint = deps.endpoint;
    this.now = deps.now ?? (() => Date.now());
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /** Where a browser reaching the API at `hostname` runs the check. */
  checkUrl(hostname: string): string | null {
    if (!this.endpoint) return null;
    if (this.endpoint.publicUrl) return this.endpoint.publicUrl;
    const port = this.listeningPort ?? this.endpoint.port;
    const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    return `https://${host}:${port}${CERTIFICATE_CHECK_PATH}`;
  }

  /**
   * The subjects the account's room lists in `requireDigitalSignature`: from the company's catalog
   * (rooms.settings moves its version, migration 0020), parsed once per snapshot and room.
   */
  async requiredSubjectIds(auth: AuthContext, db: Kysely<Database> = this.k): Promise<number[]> {
    const catalog = await this.catalog.get(auth.companyId, db, auth);
    let byRoom = this.requiredBySnapshot.get(catalog);
    if (!byRoom) {
      byRoom = new Map();
      this.requiredBySnapshot.set(catalog, byRoom);
    }
    let list = byRoom.get(auth.roomId);
    if (!list) {
      list = requiredSubjects(catalog.roomSettings(auth.roomId));
      byRoom.set(auth.roomId, list);
    }
    return list;
  }

  /**
   * Refuses (403, 002 §8 "não foi informado") a subject the account's room lists in
   * `requireDigitalSignature` while the account has no valid check in force.
   */
  async assertAllowed(auth: AuthContext, subjectId: number, db: Kysely<Database> = this.k): Promise<void> {
    const required = await this.requiredSubjectIds(auth, db);
    if (!required.includes(subjectId)) return;
    const check = await repo.checkInForce(db, auth.companyId, auth.accountId, this.now());
    if (!check) throw forbidden(certificateMessages.notGiven);
  }

  async status(auth: AuthContext, hostname: string): Promise<CertificateStatus> {
    const [required, check] = await Promise.all([
      this.requiredSubjectIds(auth),
      repo.checkInForce(this.k, auth.companyId, auth.accountId, this.now()),
    ]);
    const subjects = await repo.subjectIdentifiers(this.k, auth.companyId, required);
    return {
      valid: check !== undefined,
      user: check ? `${check.holder_name ?? ''}:${check.cpf ?? ''}` : null,
      checkedAt: check ? new Date(check.checked_at).toISOString() : null,
      expiresAt: check ? new Date(check.expires_at).toISOString() : null,
      requireDigitalSignature: subjects.map((s) => ({ subjectId: s.id, subjectIdentifier: s.identifier })),
      checkUrl: this.checkUrl(hostname),
    };
  }

  async ticket(auth: AuthContext, origin: string | null, hostname: string): Promise<CertificateTicket> {
    const checkUrl = this.checkUrl(hostname);
    if (!checkUrl) throw new HttpError(503, certificateServiceMessages.notConfigured);
    const ticket = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    await repo.insertTicket(this.k, {
      id: hashTicket(ticket),
      companyId: auth.companyId,
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      origin,
      now,
      expiresAt: now + CERTIFICATE_TICKET_SECONDS * 1000,
    });
    return { ticket, checkUrl, expiresIn: CERTIFICATE_TICKET_SECONDS };
  }

  /** Runs a check for the account the ticket names, records it, and answers 002 §7's shape. */
  async check(ticket: string | undefined, peer: PeerOutcome): Promise<CheckResult> {
    const failed = (accountLogTypeId: number, statusCode: number, ticketOrigin: string | null = null) => ({
      statusCode,
      answer: { valid: false, user: '', message: certificateMessageFor(accountLogTypeId), accountLogTypeId },
      ticketOrigin,
    });
    const now = this.now();
    const row = ticket ? await repo.consumeTicket(this.k, hashTicket(ticket), now) : undefined;
    if (!row || !(await repo.sessionIsLive(this.k, row.session_id, now))) {
      return failed(accountLogTypes.requestFailed, 401);
    }
    const valid = peer.valid;
    const accountLogTypeId = peer.valid ? accountLogTypes.valid : peer.accountLogTypeId;
    await repo.insertCheck(this.k, {
      companyId: row.company_id,
      accountId: row.account_id,
      valid,
      accountLogTypeId,
      holderName: peer.holder?.name ?? null,
      cpf: peer.holder?.cpf ?? null,
      checkedAt: now,
      expiresAt: valid ? now + CERTIFICATE_VALIDITY_MS : null,
    });
    if (!peer.valid) return failed(accountLogTypeId, 200, row.origin);
    return {
      statusCode: 200,
      answer: {
        valid: true,
        user: `${peer.holder.name}:${peer.holder.cpf}`,
        message: certificateMessageFor(accountLogTypes.valid),
        accountLogTypeId,
      },
      ticketOrigin: row.origin,
    };
  }
}
