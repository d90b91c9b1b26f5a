import { formatDate, parseIsoDate } from '../fields/civil-date.ts';
import { isBlank } from '../fields/field-rule.ts';
import { message } from '../fields/messages.ts';
import { countCharacters, countWords } from '../fields/text.ts';
import { ticketMessage } from './ticket-messages.ts';

/**
 * The ticket (chamado) rules of spec 000 §5, as one pure function shared by the record form (live)
 * and the server (on every create and update). Fields are named by the attribute identifiers of
 * the `chamado` subject; values are canonical API values (references as ids, dates 'YYYY-MM-DD',
 * date-times ISO instants, yes/no as booleans). Choices the spec leaves open are in
 * docs/decisions.md ("Ticket rules").
 */
export const TICKET_SUBJECT = 'chamado';

export const TICKET_FIELDS = [
  'titulo',
  'cliente',
  'solicitante',
  'telefone',
  'situacao',
  'prioridade',
  'tipo',
  'software',
  'categoria',
  'subcategoria',
  'previsaoetapa',
  'previsaochamado',
  'diagnostico',
  'detalhesdiagnostico',
  'ofensor',
  'conclusao',
  'motivoalteracao',
  'retrabalho',
  'chamadoretrabalho',
] as const;
export type TicketField = (typeof TICKET_FIELDS)[number];
export type TicketValues = Partial<Record<TicketField, unknown>>;

/** The administrators' room and the customers' room (000 §1, §9). */
export const ADMIN_ROOM = 1;
export const CUSTOMER_ROOM = 1196;

/** The status a customer may leave, and the one the hint asks for. */
export const AWAITING_CUSTOMER_STATUS = 'Concluído, aguardando confirmação do cliente';
export const FINISHED_STATUS = 'Finalizado';

/**
 * The statuses the customers' room may give a ticket (issue 39 item 8; docs/decisions.md,
 * "Customer ticket statuses"): none on a new ticket (it starts with the status's default), none
 * while the ticket is the attendants' to work, and, while it awaits their confirmation, only to
 * keep it so or to confirm it ('Finalizado'). Disagreeing is said in the ticket's conversation;
 * reopening is the attendants' move.
 */
export function customerStatusChoices(previousStatus: string | null): readonly string[] {
  return normalizeStatus(previousStatus) === normalizeStatus(AWAITING_CUSTOMER_STATUS)
    ? [AWAITING_CUSTOMER_STATUS, FINISHED_STATUS]
    : [];
}

/** Statuses that close a ticket (000 §5: cancelled, completed, finalized, awaiting confirmation, proposal refused). */
const CLOSING_STATUSES: ReadonlySet<string> = new Set(
  ['Cancelado', 'Concluído', 'Finalizado', AWAITING_CUSTOMER_STATUS, 'Proposta comercial recusada'].map(
    normalizeStatus,
  ),
);

const DEFAULT_NAMES: Record<TicketField, string> = {
  titulo: 'Título',
  cliente: 'Cliente',
  solicitante: 'Solicitante',
  telefone: 'Telefone',
  situacao: 'Situação',
  prioridade: 'Prioridade',
  tipo: 'Tipo de chamado',
  software: 'Software',
  categoria: 'Categoria',
  subcategoria: 'Subcategoria',
  previsaoetapa: 'Previsão da etapa',
  previsaochamado: 'Previsão do chamado',
  diagnostico: 'Diagnóstico',
  detalhesdiagnostico: 'Detalhes do diagnóstico',
  ofensor: 'Ofensor',
  conclusao: 'Conclusão',
  motivoalteracao: 'Motivo da alteração',
  retrabalho: 'Retrabalho',
  chamadoretrabalho: 'Chamado de retrabalho',
};

/** Select fields (their required message is the select's, 002 §5). */
const SELECTS: ReadonlySet<TicketField> = new Set([
  'cliente',
  'situacao',
  'prioridade',
  'tipo',
  'software',
  'categoria',
  'subcategoria',
]);

/** Each field that needs another filled first (000 §5 "Dependencies"). */
const DEPENDS_ON: readonly [TicketField, TicketField][] = [
  ['software', 'cliente'],
  ['categoria', 'software'],
  ['subcategoria', 'categoria'],
  ['solicitante', 'cliente'],
  ['telefone', 'solicitante'],
];

const REQUIRED_WHEN_EDITING: readonly TicketField[] = [
  'prioridade',
  'tipo',
  'software',
  'categoria',
  'subcategoria',
];

export interface TicketRuleInput {
  /** The ticket's values after the write (stored values with the changes applied). */
  values: TicketValues;
  /** The stored values; null for a new ticket. */
  previous: TicketValues | null;
  /** A new ticket's starting values (defaults); read-only fields may keep them. */
  initial?: TicketValues | undefined;
  /** The name of the status in `values.situacao`, and of the stored one. */
  status: string | null;
  previousStatus: string | null;
  /** The account's room. */
  room: number;
  /** Today in the company's time zone, 'YYYY-MM-DD'. */
  today: string;
  /** The fields the subject has (others get no rule); all of them when absent. */
  fields?: ReadonlySet<string> | undefined;
  /** Field names for messages (the attributes' names); the demo's names when absent. */
  names?: Partial<Record<string, string>> | undefined;
}

export interface TicketFieldRule {
  required: boolean;
  /** Not editable by this room (the value must stay as it is). */
  readOnly: boolean;
  /** Not editable until another field allows it (a dependency, rework). */
  blocked: boolean;
  hint?: string | undefined;
  /** The stored value is dropped by this write unless the write gives the field a value. */
  reset: boolean;
  /** The first broken rule, in pt-BR. */
  error?: string | undefined;
  /** The status: the names this room may choose (any when absent). */
  choices?: readonly string[] | undefined;
}

export type TicketRules = Record<TicketField, TicketFieldRule>;

export interface TicketRuleError {
  field: TicketField;
  message: string;
}

/** Lower case, no accents, single spaces: statuses are compared by name this way. */
export function normalizeStatus(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Two values of one field are the same value (ids as numbers or strings, instants by time). */
export function sameTicketValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (isBlank(a) || isBlank(b)) return false;
  if (typeof a === 'string' && typeof b === 'string') {
    if (a.trim() === b.trim()) return true;
    if (/^\d{4}-\d{2}-\d{2}T/.test(a) && /^\d{4}-\d{2}-\d{2}T/.test(b)) {
      const ta = Date.parse(a);
      return !Number.isNaN(ta) && ta === Date.parse(b);
    }
    return false;
  }
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string'))
    return String(a).trim() === String(b).trim();
  return JSON.stringify(a) === JSON.stringify(b);
}

const blank = (v: unknown) => isBlank(v);

/**
 * Every field's rule for one ticket write: whether it is required, read-only, blocked, reset, its
 * hint and its first error. A write is accepted when no field has an error, after the caller has
 * dropped the stored value of every `reset` field the write did not give (see `resolveTicketWrite`).
 */
export function ticketRules(input: TicketRuleInput): TicketRules {
  const { values, previous, room } = input;
  const has = (f: TicketField) => input.fields === undefined || input.fields.has(f);
  const name = (f: TicketField) => input.names?.[f] ?? DEFAULT_NAMES[f];
  const editing = previous !== null;
  const before = previous ?? {};
  const baseline = previous ?? input.initial ?? {};
  const customer = room === CUSTOMER_ROOM;
  const exempt = room === ADMIN_ROOM || room === CUSTOMER_ROOM;
  const status = normalizeStatus(input.status);
  const statusChanged = editing && !sameTicketValue(values.situacao, before.situacao);
  const changed = (f: TicketField) => editing && !sameTicketValue(values[f], before[f]);
  /** A value that was set and is now different (the first value set is not a change). */
  const moved = (f: TicketField) => editing && !blank(before[f]) && !sameTicketValue(values[f], before[f]);

  const rules = {} as TicketRules;
  for (const f of TICKET_FIELDS)
    rules[f] = { required: false, readOnly: false, blocked: false, reset: false };
  const requiredError = (f: TicketField) =>
    SELECTS.has(f) ? ticketMessage('selectRequired') : ticketMessage('required', { name: name(f) });

  // Title: at least two words.
  rules.titulo.required = true;

  // Classification, when editing, except for the administrators' and the customers' rooms.
  if (editing && !exempt) for (const f of REQUIRED_WHEN_EDITING) rules[f].required = true;

  // Dependencies: a field waits for its parent; a changed (or dropped) parent drops its children.
  for (const [child, parent] of DEPENDS_ON) {
    if (!has(parent)) continue;
    rules[child].blocked = blank(values[parent]);
    if (rules[child].blocked) rules[child].hint = ticketMessage('dependsOnHint', { parent: name(parent) });
    rules[child].reset = editing && (rules[parent].reset || changed(parent));
  }

  // Closing statuses ask for the diagnosis.
  const closing = CLOSING_STATUSES.has(status);
  if (closing)
    for (const f of ['diagnostico', 'detalhesdiagnostico', 'ofensor'] as const) rules[f].required = true;

  // Step forecast: for statuses 'em …'; a new status starts a new step.
  rules.previsaoetapa.required = /^em( |$)/.test(status);
  rules.previsaoetapa.reset = statusChanged;

  // Ticket forecast: for 'aguardando desenvolvimento', not before today when set or on entering it.
  const awaitingDevelopment = status === 'aguardando desenvolvimento';
  rules.previsaochamado.required = awaitingDevelopment;

  // Conclusion: dropped on entering an 'aguardando …' status.
  rules.conclusao.reset = statusChanged && status.startsWith('aguardando');

  // Reason for change: when a forecast moves (the step's only while the status stays).
  const forecastMoved = (!statusChanged && moved('previsaoetapa')) || moved('previsaochamado');
  rules.motivoalteracao.required = forecastMoved;
  rules.motivoalteracao.reset = forecastMoved;

  // Rework ticket id: only with rework, and then required.
  const rework = values.retrabalho === true;
  rules.chamadoretrabalho.blocked = !rework;
  rules.chamadoretrabalho.required = rework;
  rules.chamadoretrabalho.reset = editing && !rework;
  if (!rework && has('retrabalho'))
    rules.chamadoretrabalho.hint = ticketMessage('reworkHint', { rework: name('retrabalho') });

  // The customers' room: who the ticket is for stays; the status only to confirm the conclusion.
  if (customer) {
    rules.telefone.readOnly = true;
    if (editing) {
      rules.cliente.readOnly = true;
      rules.solicitante.readOnly = true;
    }
    const choices = editing ? customerStatusChoices(input.previousStatus) : [];
    rules.situacao.readOnly = choices.length === 0;
    if (choices.length > 0) {
      rules.situacao.choices = choices;
      rules.situacao.required = true;
      rules.situacao.hint = ticketMessage('closeHint', { status: FINISHED_STATUS });
    }
  }

  for (const f of TICKET_FIELDS) {
    const rule = rules[f];
    if (!has(f)) {
      rules[f] = { required: false, readOnly: false, blocked: false, reset: false };
      continue;
    }
    if (rule.readOnly) {
      rule.required = false;
      rule.reset = false;
    }
    rule.error = errorOf(f);
  }
  return rules;

  function errorOf(f: TicketField): string | undefined {
    const rule = rules[f];
    const value = values[f];
    if (rule.readOnly && !sameTicketValue(value, baseline[f])) {
      return ticketMessage(editing ? 'readOnlyChanged' : 'readOnlyFilled', { name: name(f) });
    }
    if (
      f === 'situacao' &&
      rule.choices &&
      !blank(value) &&
      !rule.choices.some((c) => normalizeStatus(c) === status)
    ) {
      return ticketMessage('statusNotAllowed', {
        status: input.status ?? String(value),
        choices: rule.choices.map((c) => `"${c}"`).join(' ou '),
      });
    }
    if (rule.blocked) {
      const parent = DEPENDS_ON.find(([child]) => child === f)?.[1];
      if (f === 'chamadoretrabalho') {
        return blank(value)
          ? undefined
          : ticketMessage('reworkBlocked', { name: name(f), rework: name('retrabalho') });
      }
      if (parent && (!blank(value) || rule.required))
        return ticketMessage('dependsOn', { parent: name(parent), name: name(f) });
      return undefined;
    }
    if (blank(value)) {
      if (!rule.required) return undefined;
      return f === 'motivoalteracao' ? ticketMessage('reasonRequired') : requiredError(f);
    }
    if (f === 'titulo' && typeof value === 'string' && countWords(value) < 2)
      return message('textMinWords', { name: name(f), n: 2 });
    if (f === 'detalhesdiagnostico' && closing && typeof value === 'string') {
      if (countWords(value) < 2) return message('textMinWords', { name: name(f), n: 2 });
      if (countCharacters(value.trim()) < 20) return message('textMinChars', { name: name(f), n: 20 });
    }
    if (f === 'previsaochamado' && awaitingDevelopment && (!editing || statusChanged || changed(f))) {
      const day = typeof value === 'string' ? value.slice(0, 10) : '';
      const today = parseIsoDate(input.today);
      if (today && parseIsoDate(day) && day < input.today)
        return message('dateNotBeforeNow', { now: formatDate(today) });
    }
    return undefined;
  }
}

/** The broken rules of a write, one per field, in the fields' order. */
export function ticketErrors(rules: TicketRules): TicketRuleError[] {
  return TICKET_FIELDS.flatMap((field) => {
    const error = rules[field].error;
    return error === undefined ? [] : [{ field, message: error }];
  });
}

export interface TicketWrite {
  /** The fields this write gives, with their values. */
  given: TicketValues;
  previous: TicketValues | null;
  /** A new ticket's default values (given values override them). */
  initial?: TicketValues | undefined;
  /** The name of a status id (the given or stored one). */
  statusName: (id: unknown) => string | null;
  room: number;
  today: string;
  fields?: ReadonlySet<string> | undefined;
  names?: Partial<Record<string, string>> | undefined;
}

export interface ResolvedTicketWrite {
  /** The values the ticket ends with. */
  values: TicketValues;
  /** Stored values this write drops (the reset fields it did not give). */
  resets: TicketField[];
  rules: TicketRules;
  errors: TicketRuleError[];
}

/**
 * A whole write as the server judges it: the stored values with the given ones on top, the stored
 * value of every reset field the write did not give dropped, then the rules of the result.
 */
export function resolveTicketWrite(write: TicketWrite): ResolvedTicketWrite {
  const base: TicketValues = { ...(write.previous ?? write.initial ?? {}) };
  const values: TicketValues = { ...base, ...write.given };
  const input = (v: TicketValues): TicketRuleInput => ({
    values: v,
    previous: write.previous,
    initial: write.initial,
    status: write.statusName(v.situacao),
    previousStatus: write.previous ? write.statusName(write.previous.situacao) : null,
    room: write.room,
    today: write.today,
    fields: write.fields,
    names: write.names,
  });
  const resets: TicketField[] = [];
  // A reset can reset another (a dropped software drops its category): until nothing moves.
  for (let round = 0; round < TICKET_FIELDS.length; round++) {
    const rules = ticketRules(input(values));
    const next = TICKET_FIELDS.filter(
      (f) => rules[f].reset && !Object.hasOwn(write.given, f) && !blank(values[f]),
    );
    if (next.length === 0) break;
    for (const f of next) {
      values[f] = null;
      resets.push(f);
    }
  }
  const rules = ticketRules(input(values));
  return { values, resets, rules, errors: ticketErrors(rules) };
}
