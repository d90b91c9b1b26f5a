import { neutralizeCell } from '@talkbase/domain/csv/csv-safety';

/** An integration account's credentials (001 §3), answered once when it is created. */
export interface Credentials {
  hash: string;
  password: string;
}

/** What a save answers once: an integration's credentials, or a person's generated password. */
export type Issued = ({ kind: 'integration' } & Credentials) | { kind: 'person'; password: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** 20261124-153005: files of credentials are named with the moment they were saved (001 §4). */
export function fileTimestamp(at: Date): string {
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(
    at.getMinutes(),
  )}${pad(at.getSeconds())}`;
}

/**
 * The CSV of the credentials: a header and one row, separated by semicolons (001 §4). Cells go
 * through the server's CSV-injection guard too: a password may begin with `-` or `=`.
 */
export function credentialsCsv(c: Credentials): string {
  const cell = (text: string) => {
    const v = neutralizeCell(text);
    return /[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  return `hash;password\r\n${cell(c.hash)};${cell(c.password)}\r\n`;
}

export function credentialsJson(c: Credentials): string {
  return `${JSON.stringify({ hash: c.hash, password: c.password }, null, 2)}\n`;
}

export function credentialsFileName(appName: string, at: Date, extension: 'csv' | 'json'): string {
  const slug =
    appName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'integracao';
  return `credenciais-${slug}-${fileTimestamp(at)}.${extension}`;
}
