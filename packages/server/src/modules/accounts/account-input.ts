import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  accountAttributesSchema,
  accountSharedTalksSchema,
  profileImageInputSchema,
} from '@talkbase/domain/contracts/account';
import { PROFILE_IMAGE_MAX_BYTES } from '@talkbase/domain/contracts/account';
import { detectFileSignature } from '@talkbase/domain/fields/file-signature';
import { isAllowedImageName } from '@talkbase/domain/fields/file';
import type { Database } from '../../db/schema.ts';
import { HttpError, type ErrorItem } from '../../http/errors.ts';
import { accountMessages } from './account-messages.ts';

/** Component 4 (single select) keeps one value: a list sent for it is cut to its first item (001 §5). */
const SINGLE_SELECT = 4;

export interface CheckedImage {
  name: string;
  type: string;
  data: string;
}

/**
 * A new profile image: a .png, .jpeg or .jpg name whose bytes really are PNG or JPEG, at most 1 MB.
 * `undefined` keeps the stored image (a body without the field, or the stored image's `url`).
 */
export function checkImage(
  input: z.output<typeof profileImageInputSchema> | undefined,
  errors: ErrorItem[],
): CheckedImage | null | undefined {
  if (input === undefined) return undefined;
  if (input === null) return null;
  if (!input.data) return undefined;
  const field = 'profileImage';
  if (!isAllowedImageName(input.name)) {
    errors.push({ message: accountMessages.imageExtension, field });
    return undefined;
  }
  const body = input.data.startsWith('data:') ? input.data.slice(input.data.indexOf(',') + 1) : input.data;
  const compact = body.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    errors.push({ message: accountMessages.imageUnreadable, field });
    return undefined;
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    errors.push({ message: accountMessages.imageTooLarge, field });
    return undefined;
  }
  const signature = detectFileSignature(bytes.subarray(0, 16));
  if (signature !== 'png' && signature !== 'jpeg') {
    errors.push({ message: accountMessages.imageUnreadable, field });
    return undefined;
  }
  return {
    name: input.name,
    type: signature === 'png' ? 'image/png' : 'image/jpeg',
    data: bytes.toString('base64'),
  };
}

/** Shared records: each subject must be one of the company's. Answers the JSON to store. */
export async function checkSharedTalks(
  db: Kysely<Database>,
  companyId: number,
  input: z.output<typeof accountSharedTalksSchema> | undefined,
  errors: ErrorItem[],
): Promise<string | undefined> {
  if (input === undefined) return undefined;
  const identifiers = [...new Set(input.map((s) => s.subjectIdentifier))];
  const known = identifiers.length
    ? await db
        .selectFrom('subjects')
        .select('identifier')
        .where('company_id', '=', companyId)
        .where('identifier', 'in', identifiers)
        .execute()
    : [];
  const found = new Set(known.map((k) => k.identifier));
  input.forEach((s, i) => {
    if (!found.has(s.subjectIdentifier))
      errors.push({ message: accountMessages.unknownSubject, field: `sharedTalks.${i}.subjectIdentifier` });
  });
  return JSON.stringify(
    input.map((s) => ({
      subjectIdentifier: s.subjectIdentifier,
      name: s.name ?? null,
      talks: [...new Set(s.talks.map((t) => t.id))].map((id) => ({ id })),
    })),
  );
}

/** Attribute values: each attribute must be one of the company's; single selects keep one value. */
export async function checkAttributes(
  db: Kysely<Database>,
  companyId: number,
  input: z.output<typeof accountAttributesSchema> | undefined,
  errors: ErrorItem[],
): Promise<{ attributeId: number; value: string | null }[] | undefined> {
  if (input === undefined) return undefined;
  const ids = [...new Set(input.map((a) => a.attributeId))];
  const rows = ids.length
    ? await db
        .selectFrom('attributes')
        .select(['id', 'component_id'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const component = new Map(rows.map((r) => [r.id, r.component_id]));
  return input.map((a, i) => {
    const componentId = component.get(a.attributeId);
    if (componentId === undefined)
      errors.push({ message: accountMessages.unknownAttribute, field: `attributes.${i}.attributeId` });
    const value = componentId === SINGLE_SELECT && Array.isArray(a.value) ? (a.value[0] ?? null) : a.value;
    return { attributeId: a.attributeId, value: value === null ? null : JSON.stringify(value) };
  });
}

export function throwIfAny(errors: ErrorItem[]): void {
  if (errors.length) throw new HttpError(422, errors);
}
