/**
 * The carrier relationship, component 29 (spec 002 §3 "Join-object value"): several "from" items
 * (loads) joined to one "to" (the carrier). An item is a record of a related subject (`id`) or a
 * free label (`id: null`).
 *
 * Value (JSON): `{labelFrom: [{id, label}], labelTo: string}`. The server saves it as join records,
 * one per "from" item, in the record's own transaction (server modules/carrier-joins).
 */
export interface JoinItem {
  id: number | null;
  label: string;
}

export interface JoinObjectValue {
  labelFrom: JoinItem[];
  labelTo: string;
}

export const MAX_JOIN_ITEMS = 200;

/** Reads a stored value (plain labels are read as free items); an empty join when unreadable. */
export function readJoinObject(value: unknown): JoinObjectValue {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { labelFrom: [], labelTo: '' };
  const v = value as { labelFrom?: unknown; labelTo?: unknown };
  const labelFrom: JoinItem[] = [];
  for (const item of Array.isArray(v.labelFrom) ? (v.labelFrom as unknown[]) : []) {
    if (typeof item === 'string' && item.trim()) labelFrom.push({ id: null, label: item.trim() });
    else if (item && typeof item === 'object') {
      const { id, label } = item as { id?: unknown; label?: unknown };
      if (typeof label !== 'string' || !label.trim()) continue;
      labelFrom.push({
        id: typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null,
        label: label.trim(),
      });
    }
  }
  return {
    labelFrom: labelFrom.slice(0, MAX_JOIN_ITEMS),
    labelTo: typeof v.labelTo === 'string' ? v.labelTo : '',
  };
}

/** Whether the join has nothing in it (the required check's "empty"). */
export function isEmptyJoin(value: JoinObjectValue): boolean {
  return value.labelFrom.length === 0 && value.labelTo.trim() === '';
}

/** Adds an item unless the same record (or, for labels, the same text) is already listed. */
export function addJoinItem(value: JoinObjectValue, item: JoinItem): JoinObjectValue {
  const label = item.label.trim();
  if (!label) return value;
  const exists = value.labelFrom.some((i) =>
    item.id !== null ? i.id === item.id : i.id === null && i.label.toLowerCase() === label.toLowerCase(),
  );
  if (exists || value.labelFrom.length >= MAX_JOIN_ITEMS) return value;
  return { ...value, labelFrom: [...value.labelFrom, { id: item.id, label }] };
}
