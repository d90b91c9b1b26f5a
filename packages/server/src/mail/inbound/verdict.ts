import dns from 'node:dns';
import os from 'node:os';
import type { EmailVerdict } from '@talkbase/domain/contracts/email-channels';

/** DNS lookups of the checks give up quickly: a slow resolver must not hold the SMTP answer. */
const resolver = new dns.promises.Resolver({ timeout: 3000, tries: 1 });
const lookup = (name: string, rr: string): Promise<string[][] | string[]> =>
  (resolver.resolve as (n: string, r: string) => Promise<string[][] | string[]>)(name, rr);

/**
 * SPF, DKIM and DMARC of a received mail (mailauth), recorded on its message and shown in the
 * conversation. A check that cannot run (no DNS, a malformed header) says 'temperror', never
 * refuses the mail.
 */
export async function verdictOf(
  raw: Buffer,
  envelope: { ip: string; helo: string; sender: string },
): Promise<EmailVerdict> {
  try {
    // mailauth is loaded by the first mail checked: ~350 ms at start otherwise (docs/decisions.md,
    // "Start-up").
    const { authenticate } = await import('mailauth');
    const r = await authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta: os.hostname(),
      resolver: lookup,
      disableArc: true,
      disableBimi: true,
    });
    const dkim = r.dkim.results[0]?.status.result ?? 'none';
    const dmarc = r.dmarc ? r.dmarc.status.result : 'none';
    return { spf: r.spf ? r.spf.status.result : 'none', dkim, dmarc };
  } catch {
    return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' };
  }
}
