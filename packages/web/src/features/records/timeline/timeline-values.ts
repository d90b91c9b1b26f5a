import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { booleanLabel, readBooleanValue } from '@talkbase/domain/fields/boolean';
import { formatDate, parseAnyDate } from '@talkbase/domain/fields/civil-date';
import { decimalFormatOf, formatDecimal } from '@talkbase/domain/fields/decimal';
import { formatIdentification } from '@talkbase/domain/fields/identification';
import { formatPlate } from '@talkbase/domain/fields/licence-plate';
import { formatPhone } from '@talkbase/domain/fields/phone';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';

/** Structures (filter trees, time windows…) are shown as their JSON, cut to this length. */
const MAX_STRUCTURE_CHARS = 120;

/**
 * The timeline keeps each value as its database text (talks.service `stringify`): booleans '1'/'0',
 * date-times epoch milliseconds, multi-valued and file attributes a JSON list, structures JSON.
 * Canonical API values (true, ISO instants, arrays) are read too, so a later server that answers
 * them keeps working.
 */
function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // undefined (and functions) have no JSON text.
  const json = JSON.stringify(value) as string | undefined;
  return json ?? '';
}

function readInstant(value: unknown): Date | undefined {
  const millis =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+$/.test(value.trim())
        ? Number(value)
        : typeof value === 'string'
          ? Date.parse(value)
          : NaN;
  return Number.isFinite(millis) ? new Date(millis) : undefined;
}

function shorten(text: string): string {
  return text.length > MAX_STRUCTURE_CHARS ? `${text.slice(0, MAX_STRUCTURE_CHARS - 1)}…` : text;
}

/** One (not multi-valued) value in human form, by the attribute's component. */
function formatOne(attribute: ContextSubjectAttribute, value: unknown): string {
  const componentId = resolveComponentId(attribute.componentId);
  const kind = componentId === undefined ? undefined : valueKindOf(componentId);
  const text = asText(value);
  switch (kind) {
    case 'boolean': {
      const read = readBooleanValue(value);
      return read === undefined ? text : booleanLabel(read);
    }
    case 'decimal': {
      const n = typeof value === 'number' ? value : Number(text);
      return Number.isFinite(n) ? formatDecimal(n, decimalFormatOf(attribute)) : text;
    }
    case 'date': {
      const date = parseAnyDate(text.slice(0, 10));
      return date ? formatDate(date) : text;
    }
    case 'datetime': {
      const instant = readInstant(value);
      return instant ? formatDateTime(instant, DEFAULT_TIME_ZONE) : text;
    }
    case 'reference': {
      const id = typeof value === 'object' && value !== null && 'id' in value ? value.id : value;
      return `#${asText(id)}`;
    }
    case 'json':
      return shorten(typeof value === 'string' ? value : asText(value));
    default:
      break;
  }
  if (componentId === 2) return formatIdentification(text);
  if (componentId === 6) return formatPhone(text);
  if (componentId === 31) return formatPlate(text);
  return text;
}

/** A list value: file names, or the items of a multi-valued attribute. */
export function readList(value: unknown): unknown[] | undefined {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? (parsed as unknown[]) : undefined;
}

/**
 * A stored timeline value in human form: Sim/Não, dd/MM/yyyy, dd/MM/yyyy HH:mm (America/Sao_Paulo),
 * 1.234,56, masks, '#id' for references, items joined by ', '. `null` when the value is empty.
 */
export function formatTimelineValue(
  attribute: ContextSubjectAttribute | undefined,
  value: unknown,
): string | null {
  if (isEmpty(value)) return null;
  if (!attribute) return shorten(asText(value));
  const kind = valueKindOf(resolveComponentId(attribute.componentId) ?? 0);
  if (attribute.isMultipleValues || kind === 'file') {
    const list = readList(value);
    if (list) {
      if (list.length === 0) return null;
      return list.map((item) => (kind === 'file' ? asText(item) : formatOne(attribute, item))).join(', ');
    }
  }
  return formatOne(attribute, value);
}

/** The names a file change added and removed (the timeline stores the lists before and after). */
export function fileChanges(oldValue: unknown, newValue: unknown): { added: string[]; removed: string[] } {
  const before = (readList(oldValue) ?? []).map(asText);
  const after = (readList(newValue) ?? []).map(asText);
  return {
    added: after.filter((name) => !before.includes(name)),
    removed: before.filter((name) => !after.includes(name)),
  };
}
