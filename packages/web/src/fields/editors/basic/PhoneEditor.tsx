import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { configValue } from '@talkbase/domain/fields/component-config';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { message } from '@talkbase/domain/fields/messages';
import { formatPhone, isValidPhone, PHONE_MAX_LENGTH, phoneDigits } from '@talkbase/domain/fields/phone';
import { useState } from 'react';
import { apiRequest } from '../../../api/client.ts';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';
import { fieldsText } from '../../../i18n/fields.ts';

function phoneCodec(name: string): TextCodec {
  return {
    show: (value) => (typeof value === 'string' ? formatPhone(value) : ''),
    mask: formatPhone,
    read: (text) =>
      isValidPhone(text)
        ? { value: text }
        : { error: message('phoneInvalid', { name }), complete: phoneDigits(text).length >= 11 },
  };
}

/** Config keys that may hold the lookup path (spec 002 §7 "GET on phone fields (path from configuration)"). */
const LOOKUP_KEYS = ['phoneLookupPath', 'lookupPath', 'path'];

/**
 * The lookup call of a phone attribute, always under this API (the bearer token must never leave
 * for another host): 'account/phone', '/account/phone' and '/api/account/phone' all become
 * '/api/account/phone'; absolute URLs are refused. `{talkId}` and `{subject}` are filled in.
 */
export function phoneLookupPath(configs: unknown, subject: string, talkId: number): string | undefined {
  const raw = LOOKUP_KEYS.map((key) => configValue(configs, key)).find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  if (raw === undefined) return undefined;
  const path = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.includes('\\')) return undefined;
  const relative = path
    .replace(/^\/+/, '')
    .replace(/\{talkId\}/g, String(talkId))
    .replace(/\{subject\}/g, encodeURIComponent(subject));
  return relative.toLowerCase().startsWith('api/') ? `/${relative}` : `/api/${relative}`;
}

/**
 * Phone (6): (##) ####-#### or (##) #####-####, at most 15 characters; emits the formatted text
 * (stored as text; phones compare on their digits). With a lookup path in its configuration a
 * button fills the number from the answer's `phoneNumber`.
 */
export function PhoneEditor(props: FieldEditorProps) {
  const field = useMaskedText(props, phoneCodec(attributeName(props.attribute)));
  const lookupPath = phoneLookupPath(props.attribute.componentConfigs, props.subject, props.talkId);
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<string | undefined>(undefined);

  const lookUp = async (path: string) => {
    setLooking(true);
    setLookupError(undefined);
    try {
      const answer = await apiRequest<{ phoneNumber?: unknown }>(path);
      const phone = typeof answer.phoneNumber === 'string' ? answer.phoneNumber : '';
      if (phoneDigits(phone) === '') setLookupError(fieldsText.phoneLookupNotFound);
      else field.type(phone);
    } catch {
      setLookupError(fieldsText.phoneLookupFailed);
    } finally {
      setLooking(false);
    }
  };

  const lookupButton =
    lookupPath !== undefined && !props.readOnly ? (
      <Tooltip label={fieldsText.phoneLookup}>
        <ActionIcon
          variant="subtle"
          aria-label={fieldsText.phoneLookup}
          loading={looking}
          onClick={() => void lookUp(lookupPath)}
        >
          <Icon name="phone_forwarded" size="1.2em" />
        </ActionIcon>
      </Tooltip>
    ) : undefined;

  return (
    <TextInput
      {...inputChrome(props, field.error ?? lookupError)}
      type="tel"
      inputMode="tel"
      maxLength={PHONE_MAX_LENGTH}
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      rightSection={lookupButton}
    />
  );
}
