import { Loader, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configFlag } from '@talkbase/domain/fields/component-config';
import {
  CNPJ_FORMATTED_LENGTH,
  CPF_FORMATTED_LENGTH,
  FOREIGN_IDENTIFICATION_MAX_DIGITS,
  formatIdentification,
  identificationInUseMessage,
  isValidIdentification,
} from '@talkbase/domain/fields/identification';
import { message } from '@talkbase/domain/fields/messages';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { naturalKeyTaken } from './natural-key.ts';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';

function identificationCodec(foreign: boolean): TextCodec {
  const format = (text: string) => formatIdentification(text, { foreign });
  return {
    show: (value) => (typeof value === 'string' ? format(value) : ''),
    mask: format,
    read: (text) => {
      if (isValidIdentification(text, { foreign })) return { value: text };
      const complete = foreign
        ? text.length >= FOREIGN_IDENTIFICATION_MAX_DIGITS
        : text.length === CPF_FORMATTED_LENGTH || text.length === CNPJ_FORMATTED_LENGTH;
      return { error: message('identificationInvalid'), complete };
    },
  };
}

/**
 * CNPJ/CPF (2, 'Identificacao'): masked as typed, 000.000.000-00 up to 11 digits and
 * 00.000.000/0000-00 beyond (or with letters: the alphanumeric CNPJ); with the config flag
 * `foreignCustomer`, up to 20 digits without a mask. Emits the text as shown: the server stores
 * component 2 as the text it receives and its natural-key index compares that text, so every
 * editor must send the same (masked) form.
 *
 * A natural-key attribute checks, once the number is valid, whether another record (active or
 * not) already has it: 'Verificando...' meanwhile, then '{name} já está sendo usado' (spec 002 §5,
 * the same text the server answers when saving) reported as an input error.
 */
export function IdentificationEditor(props: FieldEditorProps) {
  const { attribute, subject, talkId, readOnly } = props;
  const foreign = configFlag(attribute.componentConfigs, 'foreignCustomer');
  const candidate =
    typeof props.value === 'string' && isValidIdentification(props.value, { foreign }) ? props.value : null;
  const check = useQuery({
    queryKey: ['natural-key', subject, attribute.identifier, candidate, talkId],
    queryFn: ({ signal }) => naturalKeyTaken(subject, attribute.identifier, candidate ?? '', talkId, signal),
    enabled: attribute.isNaturalKey && candidate !== null && !readOnly,
    staleTime: 30_000,
  });
  const inUse =
    attribute.isNaturalKey && candidate !== null && check.data === true
      ? identificationInUseMessage(attribute.name)
      : undefined;
  const field = useMaskedText(props, identificationCodec(foreign), { extraError: inUse });
  const checking = check.isFetching;

  return (
    <TextInput
      {...inputChrome(props, field.error)}
      maxLength={foreign ? FOREIGN_IDENTIFICATION_MAX_DIGITS : CNPJ_FORMATTED_LENGTH}
      autoCapitalize="characters"
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      rightSectionWidth={checking ? 110 : undefined}
      rightSection={
        checking ? (
          <span role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
            <Loader size={12} />
            {message('identificationChecking')}
          </span>
        ) : undefined
      }
    />
  );
}
