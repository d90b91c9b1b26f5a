import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';

/** What a subject's own form rules see: the record's values as the form holds them. */
export interface FormRuleInput {
  context: ContextResponse;
  isNew: boolean;
  /** The form's values, by attribute id. */
  values: ReadonlyMap<number, unknown>;
  /** The values the form started with (the stored ones, or a new record's defaults). */
  initial: ReadonlyMap<number, unknown>;
  talk: ApiTalk | undefined;
}

/** One field's rule from a subject's own rules, on top of the field access of 002 §5. */
export interface FormFieldRule {
  required: boolean;
  readOnly: boolean;
  /** Waits for another field (shown read-only). */
  blocked: boolean;
  hint?: string | undefined;
  /** The stored value goes: the form clears it (once) when this turns on. */
  reset: boolean;
  error?: string | undefined;
  /** The shown name of a reference value the record does not name yet (a new record's default). */
  displayValue?: string | null | undefined;
  /** A select's options the rule lets this account choose (all when absent). */
  options?: ReadonlySet<number> | undefined;
  /**
   * A new record's value the rule proposes (a customer's own company): the form fills it once,
   * while the field is still empty and untouched.
   */
  preset?: unknown;
}

/** A hook giving the rules of a subject's fields, by attribute id. */
export type FormRulesHook = (input: FormRuleInput) => ReadonlyMap<number, FormFieldRule>;
