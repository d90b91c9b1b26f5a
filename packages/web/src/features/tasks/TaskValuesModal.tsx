import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { editorFor } from '../../fields/registry.ts';
import { tasksText } from '../../i18n/tasks.ts';
import type { TalkValueInput } from './tasks-api.ts';

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

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
  const initial = () =>
    new Map(props.task.talkValues.map((v) => [v.subjectAttributeIdentifier, v.value] as const));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const valueOf = (identifier: string) => values.get(identifier) ?? null;

  const submit = async () => {
    const found: Record<string, string> = { ...inputErrors };
    for (const a of attributes)
      if (empty(valueOf(a.identifier))) found[a.identifier] ??= tasksText.required(a.name);
    Object.assign(found, props.validate?.(valueOf) ?? {});
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await props.onSave(
        attributes.map((a) => ({ subjectAttributeId: a.subjectAttributeId, value: valueOf(a.identifier) })),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        const byField: Record<string, string> = {};
        const rest: string[] = [];
        for (const e of err.errors) {
          if (e.field && props.fields.includes(e.field)) byField[e.field] ??= e.message;
          else rest.push(e.message);
        }
        setErrors(byField);
        setGeneral(rest);
      } else setGeneral([String(err)]);
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
          {general.length > 0 && (
            <Alert color="red" role="alert">
              <List size="sm">
                {general.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {attributes.map((a) => {
            const Editor = editorFor(a.componentId);
            return (
              <Editor
                key={a.identifier}
                attribute={a}
                label={a.name}
                id={`task-field-${a.identifier}`}
                value={valueOf(a.identifier)}
                onChange={(v) => {
                  setValues((prev) => new Map(prev).set(a.identifier, v));
                  setErrors(({ [a.identifier]: _gone, ...rest }) => rest);
                }}
                onInputError={(m) =>
                  setInputErrors((prev) => {
                    if (prev[a.identifier] === m) return prev;
                    const { [a.identifier]: _old, ...rest } = prev;
                    return m === undefined ? rest : { ...rest, [a.identifier]: m };
                  })
                }
                readOnly={false}
                required
                error={errors[a.identifier]}
                subject={props.task.subject}
                talkId={props.task.talkId}
                valueOf={valueOf}
              />
            );
          })}
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
