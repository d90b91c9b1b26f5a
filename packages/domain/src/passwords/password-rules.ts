/**
 * Password strength (spec 001 §2.5, §5, §9): at least 10 characters and a zxcvbn score of at least
 * 3 (0–4). These constants and texts are shared by the server, which applies them on every password
 * set or change, and the own-profile meter. The scoring itself is in `password-strength.ts`, which
 * carries the dictionaries (the web app loads it lazily).
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MIN_PASSWORD_SCORE = 3;
export const MAX_PASSWORD_LENGTH = 1024;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The meter's label of each score, verbatim from the spec. */
export const PASSWORD_SCORE_LABELS: Readonly<Record<PasswordScore, string>> = {
  0: 'Não segura',
  1: 'Muito fraca',
  2: 'Fraca',
  3: 'Forte',
  4: 'Muito forte',
};

export const passwordMessages = {
  tooShort: 'Digite no mínimo 10 caracteres',
  weak: 'Esta senha não é segura o suficiente',
  mismatch: 'Senhas não conferem',
  wrongCurrent: 'Senha inválida',
  hint: 'Use uma senha forte, com no mínimo 10 caracteres.',
} as const;

/** Why a password with this score is refused, or undefined when it is accepted. */
export function passwordProblem(password: string, score: PasswordScore): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (score < MIN_PASSWORD_SCORE) return passwordMessages.weak;
  return undefined;
}
