import { useTicketFormRules } from '../../tickets/useTicketFormRules.ts';
import type { FormFieldRule, FormRulesHook } from './form-rule-types.ts';

const NONE: ReadonlyMap<number, FormFieldRule> = new Map();

function useNoFormRules(): ReadonlyMap<number, FormFieldRule> {
  return NONE;
}

/**
 * Subjects with rules of their own (the tickets' of 000 §5), by subject identifier. The server
 * enforces the same rules; the form only shows them as the user types.
 */
const BY_SUBJECT: Readonly<Record<string, FormRulesHook>> = {
  chamado: useTicketFormRules,
};

/** The rules hook of a subject (stable for a form: its subject does not change while it lives). */
export function formRulesFor(subject: string): FormRulesHook {
  return BY_SUBJECT[subject.toLowerCase()] ?? useNoFormRules;
}
