import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

export interface ReadMail {
  to: string[];
  subject: string;
  text: string;
}

export async function parseMail(raw: string | Buffer): Promise<ReadMail> {
  const email = await PostalMime.parse(raw);
  return {
    to: (email.to ?? []).map((a) => ('address' in a && a.address ? a.address : '')),
    subject: email.subject ?? '',
    text: email.text ?? '',
  };
}

/** Messages written to DATA_DIR/outbox (no SMTP_URL), oldest first. */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).sort();
  return Promise.all(files.map((f) => parseMail(fs.readFileSync(path.join(dir, f)))));
}

export function passcodeIn(mail: ReadMail | undefined): string {
  const match = /código de verificação é (\d{6})/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no passcode in mail: ${mail?.text ?? '(none)'}`);
  return match[1];
}
