import { loadPasswordScorer } from '@talkbase/domain/passwords/password-scorer';
import type { PasswordStrength } from '@talkbase/domain/passwords/password-strength';
import { useEffect, useState } from 'react';

/**
 * The strength of `password` as the server will judge it (the same function), or null while the
 * dictionaries load or the field is empty.
 */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[],
): PasswordStrength | null {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const inputsKey = userInputs.join('\u0000');
  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = setTimeout(() => {
      void loadPasswordScorer().then((score) => {
        if (live) setResult({ password, strength: score(password, inputsKey.split('\u0000')) });
      });
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);
  return password && result?.password === password ? result.strength : null;
}
