/**
 * What is never answered with a ticket: bounces (null sender), automatic replies and bulk mail
 * (RFC 3834 `Auto-Submitted`, `Precedence`, the common auto-responder headers), so two robots
 * cannot keep writing to each other through Talkbase.
 */
export function automaticReason(
  envelopeFrom: string | null,
  header: (name: string) => string | undefined,
): string | undefined {
  if (!envelopeFrom) return 'remetente nulo (aviso de entrega)';
  const autoSubmitted = header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence))
    return `Precedence: ${precedence}`;
  for (const name of ['x-autoreply', 'x-autorespond']) if (header(name) !== undefined) return name;
  if (/^(mailer-daemon|postmaster)@/i.test(envelopeFrom)) return 'remetente de sistema';
  return undefined;
}

/** At most `limit` mails per sender in a sliding hour (in this process). */
export class SenderRateLimit {
  private readonly seen = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs = 60 * 60 * 1000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts one mail from `sender`; false when it is over the limit. */
  take(sender: string, now = Date.now()): boolean {
    const key = sender.toLowerCase();
    const recent = (this.seen.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.seen.set(key, recent);
      return false;
    }
    recent.push(now);
    this.seen.set(key, recent);
    // Forget senders quiet for an hour, so the map stays the size of the active ones.
    if (this.seen.size > 10_000)
      for (const [k, times] of this.seen)
        if (times.every((t) => now - t >= this.windowMs)) this.seen.delete(k);
    return true;
  }
}
