// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { X509Crl } from '@peculiar/x509';

const CERT_FILE = /\.(pem|crt|cer|der)$/i;
const CRL_FILE = /\.(pem|crl)$/i;
const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_CRL = /-----BEGIN (?:X509 )?CRL-----[\s\S]+?-----END (?:X509 )?CRL-----/g;

function filesUnder(dir: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, pattern));
    else if (entry.isFile() && pattern.test(entry.name)) found.push(full);
  }
  return found.sort();
}

/**
 * The trusted certificates (ICP-Brasil roots and intermediates) as PEM, from every .pem/.crt/.cer/.der
 * file under the folder, PEM or DER (the ITI publishes DER files). A file that is not a certificate
 * stops the start with its name: a broken trust store must not silently trust less.
 */
export function loadTrustedCertificates(dir: string): string[] {
  const pems: string[] = [];
  for (const file of filesUnder(dir, CERT_FILE)) {
    const bytes = fs.readFileSync(file);
    const text = bytes.toString('latin1');
    const blocks = text.match(PEM_CERT);
    try {
      if (blocks) for (const block of blocks) pems.push(new crypto.X509Certificate(block).toString());
      else pems.push(new crypto.X509Certificate(bytes).toString());
    } catch {
      throw new Error(`CERT_CA_DIR: ${file} não é um certificado X.509 (PEM ou DER).`);
    }
  }
  if (pems.length === 0) {
    throw new Error(
      `CERT_CA_DIR: nenhum certificado raiz em ${dir}. Instale as cadeias da ICP-Brasil (veja o README dessa pasta).`,
    );
  }
  return pems;
}

/** Revocation lists as PEM, from .crl (DER or PEM) and .pem files under the folder. */
export function loadRevocationLists(dir: string): string[] {
  const pems: string[] = [];
  for (const file of filesUnder(dir, CRL_FILE)) {
    const bytes = fs.readFileSync(file);
    const blocks = bytes.toString('latin1').match(PEM_CRL);
    const ders = blocks
      ? blocks.map((b) => Buffer.from(b.replace(/-----[^-]+-----|\s/g, ''), 'base64'))
      : [bytes];
    for (const der of ders) {
      try {
        new X509Crl(der);
      } catch {
        throw new Error(`CERT_CRL_DIR: ${file} não é uma lista de revogação X.509 (PEM ou DER).`);
      }
      // OpenSSL (Node's `crl` option) reads the "X509 CRL" label only.
      const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
      pems.push(`-----BEGIN X509 CRL-----\n${lines.join('\n')}\n-----END X509 CRL-----\n`);
    }
  }
  // An empty folder would silently turn revocation checking off.
  if (pems.length === 0) throw new Error(`CERT_CRL_DIR: nenhuma lista de revogação (.crl, .pem) em ${dir}.`);
  return pems;
}
