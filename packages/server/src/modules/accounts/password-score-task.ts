import { passwordStrength, type PasswordStrength } from '@talkbase/domain/passwords/password-strength';

export interface PasswordScoreTask {
  password: string;
  userInputs: readonly string[];
}

/**
 * The scoring thread's task (password-scoring.ts): the domain's one scoring function, so that the
 * server and the web meter always agree. Its dictionaries load with this module, in that thread.
 */
export function scorePasswordTask({ password, userInputs }: PasswordScoreTask): PasswordStrength {
  return passwordStrength(password, userInputs);
}
