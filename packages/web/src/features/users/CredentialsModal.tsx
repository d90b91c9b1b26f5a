import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { saveBlob } from '../../fields/editors/complex/download-blob.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { credentialsCsv, credentialsFileName, credentialsJson, type Issued } from './credentials.ts';
import { usersText } from '../../i18n/users.ts';

const text = usersText.credentials;

/**
 * Shown once after an integration account is created (001 §2.3, §4): the hash and the password,
 * the password hidden until asked; clicking a field copies it; CSV and JSON downloads. A person
 * created without a password gets the one the server generated, shown the same way (no files).
 */
export function CredentialsModal(props: {
  credentials: Issued | null;
  appName: string;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(false);
  const c = props.credentials;
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ kind: 'success', message: text.copied(label) });
    } catch {
      notify({ kind: 'alert', message: text.copyFailed });
    }
  };
  const download = (extension: 'csv' | 'json') => {
    if (c?.kind !== 'integration') return;
    const body = extension === 'csv' ? credentialsCsv(c) : credentialsJson(c);
    const type = extension === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
    saveBlob(new Blob([body], { type }), credentialsFileName(props.appName, new Date(), extension));
  };
  return (
    <Modal
      opened={c !== null}
      onClose={props.onClose}
      title={c?.kind === 'person' ? text.personTitle : text.title}
      size={560}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {c && (
        <Stack gap="md">
          <Text size="sm">{c.kind === 'person' ? text.personIntro : text.intro}</Text>
          {c.kind === 'integration' && (
            <TextInput
              label={text.hash}
              description={text.copyHint}
              value={c.hash}
              readOnly
              className="credential-field"
              onClick={() => void copy(text.hash, c.hash)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void copy(text.hash, c.hash);
              }}
            />
          )}
          <TextInput
            label={text.password}
            description={text.copyHint}
            value={c.password}
            type={shown ? 'text' : 'password'}
            readOnly
            className="credential-field"
            onClick={() => void copy(text.password, c.password)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void copy(text.password, c.password);
            }}
            rightSection={
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={shown ? text.hide : text.show}
                title={shown ? text.hide : text.show}
                aria-pressed={shown}
                onClick={(e) => {
                  e.stopPropagation();
                  setShown((s) => !s);
                }}
              >
                <Icon name={shown ? 'visibility_off' : 'visibility'} />
              </ActionIcon>
            }
          />
          <Group justify="space-between">
            {c.kind === 'integration' ? (
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<Icon name="download" />}
                  onClick={() => download('csv')}
                >
                  {text.csv}
                </Button>
                <Button
                  variant="light"
                  leftSection={<Icon name="download" />}
                  onClick={() => download('json')}
                >
                  {text.json}
                </Button>
              </Group>
            ) : (
              <span />
            )}
            <Button onClick={props.onClose} data-autofocus>
              {text.close}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
