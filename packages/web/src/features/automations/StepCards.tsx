import { ActionIcon, Alert, Badge, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import {
  ACTION_KIND_LABELS,
  ACTION_KINDS_IN_PICKER,
  EVENT_TYPE,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  INTEGRATION_ACTION_KINDS,
  isActionKind,
  type ActionKind,
  type EventType,
  type EventStep,
  type JobEvent,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ScheduleEditor } from '../../fields/editors/complex/ScheduleEditor.tsx';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { IntegrationEditor } from './actions/IntegrationEditor.tsx';
import { actionEditors } from './actions/registry.ts';
import type { ActionEditorProps } from './actions/types.ts';
import { fetchTagChoices } from './automations-api.ts';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import { StepFilter, stepFilterValue, withStepFilter } from './StepFilter.tsx';

const text = automationsText;

/** The event types in the spec's order (000 §9: 1, 5, 6, 3, 4, 7), then ours (issue 33: 8, 9, 10; SLA: 11, 12). */
const EVENT_TYPE_ORDER: readonly EventType[] = [1, 5, 6, 3, 4, 7, 8, 9, 10, 11, 12].filter(
  (t): t is EventType => (EVENT_TYPES as readonly number[]).includes(t),
);

interface CardShellProps {
  title: string;
  summary: ReactNode;
  active: boolean;
  invalid: boolean;
  /** The step's warning ('Preencha todos os dados corretamente antes de continuar!'). */
  warning: string | null;
  disabled?: boolean;
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  onActivate: () => void;
  onDone: () => void;
  onRemove?: (() => void) | undefined;
  onMove?: ((delta: -1 | 1) => void) | undefined;
  children: ReactNode;
}

/** A step: inactive (its summary, edit button) or active (its form, done button). */
function StepCard(props: CardShellProps) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className="automation-step"
      data-active={props.active || undefined}
      data-invalid={props.invalid || undefined}
      role="group"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={700} id={headingId}>
            {props.title}
          </Text>
          {props.active ? (
            <Badge variant="light" size="sm">
              {text.editor.stepEditing}
            </Badge>
          ) : (
            props.invalid && (
              <Badge color="red" variant="dot" size="sm" tt="none">
                {text.editor.stepInvalid}
              </Badge>
            )
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          {props.onMove && (
            <>
              <ActionIcon
                variant="subtle"
                disabled={!props.canMoveUp}
                aria-label={text.editor.moveUp(props.title)}
                title={text.editor.moveUp(props.title)}
                onClick={() => props.onMove?.(-1)}
              >
                <Icon name="arrow_upward" />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={!props.canMoveDown}
                aria-label={text.editor.moveDown(props.title)}
                title={text.editor.moveDown(props.title)}
                onClick={() => props.onMove?.(1)}
              >
                <Icon name="arrow_downward" />
              </ActionIcon>
            </>
          )}
          {props.active ? (
            <ActionIcon
              variant="filled"
              aria-label={text.editor.doneStep}
              title={text.editor.doneStep}
              onClick={props.onDone}
            >
              <Icon name="check" />
            </ActionIcon>
          ) : (
            <ActionIcon
              variant="subtle"
              disabled={props.disabled}
              aria-label={text.editor.editStep(props.title)}
              title={text.editor.editStep(props.title)}
              onClick={props.onActivate}
            >
              <Icon name="edit" />
            </ActionIcon>
          )}
          {props.onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={text.editor.removeStep(props.title)}
              title={text.editor.removeStep(props.title)}
              onClick={props.onRemove}
            >
              <Icon name="delete" />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {props.warning && (
        <Alert color="red" variant="light" role="alert" mt="xs" icon={<Icon name="error" />}>
          {props.warning}
        </Alert>
      )}
      {props.active ? (
        <Stack gap="sm" mt="sm">
          {props.children}
        </Stack>
      ) : (
        <div
          onDoubleClick={props.disabled ? undefined : props.onActivate}
          style={{ cursor: props.disabled ? undefined : 'pointer' }}
        >
          {props.summary}
        </div>
      )}
    </Paper>
  );
}

const subjectName = (subjects: readonly ReadableSubject[], id: number | null | undefined) =>
  subjects.find((s) => s.subjectId === id)?.subjectName ?? null;

export interface EventCardProps {
  index: number;
  event: JobEvent;
  step: EventStep;
  subjects: readonly ReadableSubject[];
  active: boolean;
  invalid: boolean;
  warning: string | null;
  problem: (field: string) => string | undefined;
  removable: boolean;
  onActivate: () => void;
  onDone: () => void;
  onRemove: () => void;
  onType: (type: EventType) => void;
  onStep: (step: EventStep) => void;
  onEvent: (event: JobEvent) => void;
  onInputProblem: (key: string, message: string | undefined) => void;
}

/** The tags a step picks from (SetTalkTag's query, shared). */
function useTagChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['jobs', 'tag-choices'],
    queryFn: ({ signal }) => fetchTagChoices(signal),
    staleTime: 30_000,
    enabled,
  });
}

/**
 * Tag gained (10): the tag the event waits for, or any ('Qualquer etiqueta'), from the tags the
 * SetTalkTag step picks from.
 */
function EventTagPicker(props: {
  tags: ReturnType<typeof useTagChoices>;
  value: number | null;
  onChange: (tagId: number | null) => void;
  error: string | undefined;
}) {
  const { tags } = props;
  const ANY = 'any';
  const data = [
    { value: ANY, label: text.event.anyTag },
    ...(tags.data?.itens ?? []).map((t) => ({ value: String(t.tagId), label: t.tagName })),
  ];
  return (
    <Select
      label={text.event.tag}
      description={text.event.tagHint}
      placeholder={tags.isPending ? text.action.loading : text.event.anyTag}
      searchable
      data={data}
      value={props.value === null ? ANY : String(props.value)}
      onChange={(v) => props.onChange(v === null || v === ANY ? null : Number(v))}
      allowDeselect={false}
      error={props.error ?? (tags.isError ? text.action.loadError : undefined)}
      maw={360}
    />
  );
}

/** An event step under 'Quando acontecer...': type, schedule, subject and filter, once, negate. */
export function EventCard(props: EventCardProps) {
  const { step, event } = props;
  const id = useId();
  const title = text.event.label(props.index + 1);
  const type = step.eventStepType;
  const tags = useTagChoices(type === EVENT_TYPE.tagGained);
  const tagName =
    type !== EVENT_TYPE.tagGained
      ? null
      : step.tagId
        ? (tags.data?.itens.find((t) => t.tagId === step.tagId)?.tagName ?? null)
        : text.event.anyTag;
  const summary = (
    <Stack gap={2}>
      <Text size="sm">{type ? EVENT_TYPE_LABELS[type] : text.event.typePlaceholder}</Text>
      <Text size="xs" c="dimmed">
        {[subjectName(props.subjects, step.subjectId), step.filterName.trim() || text.event.noFilter]
          .filter(Boolean)
          .join(' · ')}
        {tagName ? ` · ${tagName}` : ''}
        {event.once ? ` · ${text.event.once}` : ''}
        {event.negate ? ` · ${text.event.negate}` : ''}
      </Text>
    </Stack>
  );
  return (
    <StepCard
      title={title}
      summary={summary}
      active={props.active}
      invalid={props.invalid}
      warning={props.warning}
      onActivate={props.onActivate}
      onDone={props.onDone}
      onRemove={props.removable ? props.onRemove : undefined}
    >
      <Select
        label={text.event.type}
        placeholder={text.event.typePlaceholder}
        required
        data={EVENT_TYPE_ORDER.map((t) => ({ value: String(t), label: EVENT_TYPE_LABELS[t] }))}
        value={type === null ? null : String(type)}
        onChange={(v) => v && props.onType(Number(v) as EventType)}
        allowDeselect={false}
        error={props.problem('eventStepType')}
        maw={360}
      />
      {type === EVENT_TYPE.tagGained && (
        <EventTagPicker
          tags={tags}
          value={step.tagId ?? null}
          onChange={(tagId) => props.onStep({ ...step, tagId })}
          error={props.problem('tagId')}
        />
      )}
      {type === EVENT_TYPE.schedule && (
        <ScheduleEditor
          attribute={standaloneAttribute(text.event.schedule, 18)}
          label={text.event.schedule}
          id={`${id}-schedule`}
          value={step.cron ?? null}
          onChange={(cron) => props.onStep({ ...step, cron: typeof cron === 'string' ? cron : null })}
          onInputError={(message) => props.onInputProblem('cron', message)}
          readOnly={false}
          required
          error={props.problem('cron')}
          subject=""
          talkId={0}
        />
      )}
      <StepFilter
        value={stepFilterValue(step)}
        subjects={props.subjects}
        problem={(field) => props.problem(field)}
        onChange={(next) => props.onStep(withStepFilter(step, next))}
        onTreeProblem={(message) => props.onInputProblem('filter', message)}
      />
      <Group gap="lg">
        <Checkbox
          label={text.event.once}
          checked={event.once}
          onChange={(e) => props.onEvent({ ...event, once: e.currentTarget.checked })}
        />
        <Checkbox
          label={text.event.negate}
          checked={event.negate}
          onChange={(e) => props.onEvent({ ...event, negate: e.currentTarget.checked })}
        />
      </Group>
    </StepCard>
  );
}

export interface WorkCardProps {
  index: number;
  step: WorkStep;
  subjects: readonly ReadableSubject[];
  eventSubject: string | null;
  jobId: number | null;
  active: boolean;
  invalid: boolean;
  disabled: boolean;
  warning: string | null;
  canMoveUp: boolean;
  canMoveDown: boolean;
  problem: (path: string) => string | undefined;
  onActivate: () => void;
  onDone: () => void;
  onRemove: () => void;
  onMove: (delta: -1 | 1) => void;
  onKind: (kind: ActionKind) => void;
  onStep: (step: WorkStep) => void;
  onInputProblem: (key: string, message: string | undefined) => void;
}

const isIntegrationKind = (kind: ActionKind) =>
  (INTEGRATION_ACTION_KINDS as readonly string[]).includes(kind);

const editorProps = (props: WorkCardProps): ActionEditorProps => ({
  step: props.step,
  eventSubject: props.eventSubject,
  subjects: props.subjects,
  jobId: props.jobId,
  problem: props.problem,
  onChange: props.onStep,
  onInputProblem: props.onInputProblem,
});

/** An action step under 'Então faça...': the kind, its filter (by-filter kinds), its editor. */
export function WorkCard(props: WorkCardProps) {
  const { step } = props;
  const title = text.action.label(props.index + 1);
  const kind = isActionKind(step.workStepType) ? step.workStepType : null;
  const entry = kind ? actionEditors[kind] : null;
  const kinds: ActionKind[] = [...ACTION_KINDS_IN_PICKER];
  if (kind && !kinds.includes(kind)) kinds.push(kind);
  const label = <Text size="sm">{kind ? ACTION_KIND_LABELS[kind] : text.action.kindPlaceholder}</Text>;
  // An integration kind says, closed as open, whether this installation runs it (issue 35).
  const summary =
    kind && isIntegrationKind(kind) ? (
      <Stack gap="xs">
        {label}
        <IntegrationEditor {...editorProps(props)} />
      </Stack>
    ) : (
      label
    );
  return (
    <StepCard
      title={title}
      summary={summary}
      active={props.active}
      invalid={props.invalid}
      disabled={props.disabled}
      warning={props.warning}
      canMoveUp={props.canMoveUp}
      canMoveDown={props.canMoveDown}
      onActivate={props.onActivate}
      onDone={props.onDone}
      onRemove={props.onRemove}
      onMove={props.onMove}
    >
      <Select
        label={text.action.kind}
        placeholder={text.action.kindPlaceholder}
        required
        searchable
        data={kinds.map((k) => ({ value: k, label: ACTION_KIND_LABELS[k] }))}
        value={kind}
        onChange={(v) => v && isActionKind(v) && props.onKind(v)}
        allowDeselect={false}
        error={props.problem('workStepType')}
        maw={420}
      />
      {entry?.byFilter && (
        <StepFilter
          value={stepFilterValue(step)}
          subjects={props.subjects}
          treeLabel={text.action.filter}
          problem={(field) => props.problem(field)}
          onChange={(next) => props.onStep(withStepFilter(step, next))}
          onTreeProblem={(message) => props.onInputProblem('filter', message)}
        />
      )}
      {entry && <entry.Editor {...editorProps(props)} />}
    </StepCard>
  );
}
