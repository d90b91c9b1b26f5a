import { attributeName, fieldError, isBlank, type FieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * E-mail (13) and multiple e-mails (17, 33). A multiple value is one string with the addresses
 * separated by ';' (spec 002 §9). Every entry must be filled and be an address, and there must be
 * at least one.
 *
 * The address check is the practical one forms use (as in the HTML e-mail input): a local part of
 * the usual characters, '@', and a domain of dot-separated labels with at least one dot. Total
 * length at most 254.
 */
export const EMAIL_SEPARATOR = ';';

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  const address = value.trim();
  if (address.length > 254 || !EMAIL.test(address)) return false;
  const local = address.slice(0, address.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** The entries of a multiple value, trimmed; blank entries are kept so they can be reported. */
export function splitEmails(value: string): string[] {
  return value.split(EMAIL_SEPARATOR).map((entry) => entry.trim());
}

export function joinEmails(entries: readonly string[]): string {
  return entries.map((entry) => entry.trim()).join(EMAIL_SEPARATOR);
}

export function checkEmails(name: string, entries: readonly string[]): FieldError[] {
  if (entries.length === 0 || entries.every((entry) => entry.trim() === '')) {
    return [fieldError(message('emailAtLeastOne', { name }))];
  }
  const errors: FieldError[] = [];
  if (entries.some((entry) => entry.trim() === ''))
    errors.push(fieldError(message('emailEntryRequired', { name })));
  for (const entry of entries) {
    if (entry.trim() !== '' && !isValidEmail(entry)) {
      errors.push(fieldError(message('emailInvalid', { value: entry.trim() })));
    }
  }
  return errors;
}

export const emailRule: FieldRule = {
  componentIds: [13],
  validate(attribute, value) {
    if (typeof value !== 'string')
      return [fieldError(message('invalidValue', { name: attributeName(attribute) }))];
    return isValidEmail(value) ? [] : [fieldError(message('emailInvalid', { value: value.trim() }))];
  },
};

/** A trailing ';' (left by the editor after the last entry) is not an empty entry. */
function entriesOf(value: string): string[] {
  const entries = splitEmails(value);
  if (entries.length > 1 && entries[entries.length - 1] === '') entries.pop();
  return entries;
}

export const multipleEmailRule: FieldRule = {
  componentIds: [17, 33],
  requiredMessage: (attribute) => message('emailAtLeastOne', { name: attributeName(attribute) }),
  isEmpty: (value) =>
    isBlank(value) || (typeof value === 'string' && splitEmails(value).every((entry) => entry === '')),
  validate(attribute, value) {
    const name = attributeName(attribute);
    if (Array.isArray(value)) {
      // Array.from turns the holes of a sparse list into undefined, which `every` would skip.
      const entries = Array.from(value as unknown[]);
      if (entries.every((entry) => typeof entry === 'string')) return checkEmails(name, entries);
    }
    if (typeof value !== 'string') return [fieldError(message('invalidValue', { name }))];
    return checkEmails(name, entriesOf(value));
  },
};
