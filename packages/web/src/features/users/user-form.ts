import {
  ACCOUNT_TYPE,
  type AccountDetail,
  type AccountListItem,
  type CreateAccountBody,
  type UpdateAccountBody,
} from '@talkbase/domain/contracts/account';
import { isValidEmail } from '@talkbase/domain/fields/email';
import { formatPhone, isValidPhone } from '@talkbase/domain/fields/phone';
import { ApiError } from '../../api/client.ts';
import type { ImageValue } from '../../fields/editors/complex/ImagePicker.tsx';
import type { Delimitation } from '../delimitations/delimitation-draft.ts';
import { usersText } from '../../i18n/users.ts';

const text = usersText.form;

/** Component 4 (single select) sends only its first value (001 §5). */
const SINGLE_SELECT = 4;

/** A 'Configuração de campos' row: an attribute and its value. */
export interface AttributeRow {
  key: number;
  attributeId: number | null;
  componentId: number | null;
  value: unknown;
}

export interface UserFormValues {
  accountType: 1 | 2 | null;
  roomId: number | null;
  firstName: string;
  lastName: string;
  displayName: string;
  phoneNumber: string;
  appName: string;
  email: string;
  profileImage: ImageValue | null;
  attributes: AttributeRow[];
  sharedTalks: Delimitation[];
}

export type UserFormErrors = Partial<Record<string, string>>;

export const emptyUserForm: UserFormValues = {
  accountType: ACCOUNT_TYPE.person,
  roomId: null,
  firstName: '',
  lastName: '',
  displayName: '',
  phoneNumber: '',
  appName: '',
  email: '',
  profileImage: null,
  attributes: [{ key: 1, attributeId: null, componentId: null, value: null }],
  sharedTalks: [],
};

/** The name a list shows: the app's for an integration, first and last names for a person. */
export function accountName(
  a: Pick<AccountListItem, 'accountType' | 'appName' | 'firstName' | 'lastName' | 'displayName'>,
): string {
  if (a.accountType === ACCOUNT_TYPE.integration) return a.appName ?? a.displayName;
  return [a.firstName, a.lastName].filter(Boolean).join(' ') || a.displayName;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Whether anything was filled in (Limpar shows only then). */
export function isFilled(v: UserFormValues): boolean {
  return (
    v.roomId !== null ||
    [v.firstName, v.lastName, v.displayName, v.phoneNumber, v.appName, v.email].some(
      (s) => s.trim() !== '',
    ) ||
    v.profileImage !== null ||
    v.sharedTalks.length > 0 ||
    v.attributes.some((r) => r.attributeId !== null || !isEmptyValue(r.value))
  );
}

function requireText(errors: UserFormErrors, field: string, value: string, max: number): void {
  if (!value.trim()) errors[field] = text.required;
  else if (value.trim().length > max) errors[field] = text.maxLength(max);
}

/** The form's rules (001 §5); the server checks them again. */
export function validateUser(v: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (v.accountType === null) errors.accountType = text.required;
  if (v.roomId === null) errors.roomId = text.roomRequired;
  if (v.accountType === ACCOUNT_TYPE.person) {
    requireText(errors, 'firstName', v.firstName, 150);
    requireText(errors, 'lastName', v.lastName, 250);
    requireText(errors, 'displayName', v.displayName, 50);
    requireText(errors, 'phoneNumber', v.phoneNumber, 50);
    if (!errors.phoneNumber && !isValidPhone(v.phoneNumber.trim())) errors.phoneNumber = text.phoneInvalid;
    requireText(errors, 'email', v.email, 150);
    if (!errors.email && !isValidEmail(v.email.trim())) errors.email = text.emailInvalid;
  } else if (v.accountType === ACCOUNT_TYPE.integration) {
    requireText(errors, 'appName', v.appName, 150);
    requireText(errors, 'displayName', v.displayName, 150);
  }
  // Every attribute row after the first is required (001 §5); the first may stay empty.
  v.attributes.forEach((row, i) => {
    const touched = row.attributeId !== null || !isEmptyValue(row.value);
    if (i === 0 && !touched) return;
    if (row.attributeId === null) errors[`attributes.${i}.attributeId`] = text.required;
    else if (isEmptyValue(row.value)) errors[`attributes.${i}.value`] = text.required;
  });
  return errors;
}

function attributesBody(rows: AttributeRow[]) {
  return rows
    .filter((r) => r.attributeId !== null && !isEmptyValue(r.value))
    .map((r) => ({
      attributeId: r.attributeId ?? 0,
      value: (r.componentId === SINGLE_SELECT && Array.isArray(r.value) ? r.value[0] : r.value) as never,
    }));
}

function sharedTalksBody(list: Delimitation[]) {
  return list.map((d) => ({
    subjectIdentifier: d.subjectIdentifier,
    name: d.name ?? null,
    talks: d.talks.map((x) => ({ id: x.id })),
  }));
}

/** A new image is sent with its content; a stored one unchanged is left out (kept). */
function imageBody(image: ImageValue | null, hadImage: boolean) {
  if (image?.data) return { profileImage: { name: image.name, type: image.type, data: image.data } };
  if (!image && hadImage) return { profileImage: null };
  return {};
}

export function toCreateBody(v: UserFormValues): CreateAccountBody {
  const extras = {
    ...imageBody(v.profileImage, false),
    attributes: attributesBody(v.attributes),
    sharedTalks: sharedTalksBody(v.sharedTalks),
  };
  if (v.accountType === ACCOUNT_TYPE.integration) {
    return {
      accountType: ACCOUNT_TYPE.integration,
      roomId: v.roomId ?? 0,
      appName: v.appName.trim(),
      displayName: v.displayName.trim(),
      ...extras,
    };
  }
  return {
    accountType: ACCOUNT_TYPE.person,
    roomId: v.roomId ?? 0,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    displayName: v.displayName.trim(),
    phoneNumber: v.phoneNumber.trim(),
    email: v.email.trim(),
    ...extras,
  };
}

export function toUpdateBody(v: UserFormValues, hadImage: boolean): UpdateAccountBody {
  const common = {
    roomId: v.roomId ?? 0,
    displayName: v.displayName.trim(),
    ...imageBody(v.profileImage, hadImage),
    attributes: attributesBody(v.attributes),
    sharedTalks: sharedTalksBody(v.sharedTalks),
  };
  if (v.accountType === ACCOUNT_TYPE.integration) return { ...common, appName: v.appName.trim() };
  return {
    ...common,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    phoneNumber: v.phoneNumber.trim(),
    email: v.email.trim(),
  };
}

/** The form of a stored account; a stored image is `{data: null, url: null}` until it is shown. */
export function fromAccount(a: AccountDetail): UserFormValues {
  return {
    accountType: a.accountType === ACCOUNT_TYPE.integration ? ACCOUNT_TYPE.integration : ACCOUNT_TYPE.person,
    roomId: a.roomId,
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    displayName: a.displayName,
    phoneNumber: a.phoneNumber ? formatPhone(a.phoneNumber) : '',
    appName: a.appName ?? '',
    email: a.email ?? '',
    profileImage: a.profileImage
      ? { name: a.profileImage.name, type: a.profileImage.type, data: null, url: null }
      : null,
    attributes: a.attributes.length
      ? a.attributes.map((x, i) => ({
          key: i + 1,
          attributeId: x.attributeId,
          componentId: x.componentId,
          value: x.value,
        }))
      : emptyUserForm.attributes,
    sharedTalks: a.sharedTalks,
  };
}

/**
 * A failed save's messages under their fields. 422 (001 §5): 'Nome do Aplicativo já cadastrado'
 * under the app name, otherwise 'Esse e-mail já possui cadastro' under the e-mail. A 400 names its
 * fields itself. Answers null when no field is named (the caller shows a notice).
 */
export function fieldErrorsOf(err: unknown): UserFormErrors | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 422) {
    const appName = err.errors.find((e) => e.message === text.appNameTaken);
    if (appName) return { appName: text.appNameTaken };
    const named = err.errors.filter((e) => e.field && e.field !== 'email');
    if (named.length) return Object.fromEntries(named.map((e) => [e.field ?? '', e.message]));
    return { email: text.emailTaken };
  }
  if (err.status === 400) {
    const named = err.errors.filter((e) => e.field);
    if (named.length) return Object.fromEntries(named.map((e) => [e.field ?? '', e.message]));
  }
  return null;
}
