import { describe, expect, it } from 'vitest';
import { PASSWORD_SCORE_LABELS } from './password-rules.ts';
import { passwordStrength } from './password-strength.ts';

describe('password strength', () => {
  it('refuses fewer than 10 characters whatever their strength', () => {
    expect(passwordStrength('Xq9#vT2!p').problem).toBe('Digite no mínimo 10 caracteres');
  });

  it('refuses common and Portuguese dictionary passwords of 10 characters or more', () => {
    for (const weak of ['1234567890', 'senha12345', 'brasil2024', 'aaaaaaaaaaaa', 'qwertyuiop']) {
      const s = passwordStrength(weak);
      expect(s.score, weak).toBeLessThan(3);
      expect(s.problem, weak).toBe('Esta senha não é segura o suficiente');
    }
  });

  it('refuses a password made of the account’s own name', () => {
    expect(passwordStrength('mariasilva', ['Maria', 'Silva']).problem).toBe(
      'Esta senha não é segura o suficiente',
    );
  });

  it('accepts a long unpredictable password with score 3 or 4', () => {
    const s = passwordStrength('Nova-Senha-Bem-Forte-9');
    expect(s.score).toBeGreaterThanOrEqual(3);
    expect(s.problem).toBeUndefined();
    expect(passwordStrength('correto cavalo bateria grampo').problem).toBeUndefined();
  });

  it('has the spec’s label for every score', () => {
    expect(Object.values(PASSWORD_SCORE_LABELS)).toEqual([
      'Não segura',
      'Muito fraca',
      'Fraca',
      'Forte',
      'Muito forte',
    ]);
  });
});
