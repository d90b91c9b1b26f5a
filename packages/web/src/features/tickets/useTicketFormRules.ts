import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn, DEFAULT_TIME_ZONE } from '@talkbase/domain/fields/zoned-time';
import {
  CUSTOMER_ROOM,
  normalizeStatus,
  TICKET_FIELDS,
  ticketRules,
  type TicketField,
  type TicketValues,
} from '@talkbase/domain/tickets/ticket-rules';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../session/useSession.ts';
import type { FormFieldRule, FormRuleInput } from '../records/form/form-rule-types.ts';

const FIELDS: ReadonlySet<string> = new Set(TICKET_FIELDS);

/** A value as the API takes it: a select's id as a number (a default value is a string), blanks as null. */
function canonical(value: unknown, reference: boolean): unknown {
  const v =
    typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value ? value.id : value;
  if (typeof v === 'string' && v.trim() === '') return null;
  if (reference && typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
  return v ?? null;
}

/** The statuses' names by id (GET /api/SubjectAttribute/related/{situacao}: a short list). */
function fetchStatusNames(attributeId: number, signal: AbortSignal): Promise<Map<number, string>> {
  return apiRequest<{ itens: { id: number; name: string }[] }>(
    `/api/SubjectAttribute/related/${attributeId}?page=1`,
    { signal },
  ).then((answer) => new Map(answer.itens.map((o) => [o.id, o.name])));
}

/**
 * The customer's own company, when its room lets it read exactly one (the room's delimitation of
 * `cliente`, demo: 'Minha empresa'): the options of the ticket's `cliente` are what it may read.
 */
function fetchOwnCompany(
  attributeId: number,
  signal: AbortSignal,
): Promise<{ id: number; name: string } | null> {
  return apiRequest<{ itens: { id: number; name: string }[]; totalResults: number }>(
    `/api/SubjectAttribute/related/${attributeId}?page=1`,
    { signal },
  ).then((answer) => (answer.totalResults === 1 ? (answer.itens[0] ?? null) : null));
}

/**
 * The ticket rules of 000 §5 (`@talkbase/domain/tickets/ticket-rules`, the same function the
 * server runs) applied live to the record form of a `chamado`: required marks, read-only and
 * blocked fields, hints, resets and messages, by attribute id.
 */
export function useTicketFormRules(input: FormRuleInput): ReadonlyMap<number, FormFieldRule> {
  const { context, isNew, values, initial, talk } = input;
  const session = useSession();
  const byField = useMemo(() => {
    const out = new Map<TicketField, { id: number; name: string; reference: boolean }>();
    for (const a of context.subject.subjectAttributes)
      if (FIELDS.has(a.identifier))
        out.set(a.identifier as TicketField, {
          id: a.subjectAttributeId,
          name: a.name,
          reference: valueKindOf(resolveComponentId(a.componentId) ?? 0) === 'reference',
        });
    return out;
  }, [context]);
  const status = byField.get('situacao');
  const statuses = useQuery({
    queryKey: ['ticket-statuses', status?.id],
    queryFn: ({ signal }) => fetchStatusNames(status?.id ?? 0, signal),
    enabled: status !== undefined,
    staleTime: 5 * 60_000,
  });
  const company = byField.get('cliente');
  const customerOpening = isNew && session?.user.roomId === CUSTOMER_ROOM && company?.reference === true;
  const ownCompany = useQuery({
    queryKey: ['ticket-own-company', company?.id],
    queryFn: ({ signal }) => fetchOwnCompany(company?.id ?? 0, signal),
    enabled: customerOpening,
    staleTime: 5 * 60_000,
  });

  return useMemo(() => {
    const out = new Map<number, FormFieldRule>();
    // A `chamado` without a status list is not the support ticket of 000 §5 (as on the server).
    if (!status?.reference || !session) return out;
    const pick = (source: ReadonlyMap<number, unknown>): TicketValues => {
      const v: TicketValues = {};
      for (const [field, a] of byField) v[field] = canonical(source.get(a.id), a.reference);
      return v;
    };
    const stored = pick(initial);
    const shown = new Map(
      (talk?.talkValues ?? []).map((v) => [v.subjectAttributeId, v.displayValue ?? null] as const),
    );
    const nameOf = (id: unknown): string | null =>
      typeof id === 'number'
        ? (statuses.data?.get(id) ?? (id === stored.situacao ? (shown.get(status.id) ?? null) : null))
        : null;
    const current = pick(values);
    const names: Partial<Record<string, string>> = {};
    for (const [field, a] of byField) names[field] = a.name;
    const rules = ticketRules({
      values: current,
      previous: isNew ? null : stored,
      initial: isNew ? stored : undefined,
      status: nameOf(current.situacao),
      previousStatus: isNew ? null : nameOf(stored.situacao),
      room: session.user.roomId,
      today: toIsoDate(civilDateIn(new Date(), DEFAULT_TIME_ZONE) ?? { year: 1970, month: 1, day: 1 }),
      fields: new Set(byField.keys()),
      names,
    });
    for (const [field, a] of byField) out.set(a.id, rules[field]);
    // Only the statuses the room may choose are offered (a customer: confirm or keep, issue 39).
    const choices = rules.situacao.choices?.map(normalizeStatus);
    const options =
      choices && statuses.data
        ? new Set(
            [...statuses.data].filter(([, n]) => choices.includes(normalizeStatus(n))).map(([id]) => id),
          )
        : undefined;
    // A new ticket's default status has no name in the form yet: the statuses' list gives it.
    out.set(status.id, { ...rules.situacao, displayValue: nameOf(current.situacao), options });
    // A customer opening a ticket: its own company, when it has one, is filled in.
    const own = customerOpening ? ownCompany.data : null;
    if (company && own) {
      const rule = out.get(company.id);
      if (rule) out.set(company.id, { ...rule, preset: own.id, displayValue: own.name });
    }
    return out;
  }, [
    byField,
    status,
    session,
    values,
    initial,
    isNew,
    talk,
    statuses.data,
    company,
    customerOpening,
    ownCompany.data,
  ]);
}
