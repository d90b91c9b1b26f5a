import { Alert, Button, Fieldset, Group, Loader, Stack, Text } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ApiError } from '../../../api/client.ts';
import { editorFor } from '../../../fields/registry.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useSyncErrorDialog, notifySuccess } from '../feedback.tsx';
import { createTalk, fetchFormTemplate, fetchTalk, updateTalk } from '../records-api.ts';
import { uploadFileValue } from '../../../fields/editors/complex/upload-file-value.ts';
import type { FileItem } from '@talkbase/domain/fields/file';
import { fieldAccess, isFileAttribute, talkValuesToSave } from './field-rules.ts';
import { formFields, formLayout, withFieldsAppended, type FormField, type FormNode } from './form-model.ts';
import { formRulesFor } from './form-rules.ts';
import { isBlank } from '@talkbase/domain/fields/field-rule';
import { RecordActionsBar } from '../actions/RecordActionsBar.tsx';
import { tagsText } from '../../../i18n/tags.ts';
import { TagChips, talkTagsOf, useRecordTagsLive } from '../slots.ts';
import { recordsText } from '../../../i18n/records.ts';
import { sameValue } from '../../unsaved/same-value.ts';
import { useUnsavedChanges } from '../../unsaved/useUnsavedChanges.ts';

const text = recordsText;

export interface SavedRecord {
  talkId: number;
  created: boolean;
  /** For a creation: the Location header (the new record's route). */
  location: string | null;
}

/** The record a new one is made from ("Relacionados"): its reference attribute starts set to it. */
export interface RecordParent {
  subjectAttributeId: number;
  talkId: number;
  displayName: string;
  isMultipleValues: boolean;
}

export interface RecordFormProps {
  context: ContextResponse;
  /** 0 for a new record. */
  talkId: number;
  onSaved?: ((saved: SavedRecord) => void) | undefined;
  onCancel?: (() => void) | undefined;
  /** Renders beside the fields (the talk view's area menu), given the layout. */
  aside?: ((nodes: FormNode[]) => ReactNode) | undefined;
  /** After the record is deleted from the form; by default its tab closes and the grid opens. */
  onDeleted?: (() => void) | undefined;
  /** A new record's parent: the reference to it is set, and sent even when the form leaves it out. */
  parent?: RecordParent | undefined;
  /** A new record's preset value (a board column's "+", issue 38): set, and sent even when not shown. */
  preset?: RecordPreset | undefined;
}

/** A value a new record starts with, and the text shown for it (a select's option name). */
export interface RecordPreset {
  subjectAttributeId: number;
  value: unknown;
  displayName?: string | undefined;
}

export const areaDomId = (key: string) => `area-${key}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The editors that lay several inputs side by side (filter tree 12, report columns 15, schedule
 * 18, time window 28, carrier 29) take a whole row of the form: in one column they overflow it.
 */
const WHOLE_ROW_COMPONENTS: ReadonlySet<number> = new Set([12, 15, 18, 28, 29]);

/** A field's place in the form's grid: never wider than its column, or the whole row. */
function fieldPlacement(componentId: number | string): CSSProperties {
  const id = resolveComponentId(componentId);
  return id !== undefined && WHOLE_ROW_COMPONENTS.has(id)
    ? { minWidth: 0, gridColumn: '1 / -1' }
    : { minWidth: 0 };
}

/**
 * Loads the form's template (the registration or edition form of the context; none when the
 * subject has no form, and then every readable attribute: a grid's columns never decide the
 * form) and the record.
 */
export function RecordForm(props: RecordFormProps) {
  const { context, talkId } = props;
  const subject = context.subject.subjectIdentifier;
  const isNew = talkId === 0;
  const template = useQuery({
    queryKey: ['form-template', context.contextId, isNew],
    queryFn: ({ signal }) => fetchFormTemplate(context.contextId, isNew, signal),
    staleTime: 60_000,
  });
  const talk = useQuery({
    queryKey: ['talk', subject, talkId],
    queryFn: ({ signal }) => fetchTalk(subject, talkId, signal),
    enabled: !isNew,
  });
  useRecordTagsLive(subject);
  if (template.isPending || (!isNew && talk.isPending)) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.app.loading} />
      </Group>
    );
  }
  const failed = template.error ?? talk.error;
  if (failed) {
    const missing = failed instanceof ApiError && failed.status === 404;
    return (
      <Alert color="red" role="alert" title={missing ? text.notFound : text.loadError}>
        {!missing && (
          <Button
            variant="light"
            color="red"
            mt="sm"
            onClick={() => void (template.refetch(), talk.refetch())}
          >
            {text.retry}
          </Button>
        )}
      </Alert>
    );
  }
  const layout = formLayout(template.data ?? null, context.subject.subjectAttributes);
  return (
    <RecordFormBody
      key={`${talkId}:${talk.data?.version ?? 0}`}
      {...props}
      templateLayout={layout}
      talk={talk.data}
      templateId={template.data?.templateId ?? null}
    />
  );
}

const parentValue = (p: RecordParent) => (p.isMultipleValues ? [p.talkId] : p.talkId);

function initialValues(
  fields: readonly FormField[],
  talk: ApiTalk | undefined,
  parent: RecordParent | undefined,
  preset: RecordPreset | undefined,
): Map<number, unknown> {
  const values = new Map<number, unknown>();
  for (const field of fields) {
    const a = field.attribute;
    if (talk) {
      const found = talk.talkValues.find((v) => v.subjectAttributeId === a.subjectAttributeId);
      values.set(a.subjectAttributeId, found?.value ?? null);
      continue;
    }
    const hiddenDefault = field.area?.ishidden ? field.area.hiddenfielddefaultvalue : null;
    // "now" is the server's to give, at the create (issue 39): the field starts empty and stays unsent.
    const byDefault = a.defaultValue?.trim().toLowerCase() === 'now' ? null : a.defaultValue;
    const preset = hiddenDefault ?? a.preSelect ?? byDefault ?? null;
    values.set(a.subjectAttributeId, preset);
  }
  if (!talk && parent) values.set(parent.subjectAttributeId, parentValue(parent));
  if (!talk && preset) values.set(preset.subjectAttributeId, preset.value);
  return values;
}

function RecordFormBody(
  props: RecordFormProps & {
    templateLayout: FormNode[];
    talk: ApiTalk | undefined;
    templateId: number | null;
  },
) {
  const { context, talkId, templateLayout, talk, templateId } = props;
  const subject = context.subject.subjectIdentifier;
  const attributes = context.subject.subjectAttributes;
  const isNew = talkId === 0;
  const queryClient = useQueryClient();
  // Every attribute's value, shown or not: the subject's rules judge the whole record, as the
  // server does; a save sends only the fields shown.
  const everyField = useMemo(
    () => formFields(withFieldsAppended(templateLayout, attributes, () => true)),
    [templateLayout, attributes],
  );
  const { parent, preset } = props;
  const initial = useMemo(
    () => initialValues(everyField, talk, parent, preset),
    [everyField, talk, parent, preset],
  );
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  // Leaving with a value typed and not saved asks first (issue 39 item 5); a rule's reset alone does not.
  const unsaved = useUnsavedChanges(touched.size > 0 && !sameValue(values, initial));
  const [inputErrors, setInputErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const [syncDialog, showSyncErrors] = useSyncErrorDialog();
  const [now] = useState(() => new Date());
  // The subject's own rules (the tickets' of 000 §5), live; the server runs the same ones.
  const useSubjectRules = formRulesFor(subject);
  const subjectRules = useSubjectRules({ context, isNew, values, initial, talk });
  // Whatever the template, a field a rule requires now is shown (appended when it left it out).
  const layout = useMemo(
    () =>
      withFieldsAppended(
        templateLayout,
        attributes,
        (a) => a.isRequired || Boolean(subjectRules.get(a.subjectAttributeId)?.required),
      ),
    [templateLayout, attributes, subjectRules],
  );
  const fields = useMemo(() => formFields(layout), [layout]);

  const displayValues = useMemo(
    () => new Map((talk?.talkValues ?? []).map((v) => [v.subjectAttributeId, v.displayValue ?? null])),
    [talk],
  );
  const byIdentifier = useMemo(
    () => new Map(everyField.map((f) => [f.attribute.identifier, f.attribute.subjectAttributeId])),
    [everyField],
  );

  const states = useMemo(
    () =>
      new Map(
        fields.map((field) => {
          const a = field.attribute;
          const value = values.get(a.subjectAttributeId);
          const base = fieldAccess(a, {
            isNew,
            value,
            area: field.area,
            recordReadOnly: talk?.isReadOnly ?? false,
          });
          const rule = subjectRules.get(a.subjectAttributeId);
          const readOnly = base.readOnly || Boolean(rule?.readOnly) || Boolean(rule?.blocked);
          const access = {
            ...base,
            readOnly,
            required: !readOnly && (base.required || Boolean(rule?.required)),
          };
          const ruleError =
            access.readOnly || access.hidden
              ? undefined
              : validateValue({ ...a, isRequired: access.required }, value, { now })[0]?.message;
          const error = inputErrors.get(a.subjectAttributeId) ?? rule?.error ?? ruleError;
          // A subject rule's message shows once the user has changed anything: a new status asks
          // for fields the user has not touched yet.
          const ruled = rule !== undefined && (rule.required || rule.error !== undefined);
          // Hints say how to make a field editable: none on a field the account may not change anyway.
          const hint = base.readOnly ? undefined : rule?.hint;
          return [a.subjectAttributeId, { access, error, hint, ruled }] as const;
        }),
      ),
    [fields, values, inputErrors, isNew, talk, now, subjectRules],
  );
  const invalid = [...states.values()].some((s) => s.error !== undefined);
  const recordReadOnly =
    Boolean(talk?.isReadOnly) || (isNew ? !context.subject.actions.Create : !context.subject.actions.Update);

  // A rule that drops a stored value (a new status drops the step forecast…) clears it once, when
  // it turns on; what the user typed meanwhile stays.
  const resetting = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const now = new Set([...subjectRules].filter(([, r]) => r.reset).map(([id]) => id));
    const fresh = [...now].filter((id) => !resetting.current.has(id));
    resetting.current = now;
    if (fresh.length === 0) return;
    setValues((prev) => {
      const drop = fresh.filter((id) => !isBlank(prev.get(id)) && same(prev.get(id), initial.get(id)));
      if (drop.length === 0) return prev;
      const next = new Map(prev);
      for (const id of drop) next.set(id, null);
      return next;
    });
  }, [subjectRules, initial]);

  // A value a rule proposes for a new record fills its field once, unless the user got there first.
  const presetDone = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!isNew) return;
    const fresh = [...subjectRules].filter(
      ([id, r]) => r.preset !== undefined && !presetDone.current.has(id) && !touched.has(id),
    );
    if (fresh.length === 0) return;
    presetDone.current = new Set([...presetDone.current, ...fresh.map(([id]) => id)]);
    setValues((prev) => {
      const empty = fresh.filter(([id]) => isBlank(prev.get(id)));
      if (empty.length === 0) return prev;
      const next = new Map(prev);
      for (const [id, r] of empty) next.set(id, r.preset);
      return next;
    });
  }, [subjectRules, isNew, touched]);

  const change = (id: number, value: unknown) => {
    setValues((prev) => new Map(prev).set(id, value));
    setTouched((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
    const identifier = fields.find((f) => f.attribute.subjectAttributeId === id)?.attribute.identifier;
    if (identifier && serverErrors.has(identifier)) {
      setServerErrors((prev) => {
        const next = new Map(prev);
        next.delete(identifier);
        return next;
      });
    }
  };

  const save = async () => {
    if (invalid || saving) return;
    setSaving(true);
    const shown = fields.map((f) => f.attribute);
    const shownIds = new Set(shown.map((a) => a.subjectAttributeId));
    try {
      const talkValues = talkValuesToSave(shown, values, initial, isNew);
      // A value kept through a reset is sent even when it equals the stored one: the server drops
      // the stored value of a reset field the save does not give.
      for (const id of resetting.current) {
        if (
          !isNew &&
          shownIds.has(id) &&
          !isBlank(values.get(id)) &&
          !talkValues.some((v) => v.subjectAttributeId === id)
        )
          talkValues.push({ subjectAttributeId: id, value: values.get(id) });
      }
      // The parent's reference goes with a new child even when its form leaves the field out.
      if (isNew && parent && !shownIds.has(parent.subjectAttributeId))
        talkValues.push({ subjectAttributeId: parent.subjectAttributeId, value: parentValue(parent) });
      if (
        isNew &&
        preset &&
        preset.value !== null &&
        !talkValues.some((v) => v.subjectAttributeId === preset.subjectAttributeId) &&
        !shownIds.has(preset.subjectAttributeId)
      )
        talkValues.push({ subjectAttributeId: preset.subjectAttributeId, value: preset.value });
      let id = talkId;
      let location: string | null = null;
      if (isNew) {
        const created = await createTalk(subject, talkValues, templateId);
        id = created.resourceId;
        location = created.location;
      } else if (talkValues.length > 0 && talk) {
        await updateTalk(subject, talkId, talk.version, talkValues);
      }
      for (const field of fields) {
        const a = field.attribute;
        if (!isFileAttribute(a) || states.get(a.subjectAttributeId)?.access.readOnly) continue;
        const items = values.get(a.subjectAttributeId);
        if (Array.isArray(items)) await uploadFileValue(subject, id, a, items as FileItem[]);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['talks', subject] }),
        queryClient.invalidateQueries({ queryKey: ['talk', subject, id] }),
        queryClient.invalidateQueries({ queryKey: ['timeline', subject, id] }),
      ]);
      // The notice and the caller's onSaved in one step: whoever closes the view on seeing the
      // notice (the search modal reloads its results only if it was told of the save) was told.
      unsaved.release();
      notifySuccess(isNew ? text.messages.inserted : text.messages.updated);
      props.onSaved?.({ talkId: id, created: isNew, location });
    } catch (err) {
      // A 409 naming a field is a rule on the value (a full time-window slot), not a stale version.
      const fieldConflict =
        err instanceof ApiError &&
        err.status === 409 &&
        err.errors.some((e) => e.field && byIdentifier.has(e.field));
      if (
        err instanceof ApiError &&
        (err.status === 400 || err.status === 422 || err.status === 403 || fieldConflict)
      ) {
        setServerErrors(
          new Map(
            err.errors
              .filter((e) => e.field && byIdentifier.has(e.field))
              .map((e) => [e.field ?? '', e.message]),
          ),
        );
      }
      showSyncErrors(
        err instanceof ApiError && err.status === 409 && !fieldConflict
          ? new ApiError(409, [{ message: text.messages.stale }])
          : err,
      );
    } finally {
      setSaving(false);
    }
  };

  const renderField = (field: FormField) => {
    const a = field.attribute;
    const state = states.get(a.subjectAttributeId);
    if (!state || state.access.hidden) return null;
    const Editor = editorFor(a.componentId);
    const shownError =
      serverErrors.get(a.identifier) ??
      (touched.has(a.subjectAttributeId) ||
      inputErrors.has(a.subjectAttributeId) ||
      (state.ruled && touched.size > 0)
        ? state.error
        : undefined);
    return (
      <div
        key={field.key}
        id={areaDomId(field.key)}
        className="record-field"
        data-field={a.identifier}
        style={fieldPlacement(a.componentId)}
      >
        <Editor
          attribute={a}
          label={field.label}
          id={`field-${a.identifier}`}
          value={values.get(a.subjectAttributeId) ?? null}
          onChange={(v) => change(a.subjectAttributeId, v)}
          onBlur={() =>
            setTouched((prev) =>
              prev.has(a.subjectAttributeId) ? prev : new Set(prev).add(a.subjectAttributeId),
            )
          }
          onInputError={(message) =>
            setInputErrors((prev) => {
              if (prev.get(a.subjectAttributeId) === message) return prev;
              const next = new Map(prev);
              if (message === undefined) next.delete(a.subjectAttributeId);
              else next.set(a.subjectAttributeId, message);
              return next;
            })
          }
          readOnly={state.access.readOnly}
          required={state.access.required}
          error={shownError}
          displayValue={
            displayValues.get(a.subjectAttributeId) ??
            (parent?.subjectAttributeId === a.subjectAttributeId ? parent.displayName : undefined) ??
            (preset?.subjectAttributeId === a.subjectAttributeId ? preset.displayName : undefined) ??
            subjectRules.get(a.subjectAttributeId)?.displayValue
          }
          subject={subject}
          talkId={talkId}
          variant="form"
          allowedOptions={subjectRules.get(a.subjectAttributeId)?.options}
          valueOf={(identifier) => {
            const id = byIdentifier.get(identifier);
            return id === undefined ? undefined : values.get(id);
          }}
        />
        {state.hint && (
          <Text size="xs" c="dimmed" mt={4} className="record-field-hint" data-hint-for={a.identifier}>
            {state.hint}
          </Text>
        )}
      </div>
    );
  };

  const renderNodes = (nodes: readonly FormNode[]): ReactNode =>
    nodes.map((node) =>
      node.kind === 'group' ? (
        <Fieldset key={node.key} id={areaDomId(node.key)} legend={node.legend} className="record-area">
          <div className="record-fields">{renderNodes(node.children)}</div>
        </Fieldset>
      ) : (
        [
          renderField(node),
          node.children.length > 0 && (
            <div key={`${node.key}-nested`} id={`${areaDomId(node.key)}-nested`} className="record-nested">
              {renderNodes(node.children)}
            </div>
          ),
        ]
      ),
    );

  return (
    <form
      className="record-form"
      noValidate
      aria-label={context.subject.subjectName}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="record-form-layout">
        {props.aside?.(layout)}
        <Stack gap="md" className="record-form-main">
          {talk && <TagChips tags={talkTagsOf(talk.tags)} label={tagsText.records.tags} />}
          {talk?.isReadOnly && <Alert color="gray">{text.form.readOnlyRecord}</Alert>}
          {fields.length === 0 ? (
            <Text c="dimmed">{text.form.noFields}</Text>
          ) : (
            <div className="record-fields">{renderNodes(layout)}</div>
          )}
        </Stack>
      </div>
      {(!recordReadOnly || talk) && (
        <Group justify="space-between" className="record-form-footer" mt="md">
          <Group gap="md">
            {talk && <RecordActionsBar context={context} talk={talk} onDeleted={props.onDeleted} />}
            <Text size="sm" c={invalid && touched.size > 0 ? 'red' : 'dimmed'} aria-live="polite">
              {!recordReadOnly && invalid ? text.form.footerInvalid : ''}
            </Text>
          </Group>
          <Group gap="sm">
            {props.onCancel && (
              <Button variant="default" onClick={props.onCancel} disabled={saving}>
                {text.form.cancel}
              </Button>
            )}
            {!recordReadOnly && (
              <Button type="submit" disabled={invalid} loading={saving}>
                {text.form.save}
              </Button>
            )}
          </Group>
        </Group>
      )}
      {syncDialog}
    </form>
  );
}
