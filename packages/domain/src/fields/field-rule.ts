import { DEFAULT_TIME_ZONE } from './zoned-time.ts';

/**
 * What the rules need to know about a subject attribute (spec 002 §3). The server passes its
 * attribute row; the web passes the attribute of the context response. Everything is read
 * defensively: an attribute may come from stored JSON that an older version wrote.
 */
export interface FieldAttribute {
  readonly name: string;
  /** A component id of `component-types.ts`, or the alias 'Identificacao'. */
  readonly componentId: number | string;
  readonly isRequired?: boolean | null;
  /** Maximum length of text values; 800 when not set. */
  readonly length?: number | null;
  readonly isMultipleValues?: boolean | null;
  /** Per-component settings (see each rule file for the keys it reads). */
  readonly componentConfigs?: unknown;
}

export interface FieldError {
  readonly message: string;
}

/**
 * The moment and the company's time zone the rules compare dates against. Passed in, never read
 * from a clock, so every rule is pure and testable.
 */
export interface FieldContext {
  readonly now: Date;
  /** IANA name; America/Sao_Paulo when absent or unknown. */
  readonly timeZone?: string | null;
}

/** One kind of component: the ids it serves and how a non-empty value is checked. */
export interface FieldRule {
  readonly componentIds: readonly number[];
  /** Whether the value counts as "not filled" for the required check; `isBlank` when absent. */
  readonly isEmpty?: (value: unknown, attribute: FieldAttribute) => boolean;
  /** The message when a required value is missing; the generic one when absent. */
  readonly requiredMessage?: (attribute: FieldAttribute) => string;
  /** Checks a value that is not empty. */
  readonly validate: (attribute: FieldAttribute, value: unknown, ctx: FieldContext) => FieldError[];
}

/** null, undefined, a blank string and an empty list are "not filled". */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The attribute's display name, safe to put in a message whatever the attribute holds. */
export function attributeName(attribute: FieldAttribute): string {
  const name: unknown = attribute.name;
  return typeof name === 'string' ? name : '';
}

export function timeZoneOf(ctx: FieldContext): string {
  const tz: unknown = ctx.timeZone;
  return typeof tz === 'string' && tz !== '' ? tz : DEFAULT_TIME_ZONE;
}

export function fieldError(message: string): FieldError {
  return { message };
}
