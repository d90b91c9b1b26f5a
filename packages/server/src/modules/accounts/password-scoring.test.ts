import { passwordStrength } from '@talkbase/domain/passwords/password-strength';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordScorer } from './password-scoring.ts';

const WEAK = 'Esta senha não é segura o suficiente';

describe('the password scorer’s thread', () => {
  const scorers: PasswordScorer[] = [];
  const scorer = (idleMs?: number) => {
    const made = new PasswordScorer(idleMs);
    scorers.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(scorers.splice(0).map((s) => s.close()));
  });

  // One thread for the first two (its start and dictionaries take ~1 s on CI's cores).
  let shared: PasswordScorer | undefined;
  const warm = () => (shared ??= new PasswordScorer());
  afterAll(async () => {
    await shared?.close();
  });

  it('scores every password as the web meter does, the account’s own words included', async () => {
    const s = warm();
    const cases: [string, string[]][] = [
      ['senha12345', []],
      ['curta', []],
      ['Maria.Souza.2026', ['maria', 'souza']],
      ['Maria.Souza.2026', []],
      ['correto-cavalo-bateria-grampo', []],
      ['Talkbase#Suporte', ['talkbase']],
    ];
    for (const [password, words] of cases) {
      expect(await s.score(password, words)).toEqual(passwordStrength(password, words));
    }
    expect((await s.score('senha12345')).problem).toBe(WEAK);
    expect((await s.score('correto-cavalo-bateria-grampo')).problem).toBeUndefined();
    expect(await s.threads()).toBe(1);
    expect(s.scored).toEqual({ onThread: cases.length + 2, here: 0 });
  });

  it('answers each of many passwords sent at once with its own score', async () => {
    const s = warm();
    const passwords = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? `senha${String(i)}${String(i)}` : `Pão-de-Queijo-${String(i)}-Azul!`,
    );
    const answers = await Promise.all(passwords.map((p) => s.score(p)));
    expect(answers).toEqual(passwords.map((p) => passwordStrength(p)));
    expect(answers.filter((a) => a.problem === undefined).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.problem !== undefined).length).toBeGreaterThan(0);
    expect(s.scored.here).toBe(0);
  });

  it('ends its thread once idle, and starts one again for the next password', async () => {
    const s = scorer(100);
    expect(await s.threads()).toBe(0);
    expect((await s.score('senha12345')).problem).toBe(WEAK);
    await vi.waitFor(async () => expect(await s.threads()).toBe(0), { timeout: 10_000, interval: 50 });
    expect((await s.score('senha12345')).problem).toBe(WEAK);
    expect(await s.threads()).toBe(1);
    expect(s.scored).toEqual({ onThread: 2, here: 0 });
  });
});
