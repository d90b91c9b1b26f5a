import { Alert, List } from '@mantine/core';
import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { useState } from 'react';
import type { ApiError } from '../../api/client.ts';
import { editorFor } from '../../fields/registry.ts';
import { tasksText } from '../../i18n/tasks.ts';
import type { TalkValueInput } from './tasks-api.ts';

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The state of a small form over some of a task's attributes, all required (002 §4): the quick
 * task form and the estimates and delay-reasons modals. Each field uses the attribute's own editor,
 * so formats and rules are the record form's.
 */
export function useTaskFields(
  attributes: ContextSubjectAttribute[],
  initial: () => Map<string, unknown> = () => new Map(),
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** What an editor could not read (a date typed half-way): kept apart, it blocks saving. */
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const valueOf = (identifier: string) => values.get(identifier) ?? null;

  return {
    attributes,
    valueOf,
    errors,
    general,
    setGeneral,
    change(identifier: string, value: unknown) {
      setValues((prev) => new Map(prev).set(identifier, value));
      setErrors(({ [identifier]: _gone, ...rest }) => rest);
    },
    inputError(identifier: string, message: string | undefined) {
      setInputErrors((prev) => {
        if (prev[identifier] === message) return prev;
        const { [identifier]: _old, ...rest } = prev;
        return message === undefined ? rest : { ...rest, [identifier]: message };
      });
    },
    clear() {
      setValues(new Map());
      setErrors({});
      setInputErrors({});
    },
    /** Unreadable input, empty fields and the form's own rules; shown, and true when there are none. */
    check(rules: Record<string, string> = {}): boolean {
      const found: Record<string, string> = { ...inputErrors };
      for (const a of attributes)
        if (empty(valueOf(a.identifier))) found[a.identifier] ??= tasksText.required(a.name);
      for (const [field, message] of Object.entries(rules)) found[field] ??= message;
      setErrors(found);
      setGeneral([]);
      return Object.keys(found).length === 0;
    },
    /** The values as the task calls take them. */
    inputs(): TalkValueInput[] {
      return attributes.map((a) => ({
        subjectAttributeId: a.subjectAttributeId,
        value: valueOf(a.identifier),
      }));
    },
    /** The server's refusal: messages on the fields they name, the rest above the fields. */
    showRefusal(err: ApiError) {
      const byField: Record<string, string> = {};
      const rest: string[] = [];
      for (const e of err.errors) {
        if (e.field && attributes.some((a) => a.identifier === e.field)) byField[e.field] ??= e.message;
        else rest.push(e.message);
      }
      setErrors(byField);
      setGeneral(rest);
    },
  };
}

export type TaskFieldsState = ReturnType<typeof useTaskFields>;

/** The messages that belong to no field, then one editor per attribute. */
export function TaskFields({
  form,
  idPrefix,
  subject,
  talkId,
}: {
  form: TaskFieldsState;
  idPrefix: string;
  subject: string;
  talkId: number;
}) {
  return (
    <>
      {form.general.length > 0 && (
        <Alert color="red" role="alert">
          <List size="sm">
            {form.general.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {form.attributes.map((a) => {
        const Editor = editorFor(a.componentId);
        return (
          <Editor
            key={a.identifier}
            attribute={a}
            label={a.name}
            id={`${idPrefix}${a.identifier}`}
            value={form.valueOf(a.identifier)}
            onChange={(v) => form.change(a.identifier, v)}
            onInputError={(m) => form.inputError(a.identifier, m)}
            readOnly={false}
            required
            error={form.errors[a.identifier]}
            subject={subject}
            talkId={talkId}
            valueOf={form.valueOf}
          />
        );
      })}
    </>
  );
}
