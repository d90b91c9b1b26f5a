import type { PasswordStrength } from './password-strength.ts';

export type PasswordScorer = (password: string, userInputs?: readonly string[]) => PasswordStrength;

let scorer: Promise<PasswordScorer> | undefined;

/**
 * `passwordStrength`, loaded the first time a password is scored. Its dictionaries are large (about
 * 1 MB for the web app to download, about 8 MiB of the server's heap), and most sessions and most
 * server processes never score a password: the web meter and the server both load it through here.
 */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorer ??= import('./password-strength.ts').then((m) => m.passwordStrength);
  return scorer;
}
