/**
 * Lenient readers of `componentConfigs`. Configs are edited by administrators and stored as JSON,
 * so a flag may arrive as `true`, `"true"`, `1` or `"S"`, a number as `5` or `"5"`. The spec also
 * describes configs as a list of `{ configIdentifier, value }`; both shapes are accepted, keys are
 * matched case-insensitively. Anything unreadable counts as "not set".
 */

function entriesOf(configs: unknown): [string, unknown][] {
  if (configs === null || typeof configs !== 'object') return [];
  if (Array.isArray(configs)) {
    const entries: [string, unknown][] = [];
    for (const item of configs as unknown[]) {
      if (item === null || typeof item !== 'object') continue;
      const record = item as Record<string, unknown>;
      const key = record.configIdentifier ?? record.identifier ?? record.name ?? record.key;
      if (typeof key === 'string') entries.push([key, record.value]);
    }
    return entries;
  }
  return Object.entries(configs as Record<string, unknown>);
}

/** The raw value of a config key (case-insensitive), or undefined. */
export function configValue(configs: unknown, key: string): unknown {
  const wanted = key.toLowerCase();
  for (const [name, value] of entriesOf(configs)) {
    if (name.toLowerCase() === wanted) return value;
  }
  return undefined;
}

const TRUE_WORDS = new Set(['true', '1', 's', 'sim', 'y', 'yes']);

export function configFlag(configs: unknown, key: string): boolean {
  const value = configValue(configs, key);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') return TRUE_WORDS.has(value.trim().toLowerCase());
  return false;
}

/** A finite number, or undefined when the key is absent, blank or not numeric. */
export function configNumber(configs: unknown, key: string): number | undefined {
  const value = configValue(configs, key);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A whole number not below `min`, or undefined. */
export function configCount(configs: unknown, key: string, min = 0): number | undefined {
  const n = configNumber(configs, key);
  if (n === undefined) return undefined;
  const whole = Math.trunc(n);
  return whole >= min ? whole : undefined;
}

/** A list of strings: a JSON array, or a string separated by ';', ',' or line breaks. */
export function configStringList(configs: unknown, key: string): string[] {
  const value = configValue(configs, key);
  const items: unknown[] =
    typeof value === 'string' ? value.split(/[;,\n]/) : Array.isArray(value) ? (value as unknown[]) : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
