import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { fetchUsage, subjectKeys } from './subject-designer-api.ts';

const text = subjectDesignerText.remove;

/**
 * The removal of a subject or of one of its attributes: what is lost (records and files, counted
 * by the server) and a typed confirmation — the identifier — before the button acts.
 */
export function DeleteWithUsageModal(props: {
  opened: boolean;
  /** The subject; `attribute` when an attribute is removed. */
  subject: string;
  attribute?: { identifier: string; name: string; saved: boolean } | undefined;
  subjectName: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.attribute ? text.attributeTitle(props.attribute.name) : text.subjectTitle(props.subjectName)
      }
      size={520}
      centered
      closeButtonProps={{ 'aria-label': subjectDesignerText.attribute.close }}
    >
      {props.opened && <DeleteBody {...props} />}
    </Modal>
  );
}

function DeleteBody(props: Parameters<typeof DeleteWithUsageModal>[0]) {
  const [typed, setTyped] = useState('');
  const saved = props.attribute ? props.attribute.saved : true;
  const usage = useQuery({
    queryKey: subjectKeys.usage(props.subject, props.attribute?.identifier),
    queryFn: ({ signal }) => fetchUsage(props.subject, props.attribute?.identifier, signal),
    enabled: saved,
    staleTime: 0,
  });
  const expected = props.attribute?.identifier ?? props.subject;
  const matches = typed.trim() === expected;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (matches && !props.busy) props.onConfirm();
      }}
    >
      <Stack gap="sm">
        {!saved && <Text>{text.draftLoss}</Text>}
        {saved && usage.isPending && (
          <Group gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{text.counting}</Text>
          </Group>
        )}
        {saved && usage.isError && (
          <Alert color="yellow" variant="light">
            {text.countError}
          </Alert>
        )}
        {saved && usage.data && (
          <Alert color="red" variant="light" role="alert" data-testid="delete-loss">
            {props.attribute
              ? text.attributeLoss(usage.data.records, usage.data.files)
              : text.subjectLoss(usage.data.records, usage.data.files)}{' '}
            {text.irreversible}
          </Alert>
        )}
        <TextInput
          label={text.typeToConfirm(expected)}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        {props.error && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.busy}>
            {text.cancel}
          </Button>
          <Button type="submit" color="red.9" disabled={!matches} loading={props.busy}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
