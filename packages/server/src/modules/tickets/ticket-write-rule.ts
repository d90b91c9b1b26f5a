import { defaultValueAt } from '../../records/attribute-default.ts';
import {
  resolveTicketWrite,
  TICKET_FIELDS,
  TICKET_SUBJECT,
  type TicketField,
  type TicketValues,
} from '@talkbase/domain/tickets/ticket-rules';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { unprocessable } from '../../http/errors.ts';
import type { AttributeMeta } from '../../records/subject-meta.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { displayNameOf } from '../records/record-presenter.ts';
import { fromDbValue, toDbValue } from '../../records/record-values.ts';
import * as talkRepo from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import type { TalkWriteRuleInput, TalkWriteRules } from '../records/write-rules.ts';
import { everyRow } from '../../access/row-scope.ts';

const FIELDS: ReadonlySet<string> = new Set(TICKET_FIELDS);
const isTicketField = (identifier: string): identifier is TicketField => FIELDS.has(identifier);

/** A value as the API answers it (ids as numbers, booleans, ISO instants); an invalid one as sent. */
function canonical(a: AttributeMeta, raw: unknown): unknown {
  if (a.isMultipleValues) return raw;
  const c = toDbValue(a, raw, a.identifier);
  return c.ok ? fromDbValue(a, c.value) : raw;
}

export interface TicketRuleDeps {
  subjects: SubjectCatalogue;
  talks: TalksService;
}

/**
 * The tickets' rules (000 §5, `@talkbase/domain/tickets/ticket-rules`) on every create and update
 * of a `chamado`, single or batch: the stored values and the account's room go in; a broken rule
 * answers 422 naming the field; the stored values the rules reset are written as null.
 */
export function registerTicketRules(rules: TalkWriteRules, deps: TicketRuleDeps): void {
  rules.register(TICKET_SUBJECT, (input) => checkTicketWrite(deps, input));
}

async function checkTicketWrite(
  deps: TicketRuleDeps,
  { auth, subject, talkId, values, rows, db }: TalkWriteRuleInput,
): Promise<Map<number, unknown>> {
  const out = new Map(values);
  const attributes = new Map<TicketField, AttributeMeta>();
  for (const a of subject.attributes) if (isTicketField(a.identifier)) attributes.set(a.identifier, a);
  // A `chamado` without a status list is not the support ticket of 000 §5 (decisions.md, "Ticket rules").
  if (attributes.get('situacao')?.kind !== 'reference') return out;

  const given: TicketValues = {};
  for (const [id, raw] of values) {
    const a = subject.attributes.find((x) => x.id === id);
    if (a && isTicketField(a.identifier)) given[a.identifier] = canonical(a, raw);
  }

  let previous: TicketValues | null = null;
  let initial: TicketValues | undefined;
  if (talkId !== undefined) {
    const row = await talkRepo.findTalk(db, subject, talkId, rows);
    // A record the account cannot see is answered 404 by the update itself.
    if (!row) return out;
    previous = {};
    for (const [field, a] of attributes)
      previous[field] = hasColumn(a) ? fromDbValue(a, row[attributeColumn(a.id)]) : null;
  }

  const { now, timeZone } = await deps.talks.ruleContext(auth, db);
  if (talkId === undefined) {
    // What a new ticket starts from: the attributes' defaults, "now" taken at this create.
    initial = {};
    for (const [field, a] of attributes) {
      const value = hasColumn(a) ? defaultValueAt(a, { now, timeZone }) : null;
      if (value !== null) initial[field] = canonical(a, value);
    }
  }
  const statusNames = await namesOfStatuses(deps, auth.companyId, attributes.get('situacao'), db, [
    given.situacao,
    previous?.situacao,
    initial?.situacao,
  ]);
  const today = civilDateIn(now, timeZone);
  const names: Partial<Record<string, string>> = {};
  for (const [field, a] of attributes) names[field] = a.name;

  const resolved = resolveTicketWrite({
    given,
    previous,
    initial,
    statusName: (id) => (typeof id === 'number' ? (statusNames.get(id) ?? null) : null),
    room: auth.roomId,
    today: today ? toIsoDate(today) : new Date(now).toISOString().slice(0, 10),
    fields: new Set(attributes.keys()),
    names,
  });
  if (resolved.errors.length) throw unprocessable(resolved.errors);
  for (const field of resolved.resets) {
    const a = attributes.get(field);
    if (a) out.set(a.id, null);
  }
  return out;
}

/** The names of the status records among `ids`, read from the status attribute's subject. */
async function namesOfStatuses(
  deps: TicketRuleDeps,
  companyId: number,
  status: AttributeMeta | undefined,
  db: TalkWriteRuleInput['db'],
  ids: unknown[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const wanted = [
    ...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id))),
  ];
  if (!status?.relatedSubjectId || wanted.length === 0) return names;
  const related = await deps.subjects.loadById(companyId, status.relatedSubjectId, db).catch(() => undefined);
  if (!related) return names;
  // The status lookup's names: the rule reads them whatever the room, to name the statuses it checks.
  for (const row of await talkRepo.rowsByIds(db, related, wanted, everyRow('write-rule')))
    names.set(row.id, displayNameOf(related, row));
  return names;
}
