import { ActionIcon, Button, Input, Stack, TextInput } from '@mantine/core';
import { checkEmails, joinEmails, splitEmails } from '@talkbase/domain/fields/email';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { formatMessage, message } from '@talkbase/domain/fields/messages';
import { useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { inputChrome } from './FieldLabel.tsx';
import { sameValue } from './same-value.ts';
import { fieldsText } from '../../../i18n/fields.ts';

function entriesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value.trim() !== '') return splitEmails(value);
  return [''];
}

/** The message of one entry: blank, or not an address (domain email.ts). */
function entryProblem(name: string, entry: string): string | undefined {
  if (entry.trim() === '') return message('emailEntryRequired', { name });
  return checkEmails(name, [entry])[0]?.message;
}

/**
 * Multiple e-mails (17, 33): one e-mail input per address, joined by ';' into one string
 * ('a@x.com;b@y.com', spec 002 §3). Every entry is required and must be an address (the
 * messages of domain checkEmails, shown under the entry once left); an entry can be removed only
 * while there is more than one. All entries blank is null.
 */
export function MultiEmailEditor(props: FieldEditorProps) {
  const { id, label, value, readOnly, onChange, onBlur, variant } = props;
  const name = attributeName(props.attribute);
  const [entries, setEntries] = useState(() => entriesOf(value));
  const [seen, setSeen] = useState<unknown>(value);
  const [touched, setTouched] = useState<boolean[]>([]);
  if (!sameValue(seen, value)) {
    setSeen(value);
    setEntries(entriesOf(value));
    setTouched([]);
  }

  const commit = (next: string[]) => {
    setEntries(next);
    const joined = next.every((entry) => entry.trim() === '') && next.length === 1 ? null : joinEmails(next);
    if (sameValue(joined, seen)) return;
    setSeen(joined);
    onChange(joined);
  };

  const chrome = inputChrome(props);
  const entryLabel = (n: number) => formatMessage(fieldsText.emailEntry, { label, n });

  return (
    <Input.Wrapper
      labelElement="div"
      label={chrome.label}
      description={chrome.description}
      required={props.required}
      error={props.error}
      size={chrome.size}
    >
      <Stack gap={variant === 'cell' ? 2 : 'xs'} role="group" aria-label={label}>
        {entries.map((entry, index) => {
          const n = index + 1;
          const problem = touched[index] ? entryProblem(name, entry) : undefined;
          return (
            <TextInput
              // Entries have no identity of their own: position is what the user sees.
              key={index}
              id={index === 0 ? id : `${id}-${n}`}
              aria-label={entryLabel(n)}
              type="email"
              autoComplete="email"
              size={chrome.size}
              required
              readOnly={readOnly}
              value={entry}
              error={problem}
              onChange={(event) => {
                const next = [...entries];
                next[index] = event.currentTarget.value;
                commit(next);
              }}
              onBlur={() => {
                setTouched((before) => {
                  const after = [...before];
                  after[index] = true;
                  return after;
                });
                onBlur?.();
              }}
              rightSection={
                !readOnly && entries.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={formatMessage(fieldsText.removeEmail, { n })}
                    onClick={() => {
                      commit(entries.filter((_, i) => i !== index));
                      setTouched((before) => before.filter((_, i) => i !== index));
                    }}
                  >
                    <Icon name="close" size="1.1em" />
                  </ActionIcon>
                ) : undefined
              }
            />
          );
        })}
        {!readOnly && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<Icon name="add" size="1.1em" />}
            onClick={() => commit([...entries, ''])}
            style={{ alignSelf: 'flex-start' }}
          >
            {fieldsText.addEmail}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
