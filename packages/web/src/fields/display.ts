import type { TalkValue } from '@talkbase/domain/contracts/talks';
import { booleanLabel, readBooleanValue } from '@talkbase/domain/fields/boolean';
import { formatDate, parseIsoDate } from '@talkbase/domain/fields/civil-date';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { decimalFormatOf, formatDecimal } from '@talkbase/domain/fields/decimal';
import type { FieldAttribute } from '@talkbase/domain/fields/field-rule';
import { formatIdentification } from '@talkbase/domain/fields/identification';
import { formatPlate } from '@talkbase/domain/fields/licence-plate';
import { formatPhone } from '@talkbase/domain/fields/phone';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';

/** A file item as a talk carries it: only its name is shown. */
const fileName = (item: unknown): string =>
  typeof item === 'object' && item !== null && 'name' in item ? plain(item.name) : '';

/**
 * A value as a person reads it in a grid cell or a read-only view (spec 002 §5): Sim/Não,
 * dd/MM/yyyy, 1.234,56, masks, the related record's name. Empty is ''.
 */
export function displayText(
  attribute: Pick<FieldAttribute, 'componentId' | 'componentConfigs' | 'name'>,
  talkValue: Pick<TalkValue, 'value' | 'displayValue'> | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const value = talkValue?.value;
  if (value === null || value === undefined || value === '') return '';
  const id = resolveComponentId(attribute.componentId) ?? 0;
  const kind = valueKindOf(id);
  if (Array.isArray(value)) {
    if (kind === 'file') return value.map(fileName).filter(Boolean).join(', ');
    if (kind === 'reference' && talkValue?.displayValue) return talkValue.displayValue;
    return value.map((v) => displayText(attribute, { value: v }, timeZone)).join(', ');
  }
  switch (kind) {
    case 'reference':
      return talkValue?.displayValue ?? `#${plain(value)}`;
    case 'boolean': {
      const b = readBooleanValue(value);
      return b === undefined || b === null ? '' : booleanLabel(b);
    }
    case 'date': {
      const date = typeof value === 'string' ? parseIsoDate(value.slice(0, 10)) : undefined;
      return date ? formatDate(date) : plain(value);
    }
    case 'datetime': {
      const at = typeof value === 'string' ? new Date(value) : undefined;
      return at && !Number.isNaN(at.getTime()) ? formatDateTime(at, timeZone) : plain(value);
    }
    case 'decimal':
      return typeof value === 'number' ? formatDecimal(value, decimalFormatOf(attribute)) : plain(value);
    case 'integer':
      return plain(value);
    case 'json':
      return jsonSummary(value);
    case 'file':
      return fileName(value);
    default:
      break;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (id === 2) return formatIdentification(text);
  if (id === 6) return formatPhone(text);
  if (id === 31) return formatPlate(text);
  return text;
}

function jsonSummary(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} itens`;
  if (typeof value === 'object' && value !== null) {
    const rules = (value as { rules?: unknown }).rules;
    if (Array.isArray(rules)) return rules.length === 1 ? '1 regra' : `${rules.length} regras`;
    return '…';
  }
  return plain(value);
}

/** A scalar as text; structures as JSON (never '[object Object]'). */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value == null ? '' : JSON.stringify(value);
}
