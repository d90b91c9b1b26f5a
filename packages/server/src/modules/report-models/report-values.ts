import type { TalkValue } from '@talkbase/domain/contracts/talks';
import type { AttributeMeta } from '../../records/subject-meta.ts';
import { valueText } from '../../records/value-text.ts';

/** A value as a report cell shows it: the CSV export's pt-BR forms, lists joined by ", ". */
export function reportText(a: AttributeMeta, tv: TalkValue | undefined, timeZone: string): string {
  return valueText(a, tv, timeZone, ', ');
}
