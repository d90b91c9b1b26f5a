// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AttributeValue, id_ce_subjectAltName, SubjectAlternativeName } from '@peculiar/asn1-x509';
import { X509Certificate } from '@peculiar/x509';
import { isValidCpf } from '@talkbase/domain/fields/identification';

/**
 * ICP-Brasil person certificates (DOC-ICP-04) carry the holder's data in the subject alternative
 * name as otherName 2.16.76.1.3.1: birth date (ddmmaaaa, 8), CPF (11), NIS (11), RG (15) and its
 * issuer (6). The common name is "NAME:CPF".
 */
export const ICP_BRASIL_PERSON_DATA_OID = '2.16.76.1.3.1';

export interface CertificateHolder {
  name: string;
  /** 11 digits; undefined when the certificate does not carry the ICP-Brasil person data (or a bad CPF). */
  cpf: string | undefined;
}

function otherNameText(value: ArrayBuffer): string {
  // Issuers use an OCTET STRING (the DOC-ICP text) or one of the directory string types.
  if (new Uint8Array(value)[0] === 0x04) {
    return Buffer.from(AsnConvert.parse(value, OctetString).buffer).toString('latin1');
  }
  const parsed = AsnConvert.parse(value, AttributeValue);
  return parsed.ia5String ?? parsed.toString();
}

function cpfOf(cert: X509Certificate): string | undefined {
  const ext = cert.getExtension(id_ce_subjectAltName);
  if (!ext) return undefined;
  const names = AsnConvert.parse(ext.value, SubjectAlternativeName);
  for (const name of names) {
    if (name.otherName?.typeId !== ICP_BRASIL_PERSON_DATA_OID) continue;
    const cpf = otherNameText(name.otherName.value).slice(8, 19);
    if (isValidCpf(cpf)) return cpf;
  }
  return undefined;
}

/** The holder named by a DER certificate: its common name (without ":CPF") and the CPF. */
export function certificateHolder(der: Uint8Array): CertificateHolder {
  const cert = new X509Certificate(der);
  const commonName = cert.subjectName.getField('CN')[0] ?? '';
  const name = commonName.replace(/:\d{11,14}$/, '').trim();
  return { name, cpf: cpfOf(cert) };
}
