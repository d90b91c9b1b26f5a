// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { GeneralName, OtherName, SubjectAlternativeName } from '@peculiar/asn1-x509';
import {
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  Extension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectAlternativeNameExtension,
  X509CertificateGenerator,
  X509CrlGenerator,
  type X509Certificate,
} from '@peculiar/x509';

/**
 * A throwaway public-key infrastructure for tests: a real CA chain whose person certificates carry
 * the ICP-Brasil person data (otherName 2.16.76.1.3.1) as the ITI's DOC-ICP-04 lays it out.
 */
const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
// The global Web Crypto (not node:crypto's namespace), so that the keys' types are the ones
// @peculiar/x509 expects in the server's program (Node's types) and the e2e one (DOM's) alike.
const keyPair = () => globalThis.crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
type KeyPair = Awaited<ReturnType<typeof keyPair>>;

export interface Issued {
  cert: X509Certificate;
  keys: KeyPair;
  certPem: string;
  keyPem: string;
}

async function issued(cert: X509Certificate, keys: KeyPair): Promise<Issued> {
  const pkcs8 = await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { cert, keys, certPem: cert.toString('pem'), keyPem: PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}

const DAY = 24 * 60 * 60 * 1000;

export async function createCa(name: string): Promise<Issued> {
  const keys = await keyPair();
  const cert = await X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}, O=ICP-Brasil, C=BR`,
    keys,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 3650 * DAY),
    signingAlgorithm: ALG,
    extensions: [
      new BasicConstraintsExtension(true, undefined, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
    ],
  });
  return issued(cert, keys);
}

/** The ICP-Brasil person data: birth date, CPF, NIS, RG and its issuer (DOC-ICP-04 §7.1.2.3). */
function personData(cpf: string): ArrayBuffer {
  const text = `01011990${cpf}${'0'.repeat(11)}${'0'.repeat(15)}SSPSP `;
  return AsnConvert.serialize(new OctetString(Buffer.from(text, 'latin1')));
}

export async function issuePerson(
  ca: Issued,
  opts: {
    name: string;
    /** Leave out for a certificate without the ICP-Brasil person data. */
    cpf?: string;
    notBefore?: Date;
    notAfter?: Date;
    /** Extended key usages; client authentication by default. */
    usages?: string[];
    serialNumber?: string;
  },
): Promise<Issued> {
  const keys = await keyPair();
  const altNames = [new GeneralName({ rfc822Name: 'titular@example.com' })];
  if (opts.cpf) {
    altNames.unshift(
      new GeneralName({ otherName: new OtherName({ typeId: '2.16.76.1.3.1', value: personData(opts.cpf) }) }),
    );
  }
  const cert = await X509CertificateGenerator.create({
    serialNumber:
      opts.serialNumber ?? Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    subject: `CN=${opts.name}${opts.cpf ? `:${opts.cpf}` : ''}, OU=Pessoa Fisica A1, O=ICP-Brasil, C=BR`,
    issuer: ca.cert.subject,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    notBefore: opts.notBefore ?? new Date(Date.now() - DAY),
    notAfter: opts.notAfter ?? new Date(Date.now() + 365 * DAY),
    signingAlgorithm: ALG,
    extensions: [
      new BasicConstraintsExtension(false),
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation, true),
      new ExtendedKeyUsageExtension(
        opts.usages ?? [ExtendedKeyUsage.clientAuth, ExtendedKeyUsage.emailProtection],
      ),
      new Extension('2.5.29.17', false, AsnConvert.serialize(new SubjectAlternativeName(altNames))),
    ],
  });
  return issued(cert, keys);
}

/** A server certificate for 127.0.0.1 and localhost, self-signed. */
export async function createServerCertificate(): Promise<Issued> {
  const keys = await keyPair();
  const cert = await X509CertificateGenerator.createSelfSigned({
    name: 'CN=localhost',
    keys,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    signingAlgorithm: ALG,
    extensions: [
      new SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  return issued(cert, keys);
}

/** A revocation list of the CA listing the given serial numbers (hex). */
export async function createCrl(ca: Issued, revokedSerials: string[]): Promise<string> {
  const crl = await X509CrlGenerator.create({
    issuer: ca.cert.subject,
    thisUpdate: new Date(Date.now() - DAY),
    nextUpdate: new Date(Date.now() + 7 * DAY),
    entries: revokedSerials.map((serialNumber) => ({
      serialNumber,
      revocationDate: new Date(Date.now() - DAY),
    })),
    signingAlgorithm: ALG,
    signingKey: ca.keys.privateKey,
  });
  return crl.toString('pem');
}

/** Writes a folder with the server's TLS key and certificate and a trusted-roots folder. */
export async function writeEndpointFiles(
  dir: string,
  trusted: Issued[],
  crls: string[] = [],
): Promise<{ keyFile: string; certFile: string; caDir: string; crlDir: string | undefined }> {
  const server = await createServerCertificate();
  const caDir = path.join(dir, 'ca');
  fs.mkdirSync(caDir, { recursive: true });
  trusted.forEach((ca, i) => fs.writeFileSync(path.join(caDir, `raiz-${i}.crt`), ca.certPem));
  let crlDir: string | undefined;
  if (crls.length) {
    crlDir = path.join(dir, 'crl');
    fs.mkdirSync(crlDir, { recursive: true });
    crls.forEach((crl, i) => fs.writeFileSync(path.join(crlDir ?? '', `lista-${i}.crl`), crl));
  }
  const keyFile = path.join(dir, 'server.key');
  const certFile = path.join(dir, 'server.crt');
  fs.writeFileSync(keyFile, server.keyPem);
  fs.writeFileSync(certFile, server.certPem);
  return { keyFile, certFile, caDir, crlDir };
}
