import {
  STEP_DETAIL_LIST_MAX,
  STEP_DETAIL_TEXT_MAX,
  type StepDetail,
  type StepValueDetail,
} from '@talkbase/domain/contracts/job-runs';
import type { SubjectMeta } from '../../../records/subject-meta.ts';

/**
 * Helpers for what an action reports it did (JobRunStep.detail, shown in the run history): texts
 * cut, lists cut, values as text, addresses without their secrets. A detail is stored with the run,
 * so it stays small and never carries a header value or a password.
 */

/** A text cut at `max` characters (an ellipsis marks the cut). */
export function capText(text: string, max = STEP_DETAIL_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The first `max` items and how many were left out. */
export function capList<T>(items: readonly T[], max = STEP_DETAIL_LIST_MAX): { items: T[]; more: number } {
  return { items: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Any value as a short text: strings as they are, null as '', the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return capText(value);
  let text: string | undefined;
  try {
    // undefined for a function or a symbol; a throw for a cycle or a bigint.
    text = JSON.stringify(value);
  } catch {
    text = typeof value === 'bigint' ? value.toString() : undefined;
  }
  return capText(text ?? '');
}

/** The values a talk write sets, by the attributes' names. */
export function valuesDetail(
  subject: SubjectMeta,
  talkValues: readonly { subjectAttributeId?: number | undefined; value: unknown }[],
): StepValueDetail[] {
  return capList(talkValues).items.map((v) => ({
    attribute:
      subject.attributes.find((a) => a.id === v.subjectAttributeId)?.name ?? `#${v.subjectAttributeId ?? ''}`,
    value: valueText(v.value),
  }));
}

/** Query parameters whose values are hidden: names that usually carry a credential. */
const SECRET_PARAM = /(token|key|secret|pass|senha|auth|sig|credential|session|code)/i;

/**
 * An address as the run history may show it: no user information, values of query parameters
 * that look like credentials replaced by `***`, cut at the text maximum.
 */
export function safeUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return capText(url.replace(/\/\/[^/@]*@/, '//'));
  }
  u.username = '';
  u.password = '';
  for (const name of [...new Set(u.searchParams.keys())])
    if (SECRET_PARAM.test(name)) u.searchParams.set(name, '***');
  return capText(u.toString().replaceAll('%2A%2A%2A', '***'));
}

/** An error that carries what the action did before it failed (the engine stores it as the step's detail). */
export function withDetail<E extends Error>(err: E, detail: StepDetail): E & { detail: StepDetail } {
  return Object.assign(err, { detail });
}
