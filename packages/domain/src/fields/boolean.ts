import { attributeName, fieldError, type FieldAttribute, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Yes/no/empty (10) and switch (27). The value is true, false or, for component 10 only, empty
 * (null). A required yes/no field hides the empty option; a switch never shows one (it is off
 * until turned on), so a switch is never "missing". Stored booleans also arrive as 'true'/'false',
 * 'S'/'N', 1/0 from older integrations.
 */
export const YES_NO_COMPONENT = 10;
export const SWITCH_COMPONENT = 27;

export interface BooleanOption {
  readonly value: boolean | null;
  readonly label: string;
}

/** true, false, null (empty) or undefined when the value is not a boolean at all. */
export function readBooleanValue(value: unknown): boolean | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (word === '') return null;
  if (['true', '1', 's', 'sim'].includes(word)) return true;
  if (['false', '0', 'n', 'não', 'nao'].includes(word)) return false;
  return undefined;
}

/** 'Sim', 'Não', or '' for empty. */
export function booleanLabel(value: boolean | null): string {
  if (value === null) return message('booleanEmpty');
  return value ? message('booleanYes') : message('booleanNo');
}

function isSwitch(componentId: unknown): boolean {
  return componentId === SWITCH_COMPONENT || componentId === String(SWITCH_COMPONENT);
}

/** The options the editor shows, in order: Sim, Não, then the empty one when allowed. */
export function booleanOptions(
  attribute: Pick<FieldAttribute, 'componentId' | 'isRequired'>,
): BooleanOption[] {
  const options: BooleanOption[] = [
    { value: true, label: booleanLabel(true) },
    { value: false, label: booleanLabel(false) },
  ];
  if (!isSwitch(attribute.componentId) && attribute.isRequired !== true) {
    options.push({ value: null, label: booleanLabel(null) });
  }
  return options;
}

export const booleanRule: FieldRule = {
  componentIds: [YES_NO_COMPONENT, SWITCH_COMPONENT],
  isEmpty: (value, attribute) => !isSwitch(attribute.componentId) && readBooleanValue(value) === null,
  validate(attribute, value) {
    const read = readBooleanValue(value);
    if (read === undefined) return [fieldError(message('invalidValue', { name: attributeName(attribute) }))];
    return [];
  },
};
