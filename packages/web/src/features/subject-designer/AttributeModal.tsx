import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { configFlag, configValue } from '@talkbase/domain/fields/component-config';
import { ALLOWED_FILE_EXTENSIONS } from '@talkbase/domain/fields/file';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { preloadEditors } from '../../fields/registry.ts';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import {
  canRelate,
  componentOptions,
  configKindOf,
  hasColumn,
  identifierError,
  identifierFromName,
  isDefaultNow,
  MASKS,
  DEFAULT_NOW,
  needsRelated,
  takesDefaultNow,
  type DraftAttribute,
} from './attribute-draft.ts';
import { FormPreview } from './FormPreview.tsx';
import { TimeWindowSettings } from './TimeWindowSettings.tsx';

const text = subjectDesignerText.attribute;

type SubjectSummary = Pick<Subject, 'subjectId' | 'subjectIdentifier' | 'subjectName' | 'icon'>;

/**
 * One attribute: name, identifier (fixed once saved), type with its own configuration (002 §3,
 * the config keys of packages/domain/src/fields), the rules (required, unique, orderable…) and a
 * preview of the field with its real editor. `onSubmit` saves (an existing subject) or keeps it in
 * the draft (a new one); a refusal's message is shown here, with the records that block it.
 */
export function AttributeModal(props: {
  opened: boolean;
  initial: DraftAttribute;
  isNew: boolean;
  subject: string;
  subjects: readonly SubjectSummary[];
  takenIdentifiers: readonly string[];
  submitLabel: string;
  onSubmit: (attribute: DraftAttribute) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.initial.name === '' ? text.titleNew : text.titleEdit(props.initial.name)}
      size="xl"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {props.opened && <AttributeForm {...props} />}
    </Modal>
  );
}

function AttributeForm(props: Parameters<typeof AttributeModal>[0]) {
  const [draft, setDraft] = useState<DraftAttribute>(props.initial);
  const [identifierTouched, setIdentifierTouched] = useState(!props.isNew);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = props.initial.subjectAttributeId !== undefined;
  // Any type may be picked next: its editor in the preview is ready when it is (a failed fetch is
  // fetched again by the editor itself).
  useEffect(() => {
    preloadEditors().catch(() => undefined);
  }, []);

  const set = (patch: Partial<DraftAttribute>) => setDraft((d) => ({ ...d, ...patch }));
  const setConfig = (key: string, value: unknown) =>
    setDraft((d) => ({ ...d, componentConfigs: { ...d.componentConfigs, [key]: value } }));
  const flag = (key: string) => configFlag(draft.componentConfigs, key);
  const configText = (key: string) => {
    const v = configValue(draft.componentConfigs, key);
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const configNumber = (key: string) => {
    const v = configValue(draft.componentConfigs, key);
    return typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : '';
  };

  const nameError = draft.name.trim() === '' ? 'Campo obrigatório.' : undefined;
  const idError =
    identifierError(draft.identifier) ??
    (props.isNew && props.takenIdentifiers.includes(draft.identifier)
      ? text.taken(draft.identifier)
      : undefined);
  const relatedError =
    needsRelated(draft.componentId) && !draft.relatedSubject ? text.relatedRequired : undefined;
  const invalid = Boolean(nameError ?? idError ?? relatedError);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    setBusy(true);
    setServerError(null);
    try {
      await props.onSubmit(draft);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : subjectDesignerText.editor.saveError);
    } finally {
      setBusy(false);
    }
  };

  const subjectOptions = props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }));
  const kind = configKindOf(draft.componentId);
  const column = hasColumn(draft);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={text.name}
            required
            value={draft.name}
            maxLength={150}
            data-autofocus
            error={submitted ? nameError : undefined}
            onChange={(e) => {
              const name = e.currentTarget.value;
              set(identifierTouched ? { name } : { name, identifier: identifierFromName(name) });
            }}
          />
          <TextInput
            label={text.identifier}
            required
            value={draft.identifier}
            maxLength={60}
            disabled={!props.isNew}
            description={props.isNew ? subjectDesignerText.editor.identifierHelp : text.identifierFixed}
            error={(submitted || identifierTouched) && props.isNew ? idError : undefined}
            onChange={(e) => {
              setIdentifierTouched(true);
              set({ identifier: e.currentTarget.value });
            }}
          />
          <Select
            label={text.component}
            data={componentOptions}
            value={String(draft.componentId)}
            allowDeselect={false}
            searchable
            description={saved ? text.componentHelp : undefined}
            onChange={(v) =>
              v &&
              set({
                componentId: Number(v),
                // "now" is a date's default: another type does not keep it.
                ...(isDefaultNow(draft.defaultValue) && !takesDefaultNow(Number(v))
                  ? { defaultValue: null }
                  : {}),
                // The type's own configuration goes; the form flags (read-only, hidden) stay.
                componentConfigs: Object.fromEntries(
                  Object.entries(draft.componentConfigs).filter(
                    ([k]) => k === 'readonly' || k === 'isHidden',
                  ),
                ),
              })
            }
            comboboxProps={{ withinPortal: true }}
          />
          {(needsRelated(draft.componentId) || canRelate(draft.componentId)) && (
            <Select
              label={text.relatedSubject}
              placeholder={text.chooseSubject}
              data={subjectOptions}
              value={draft.relatedSubject}
              required={needsRelated(draft.componentId)}
              searchable
              clearable={!needsRelated(draft.componentId)}
              error={submitted ? relatedError : undefined}
              onChange={(v) => set({ relatedSubject: v })}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </SimpleGrid>

        <Fieldset legend={text.config}>
          <TypeConfig
            kind={kind}
            draft={draft}
            flag={flag}
            configText={configText}
            configNumber={configNumber}
            setConfig={setConfig}
            set={set}
            subjectOptions={subjectOptions}
          />
        </Fieldset>

        <Fieldset legend={text.flags}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Checkbox
              label={text.isRequired}
              checked={draft.isRequired}
              onChange={(e) => set({ isRequired: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.isNaturalKey}
              checked={draft.isNaturalKey}
              disabled={!column}
              onChange={(e) => set({ isNaturalKey: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.isOrderable}
              checked={draft.isOrderable}
              disabled={!column}
              onChange={(e) => set({ isOrderable: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.isEditable}
              checked={draft.isEditable}
              onChange={(e) => set({ isEditable: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.isInternal}
              checked={draft.isInternal}
              onChange={(e) => set({ isInternal: e.currentTarget.checked })}
            />
            <Checkbox
              label={text.readonly}
              checked={flag('readonly')}
              onChange={(e) => setConfig('readonly', e.currentTarget.checked)}
            />
            <Checkbox
              label={text.isHidden}
              checked={flag('isHidden')}
              onChange={(e) => setConfig('isHidden', e.currentTarget.checked)}
            />
            <Checkbox
              label={text.isMultipleValues}
              description={props.isNew ? undefined : text.multipleFixed}
              checked={draft.isMultipleValues}
              disabled={!props.isNew}
              onChange={(e) =>
                set({
                  isMultipleValues: e.currentTarget.checked,
                  ...(e.currentTarget.checked ? { isNaturalKey: false, isOrderable: false } : {}),
                })
              }
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <TextInput
              label={text.tooltip}
              value={draft.tooltip ?? ''}
              maxLength={500}
              onChange={(e) => set({ tooltip: e.currentTarget.value })}
            />
            <TextInput
              label={text.description}
              value={draft.description ?? ''}
              maxLength={2000}
              onChange={(e) => set({ description: e.currentTarget.value })}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={text.fieldPreview}>
          <FormPreview
            key={`${draft.componentId}-${JSON.stringify(draft.componentConfigs)}-${draft.relatedSubject ?? ''}`}
            subject={props.subject}
            attributes={[
              {
                ...draft,
                isInternal: false,
                componentConfigs: { ...draft.componentConfigs, isHidden: false },
              },
            ]}
            subjects={props.subjects}
            columns={1}
            idPrefix="attribute-preview"
          />
        </Fieldset>

        {serverError && (
          <Alert color="red" role="alert" variant="light">
            {serverError}
          </Alert>
        )}
        <Divider />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TypeConfig(props: {
  kind: ReturnType<typeof configKindOf>;
  draft: DraftAttribute;
  flag: (key: string) => boolean;
  configText: (key: string) => string;
  configNumber: (key: string) => number | '';
  setConfig: (key: string, value: unknown) => void;
  set: (patch: Partial<DraftAttribute>) => void;
  subjectOptions: { value: string; label: string }[];
}) {
  const { draft, flag, setConfig, configText, configNumber } = props;
  const mask = MASKS[draft.componentId];
  const check = (key: string, label: string) => (
    <Checkbox label={label} checked={flag(key)} onChange={(e) => setConfig(key, e.currentTarget.checked)} />
  );
  const textBox = (key: string, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      value={configText(key)}
      maxLength={200}
      onChange={(e) => setConfig(key, e.currentTarget.value)}
    />
  );
  const numberBox = (
    key: string,
    label: string,
    opts: { min?: number; max?: number; description?: string } = {},
  ) => (
    <NumberInput
      label={label}
      description={opts.description}
      value={configNumber(key)}
      min={opts.min}
      max={opts.max}
      allowDecimal={false}
      onChange={(v) => setConfig(key, v === '' ? null : Number(v))}
    />
  );
  switch (props.kind) {
    case 'text':
      return (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={text.length}
            description={text.lengthHelp}
            value={draft.length ?? ''}
            min={1}
            max={100_000}
            allowDecimal={false}
            onChange={(v) => props.set({ length: v === '' ? null : Number(v) })}
          />
          {numberBox('minChars', text.minChars, { min: 0 })}
          {numberBox('minWords', text.minWords, { min: 0 })}
        </SimpleGrid>
      );
    case 'identification':
      return (
        <Stack gap="xs">
          {mask && <Text size="sm">{text.mask(mask)}</Text>}
          {check('foreignCustomer', text.foreignCustomer)}
        </Stack>
      );
    case 'masked':
      return <Text size="sm">{text.mask(mask ?? '')}</Text>;
    case 'measurement':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {numberBox('precision', text.precision, { min: 0, max: 10 })}
          <Switch
            label={text.thousandsSeparator}
            checked={
              configValue(draft.componentConfigs, 'thousandsSeparator') === undefined ||
              flag('thousandsSeparator')
            }
            onChange={(e) => setConfig('thousandsSeparator', e.currentTarget.checked)}
            mt="lg"
          />
        </SimpleGrid>
      );
    case 'date':
      return (
        <Stack gap="xs">
          {takesDefaultNow(draft.componentId) && (
            <Switch
              label={text.defaultNow}
              description={
                valueKindOf(draft.componentId) === 'date' ? text.defaultNowDateHelp : text.defaultNowHelp
              }
              checked={isDefaultNow(draft.defaultValue)}
              onChange={(e) => props.set({ defaultValue: e.currentTarget.checked ? DEFAULT_NOW : null })}
            />
          )}
          <Text size="sm" fw={500}>
            {text.dateRules}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Checkbox
              label={text.businessDays}
              checked={flag('weekends') && flag('nationalHolidays')}
              onChange={(e) => {
                setConfig('weekends', e.currentTarget.checked);
                setConfig('nationalHolidays', e.currentTarget.checked);
              }}
            />
            {check('daysNotGreaterThanToday', text.notBeforeNow)}
            {check('weekends', text.weekends)}
            {check('nationalHolidays', text.nationalHolidays)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {numberBox('daysNotGreaterThan', text.daysNotGreaterThan, {
              description: text.daysNotGreaterThanHelp,
            })}
            {numberBox('daysGreaterThan', text.daysGreaterThan, { description: text.daysGreaterThanHelp })}
          </SimpleGrid>
          <Textarea
            label={text.specificDates}
            value={configText('specificDates')}
            autosize
            minRows={1}
            maxLength={2000}
            onChange={(e) => setConfig('specificDates', e.currentTarget.value)}
          />
        </Stack>
      );
    case 'file':
      return (
        <Stack gap="xs">
          <Text size="sm">{text.fileTypes(ALLOWED_FILE_EXTENSIONS.join(', '))}</Text>
          {check('isMultiple', text.manyFiles)}
        </Stack>
      );
    case 'filter':
      return (
        <Select
          label={text.filterSubject}
          description={text.filterSubjectHelp}
          data={props.subjectOptions}
          value={configText('subject') || null}
          clearable
          searchable
          onChange={(v) => setConfig('subject', v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'select-filter':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {textBox('modelAttribute', text.modelAttribute)}
          <Select
            label={text.filterSubject}
            description={text.filterSubjectHelp}
            data={props.subjectOptions}
            value={configText('subject') || null}
            clearable
            searchable
            onChange={(v) => setConfig('subject', v)}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      );
    case 'report-columns':
      return textBox('subjectsAttribute', text.subjectsAttribute);
    case 'time-window':
      return <TimeWindowSettings configs={draft.componentConfigs} setConfig={setConfig} />;
    case 'join-object':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {textBox('fromLabel', text.fromLabel)}
          {textBox('toLabel', text.toLabel)}
        </SimpleGrid>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {text.noConfig}
        </Text>
      );
  }
}
