import type { PasswordStrength } from './password-strength.ts';

export type PasswordScorer = (password: string, userInputs?: readonly string[]) => PasswordStrength;

let scorer: Promise<PasswordScorer> | undefined;

/**
 * `passwordStrength`, loaded the first time a password is scored. Its dictionaries are large (about
 * 1 MB for the web app to download, about 16 MiB of heap once built), and most sessions never
 * score a password: the web meter loads it through here. The server scores on a thread of its own
 * (server `modules/accounts/password-scoring.ts`) and loads it here only should that thread fail.
 */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorer ??= import('./password-strength.ts').then((m) => m.passwordStrength);
  return scorer;
}
