import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';

/** Component ids a board can have columns for: a single select (4), yes/no/empty (10), a switch (27). */
const BOARD_COMPONENTS: ReadonlySet<number> = new Set([4, 10, 27]);
/** Component ids a calendar can place records by: date-time (11), time window (28), date (32). */
const CALENDAR_COMPONENTS: ReadonlySet<number> = new Set([11, 28, 32]);

const single = (a: ContextSubjectAttribute) => !a.isMultipleValues && !a.isInternal;

/** The attributes the board may group by (issue 38 item 2), in the subject's order. */
export function boardAttributes(context: ContextResponse): ContextSubjectAttribute[] {
  return context.subject.subjectAttributes.filter((a) => single(a) && BOARD_COMPONENTS.has(a.componentId));
}

/** The attributes the calendar may place records by (issue 38 item 3), in the subject's order. */
export function calendarAttributes(context: ContextResponse): ContextSubjectAttribute[] {
  return context.subject.subjectAttributes.filter((a) => single(a) && CALENDAR_COMPONENTS.has(a.componentId));
}

/** The attribute named by `by` among the candidates (identifier, case-insensitive), else the first. */
export function chosenAttribute(
  candidates: ContextSubjectAttribute[],
  by: string | undefined,
): ContextSubjectAttribute | undefined {
  const wanted = by?.toLowerCase();
  return (
    (wanted && candidates.find((a) => a.subjectAttributeIdentifier.toLowerCase() === wanted)) || candidates[0]
  );
}

/** Words of a field that moves through stages: the board's first choice when none was made. */
const STAGE_WORDS = /status|situac|etapa|fase|estagio|estado/;

/**
 * The board's attribute: the one named by `by`, else a stage-like field (situação, status, etapa…),
 * else the first candidate.
 */
export function boardAttribute(
  candidates: ContextSubjectAttribute[],
  by: string | undefined,
): ContextSubjectAttribute | undefined {
  const wanted = by?.toLowerCase();
  const named = wanted && candidates.find((a) => a.subjectAttributeIdentifier.toLowerCase() === wanted);
  if (named) return named;
  return (
    candidates.find((a) => STAGE_WORDS.test(a.subjectAttributeIdentifier.toLowerCase())) ?? candidates[0]
  );
}
