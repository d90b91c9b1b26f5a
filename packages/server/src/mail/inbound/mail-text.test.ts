import { describe, expect, it } from 'vitest';
import { automaticReason, SenderRateLimit } from './guards.ts';
import { clip, foldQuotedHistory, messageIds, ticketMark, titleOf } from './mail-text.ts';

describe('the text of an incoming reply', () => {
  it('keeps what was written above the quoted history', () => {
    expect(
      foldQuotedHistory(
        'Obrigada, resolveu.\n\nEm seg., 30 de nov. de 2026 às 10:00, Suporte <s@e.com>\nescreveu:\n> Reinicie.\n> Abraço',
      ),
    ).toBe('Obrigada, resolveu.');
    expect(
      foldQuotedHistory(
        'Thanks!\n\nOn Mon, Nov 30, 2026 at 10:00 AM Support <s@e.com> wrote:\n> Restart it.',
      ),
    ).toBe('Thanks!');
    expect(foldQuotedHistory('Segue.\n-----Original Message-----\nFrom: x\nTexto antigo')).toBe('Segue.');
    expect(foldQuotedHistory('Ok\n> citado\nmais uma linha')).toBe('Ok\nmais uma linha');
  });

  it('keeps a mail that is all quote rather than leave it empty', () => {
    expect(foldQuotedHistory('> só citação')).toBe('> só citação');
  });

  it('cuts a long text saying so', () => {
    const cut = clip('a'.repeat(100), 50, '[cortada]');
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('[cortada]')).toBe(true);
    expect(clip('curto', 50, '[cortada]')).toBe('curto');
  });
});

describe('subject lines and thread headers', () => {
  it('make a title without reply prefixes and the ticket mark', () => {
    expect(titleOf('RE: Fwd: [#12] Impressora parada', 'x')).toBe('Impressora parada');
    expect(titleOf('  ', 'E-mail de a@b.c')).toBe('E-mail de a@b.c');
    expect(titleOf(undefined, 'sem assunto')).toBe('sem assunto');
  });

  it('find the ticket mark and the Message-IDs', () => {
    expect(ticketMark('Re: [#123] Algo')).toBe(123);
    expect(ticketMark('[#0] nada')).toBeUndefined();
    expect(ticketMark('sem marca')).toBeUndefined();
    expect(messageIds('<a@b> <c@d>')).toEqual(['a@b', 'c@d']);
    expect(messageIds(['<a@b>', '<c@d>'])).toEqual(['a@b', 'c@d']);
    expect(messageIds(undefined)).toEqual([]);
  });
});

describe('mail never answered with a ticket', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('is a bounce, an automatic reply or bulk mail', () => {
    expect(automaticReason(null, headers({}))).toMatch(/remetente nulo/);
    expect(automaticReason('a@b.c', headers({ 'auto-submitted': 'auto-replied' }))).toMatch(/Auto-Submitted/);
    expect(automaticReason('a@b.c', headers({ 'auto-submitted': 'no' }))).toBeUndefined();
    expect(automaticReason('a@b.c', headers({ precedence: 'bulk' }))).toMatch(/Precedence/);
    expect(automaticReason('a@b.c', headers({ 'x-autoreply': 'yes' }))).toBe('x-autoreply');
    expect(automaticReason('MAILER-DAEMON@b.c', headers({}))).toMatch(/sistema/);
    expect(automaticReason('pessoa@b.c', headers({}))).toBeUndefined();
  });

  it('comes from a sender over its hourly limit', () => {
    const limit = new SenderRateLimit(2, 1000);
    expect(limit.take('A@b.c', 0)).toBe(true);
    expect(limit.take('a@b.c', 10)).toBe(true);
    expect(limit.take('a@b.c', 20)).toBe(false);
    expect(limit.take('outro@b.c', 20)).toBe(true);
    expect(limit.take('a@b.c', 1001)).toBe(true);
  });
});
