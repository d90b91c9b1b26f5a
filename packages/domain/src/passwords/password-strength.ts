import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import { MAX_PASSWORD_LENGTH, passwordProblem, type PasswordScore } from './password-rules.ts';

/**
 * The one scoring function of passwords (zxcvbn with the common and Brazilian Portuguese
 * dictionaries), used by the server on every password set or change and by the web meter, so that
 * both always agree. Importing this module brings the dictionaries (about 1 MB): the web app
 * imports it lazily.
 */
let factory: ZxcvbnFactory | undefined;

function scorer(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: ptBr.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
  });
  return factory;
}

export interface PasswordStrength {
  score: PasswordScore;
  /** The refusal message ('Digite no mínimo 10 caracteres', 'Esta senha não é segura o suficiente'), if any. */
  problem: string | undefined;
}

/**
 * Scores `password`; `userInputs` are words of the account (names, e-mail) that make a password
 * weaker when it contains them. Only the first 100 characters are scored (zxcvbn's cost grows with
 * length, and a longer password is not made weaker by its tail).
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const sample = password.slice(0, Math.min(100, MAX_PASSWORD_LENGTH));
  const inputs = userInputs
    .flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 2);
  const score: PasswordScore = sample ? scorer().check(sample, inputs).score : 0;
  return { score, problem: passwordProblem(password, score) };
}
