import { Alert, Loader, Modal, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { NotificationVariable } from '@talkbase/domain/contracts/notifications';
import { useState } from 'react';
import { notificationsText } from '../../i18n/notifications.ts';
import { Icon } from '../../ui/Icon.tsx';

const text = notificationsText.variables;
const GROUP_ORDER: NotificationVariable['group'][] = ['user', 'talk', 'subject', 'related'];

function matches(v: NotificationVariable, term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${v.label} ${v.variable}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** The '${' selector (001 §2.11): the recipient's, the record's and the subject's variables. */
export function VariablePicker(props: {
  opened: boolean;
  variables: readonly NotificationVariable[] | undefined;
  loading: boolean;
  failed: boolean;
  onPick: (variable: string) => void;
  onClose: () => void;
}) {
  const [term, setTerm] = useState('');
  const shown = (props.variables ?? []).filter((v) => matches(v, term));
  const close = () => {
    setTerm('');
    props.onClose();
  };
  const pick = (variable: string) => {
    setTerm('');
    props.onPick(variable);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={text.title}
      size={520}
      centered
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack gap="sm">
        <TextInput
          label={text.search}
          value={term}
          data-autofocus
          leftSection={<Icon name="search" />}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => {
            const first = shown[0];
            if (e.key === 'Enter' && first) {
              e.preventDefault();
              pick(first.variable);
            }
          }}
        />
        {props.loading && <Loader size="sm" aria-label={text.title} />}
        {props.failed && (
          <Alert color="red" variant="light" role="alert">
            {notificationsText.form.loadError}
          </Alert>
        )}
        {!props.loading && !props.failed && shown.length === 0 && <Text c="dimmed">{text.empty}</Text>}
        <ScrollArea.Autosize mah={360}>
          <ul className="variable-list" aria-label={text.title}>
            {GROUP_ORDER.flatMap((group) =>
              shown
                .filter((v) => v.group === group)
                .map((v) => (
                  <li key={v.variable}>
                    <NavLink
                      component="button"
                      type="button"
                      label={v.label}
                      description={`\${${v.variable}}`}
                      leftSection={<Icon name={iconOf(group)} />}
                      onClick={() => pick(v.variable)}
                    />
                  </li>
                )),
            )}
          </ul>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}

function iconOf(group: NotificationVariable['group']): string {
  if (group === 'user') return 'person';
  if (group === 'talk') return 'forum';
  if (group === 'related') return 'link';
  return 'data_object';
}
