import type { FormFieldRule, FormRulesHook } from './form-rule-types.ts';
import { registeredFormRules } from '../slots.ts';

const NONE: ReadonlyMap<number, FormFieldRule> = new Map();

function useNoFormRules(): ReadonlyMap<number, FormFieldRule> {
  return NONE;
}

/**
 * The rules hook of a subject (stable for a form: its subject does not change while it lives).
 * Subjects with rules of their own (the tickets' of 000 §5) register them (records/slots.ts). The
 * server enforces the same rules; the form only shows them as the user types.
 */
export function formRulesFor(subject: string): FormRulesHook {
  return registeredFormRules(subject) ?? useNoFormRules;
}
