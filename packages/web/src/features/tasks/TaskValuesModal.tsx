import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { tasksText } from '../../i18n/tasks.ts';
import type { TalkValueInput } from './tasks-api.ts';
import { TaskFields, useTaskFields } from './TaskFields.tsx';

/**
 * A small form over some of a task's attributes, all required (002 §4): the estimates modal
 * (forecast and estimated duration, before starting) and the delay-reasons modal (before
 * finishing late). Each field uses the attribute's own editor, so formats and rules are the form's.
 */
export function TaskValuesModal(props: {
  opened: boolean;
  title: string;
  intro: ReactNode;
  /** The attributes asked for, by identifier, in order. */
  fields: string[];
  context: ContextResponse;
  task: ApiTalk;
  saveLabel: string;
  /** Rules beyond "required" (the estimate fits between the forecasts): messages by identifier. */
  validate?: (value: (identifier: string) => unknown) => Record<string, string>;
  onSave: (values: TalkValueInput[]) => Promise<void>;
  onClose: () => void;
}) {
  const attributes = props.fields
    .map((id) => props.context.subject.subjectAttributes.find((a) => a.identifier === id))
    .filter((a) => a !== undefined);
  const form = useTaskFields(
    attributes,
    () => new Map(props.task.talkValues.map((v) => [v.subjectAttributeIdentifier, v.value] as const)),
  );
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!form.check(props.validate?.(form.valueOf))) return;
    setBusy(true);
    try {
      await props.onSave(form.inputs());
    } catch (err) {
      if (err instanceof ApiError) form.showRefusal(err);
      else form.setGeneral([String(err)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size={540}
      centered
      closeButtonProps={{ 'aria-label': tasksText.close }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{props.intro}</Text>
          <TaskFields
            form={form}
            idPrefix="task-field-"
            subject={props.task.subject}
            talkId={props.task.talkId}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} disabled={busy}>
              {tasksText.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {props.saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
