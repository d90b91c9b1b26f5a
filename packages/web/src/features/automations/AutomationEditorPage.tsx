import {
  Alert,
  Anchor,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import {
  JOB_NAME_MAX,
  jobSchema,
  type ActionKind,
  type EventStep,
  type EventType,
  type Job,
  type JobEvent,
  type JobInput,
  type SavedJob,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import {
  changeEventType,
  eventsComplete,
  offersRunOnExisting,
  saveAsCopy,
  switchActionKind,
  type EventTypeChange,
} from '@talkbase/domain/automations/editor';
import { automationMessages } from '@talkbase/domain/automations/messages';
import { validateJob, type JobProblem } from '@talkbase/domain/automations/validate-job';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { automationsText } from '../../i18n/automations.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { fetchReadableSubjects } from '../records/records-api.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { createJob, deleteJob, fetchJob, jobKeys, runOnExisting, updateJob } from './automations-api.ts';
import { HISTORY_PATH, LIST_PATH } from './paths.ts';
import { EventCard, WorkCard } from './StepCards.tsx';
import './automations.css';

const text = automationsText.editor;
/** The editor's rules: HttpRequest steps are always valid on screen (000 §5); the server checks the URL. */
const RULES = { httpUrlRequired: false } as const;

/** 'Criar nova automação' / 'Editar automação' (000 §2 "Automation editor"; §4; §5). */
export function AutomationEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const jobId = params.jobId ? Number(params.jobId) : null;
  const valid = jobId === null || (Number.isInteger(jobId) && jobId > 0);
  const deleteMode = search.get('delete') === 'true';
  const job = useQuery({
    queryKey: jobKeys.one(jobId ?? 0),
    queryFn: ({ signal }) => fetchJob(jobId ?? 0, signal),
    enabled: jobId !== null && valid,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const subjects = useQuery({
    queryKey: ['jobs', 'subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 60_000,
  });

  const notFound = !valid || (job.error instanceof ApiError && job.error.status === 404);
  const failed = !notFound && (job.isError || subjects.isError);
  const loading = (jobId !== null && valid && job.isPending) || subjects.isPending;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {jobId === null ? text.titleNew : text.titleEdit}
        </Title>
        {jobId !== null && valid && !notFound && (
          <Anchor component={Link} to={`${HISTORY_PATH}/${jobId}`}>
            <Group gap={4} wrap="nowrap">
              <Icon name="history" />
              {text.history}
            </Group>
          </Anchor>
        )}
      </Group>
      {notFound && (
        <Alert color="red" role="alert">
          {text.notFound}
        </Alert>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                void job.refetch();
                void subjects.refetch();
              }}
            >
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {!notFound && !failed && loading && <Skeleton height={320} aria-label={t.app.loading} />}
      {!notFound && !failed && !loading && subjects.data && (
        <JobForm
          key={jobId ?? 'new'}
          jobId={jobId}
          saved={job.data ?? null}
          deleteMode={deleteMode}
          subjects={subjects.data}
        />
      )}
    </Stack>
  );
}

/** Where a step is: `events.{i}.steps.{j}` or `works.{i}.steps.{j}` (the paths of validateJob). */
type StepRef = string;
const eventRef = (i: number, j: number): StepRef => `events.${i}.steps.${j}`;
const workRef = (i: number, j: number): StepRef => `works.${i}.steps.${j}`;

function newJob(): Job {
  return jobSchema.parse({ events: [{ steps: [{}] }], works: [{ steps: [] }] });
}

function asInput(job: Job): JobInput {
  return job as unknown as JobInput;
}

function JobForm(props: {
  jobId: number | null;
  saved: SavedJob | null;
  deleteMode: boolean;
  subjects: ReadableSubject[];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<Job>(() => (props.saved ? jobSchema.parse(props.saved) : newJob()));
  const [active, setActive] = useState<StepRef | null>(() => (props.saved ? null : eventRef(0, 0)));
  /** Bumped when steps move or go, so each card's field editors start afresh. */
  const [generation, setGeneration] = useState(0);
  const [inputProblems, setInputProblems] = useState<Record<string, string>>({});
  const [serverProblems, setServerProblems] = useState<JobProblem[]>([]);
  const [warning, setWarning] = useState<{ ref: StepRef; message: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const [tried, setTried] = useState<ReadonlySet<StepRef>>(new Set());
  const [pendingType, setPendingType] = useState<EventTypeChange | null>(null);
  const [askRun, setAskRun] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const problems = useMemo(() => [...serverProblems, ...validateJob(job, RULES)], [job, serverProblems]);
  const problemAt = (path: string) => problems.find((p) => p.path === path)?.message;
  const stepProblems = (ref: StepRef) =>
    problems.some((p) => p.path.startsWith(`${ref}.`)) ||
    Object.keys(inputProblems).some((k) => k.startsWith(`${ref}.`));
  const gated = !eventsComplete(job, RULES);
  const eventSubject =
    props.subjects.find((s) => s.subjectId === job.events[0]?.steps[0]?.subjectId)?.subjectIdentifier ?? null;
  const invalid = problems.length > 0 || Object.keys(inputProblems).length > 0;
  const saveBlocked = invalid || active !== null || busy;

  const edit = (next: Job) => {
    setJob(next);
    if (serverProblems.length > 0) setServerProblems([]);
    if (warning) setWarning(null);
  };
  const restructure = (next: Job) => {
    edit(next);
    setInputProblems({});
    setGeneration((g) => g + 1);
  };
  const inputProblem = (ref: StepRef) => (key: string, message: string | undefined) =>
    setInputProblems((prev) => {
      const path = `${ref}.${key}`;
      if (message === undefined) {
        if (!(path in prev)) return prev;
        return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== path));
      }
      return prev[path] === message ? prev : { ...prev, [path]: message };
    });

  const hasChoice = (ref: StepRef): boolean => {
    const [area, i, , j] = ref.split('.');
    if (area === 'events') return (job.events[Number(i)]?.steps[Number(j)]?.eventStepType ?? null) !== null;
    return (job.works[Number(i)]?.steps[Number(j)]?.workStepType ?? '') !== '';
  };

  /**
   * 000 §4: a step leaves edit mode only when valid; an invalid one with its type or action chosen
   * says 'Preencha todos os dados corretamente antes de continuar!' and stays open.
   */
  /** A step's messages show once its type or action is chosen, or once closing it was tried. */
  const stepProblemAt = (ref: StepRef, path: string) =>
    hasChoice(ref) || tried.has(ref) ? problemAt(`${ref}.${path}`) : undefined;

  const leaveActive = (): boolean => {
    if (active === null) return true;
    if (stepProblems(active)) setTried((prev) => new Set(prev).add(active));
    if (stepProblems(active) && hasChoice(active)) {
      setWarning({ ref: active, message: automationMessages.invalidStep });
      notify({ kind: 'error', title: automationMessages.invalidStep });
      return false;
    }
    return true;
  };
  const activate = (ref: StepRef) => {
    if (ref === active) return;
    if (ref.startsWith('works.') && gated) {
      setWarning({ ref, message: automationMessages.eventsIncomplete });
      return;
    }
    if (!leaveActive()) return;
    setWarning(null);
    setActive(ref);
  };
  const done = () => {
    if (!leaveActive()) return;
    setWarning(null);
    setActive(null);
  };

  // Events ------------------------------------------------------------------------------------
  const setEventStep = (i: number, j: number, step: EventStep) =>
    edit({
      ...job,
      events: job.events.map((e, ei) =>
        ei !== i ? e : { ...e, steps: e.steps.map((s, sj) => (sj === j ? step : s)) },
      ),
    });
  const setEvent = (i: number, event: JobEvent) =>
    edit({ ...job, events: job.events.map((e, ei) => (ei === i ? event : e)) });
  const changeType = (i: number, j: number, type: EventType) => {
    const change = changeEventType(job, i, type, j);
    if (change.needsConfirmation) setPendingType(change);
    else edit(change.job);
  };
  const addEvent = () => {
    if (!leaveActive()) return;
    const next = jobSchema.parse({ ...job, events: [...job.events, { steps: [{}] }] });
    restructure({ ...job, events: next.events });
    setActive(eventRef(job.events.length, 0));
  };
  const removeEventStep = (i: number, j: number) => {
    const events = job.events
      .map((e, ei) => (ei !== i ? e : { ...e, steps: e.steps.filter((_, sj) => sj !== j) }))
      .filter((e) => e.steps.length > 0);
    restructure({ ...job, events });
    if (active?.startsWith('events.')) setActive(null);
  };

  // Actions -----------------------------------------------------------------------------------
  const works = job.works.length > 0 ? job.works : [{ workId: null, name: '', steps: [] }];
  const setWorkStep = (i: number, j: number, step: WorkStep) =>
    edit({
      ...job,
      works: works.map((w, wi) =>
        wi !== i ? w : { ...w, steps: w.steps.map((s, sj) => (sj === j ? step : s)) },
      ),
    });
  const addAction = () => {
    if (gated) return;
    if (!leaveActive()) return;
    const last = works.length - 1;
    const step = jobSchema.parse({ works: [{ steps: [{}] }] }).works[0]?.steps[0];
    if (!step) return;
    const next = works.map((w, wi) => (wi === last ? { ...w, steps: [...w.steps, step] } : w));
    restructure({ ...job, works: next });
    setActive(workRef(last, works[last]?.steps.length ?? 0));
  };
  const removeWorkStep = (i: number, j: number) => {
    restructure({
      ...job,
      works: works.map((w, wi) => (wi !== i ? w : { ...w, steps: w.steps.filter((_, sj) => sj !== j) })),
    });
    if (active?.startsWith('works.')) setActive(null);
  };
  const moveWorkStep = (i: number, j: number, delta: -1 | 1) => {
    const steps = [...(works[i]?.steps ?? [])];
    const target = j + delta;
    if (target < 0 || target >= steps.length) return;
    const [moved] = steps.splice(j, 1);
    if (!moved) return;
    steps.splice(target, 0, moved);
    restructure({ ...job, works: works.map((w, wi) => (wi === i ? { ...w, steps } : w)) });
    if (active === workRef(i, j)) setActive(workRef(i, target));
  };

  // Saving ------------------------------------------------------------------------------------
  const leave = async (to: string = LIST_PATH) => {
    const here = `${location.pathname}${location.search}`;
    await navigate(to);
    forgetTab(here, to);
  };

  const showServerErrors = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.status < 500 && err.errors.length > 0) {
      setServerProblems(err.errors.map((e) => ({ path: e.field ?? '', message: e.message })));
      notify({ kind: 'error', title: err.errors.map((e) => e.message).join(' '), durationMs: 10_000 });
    } else {
      notify({ kind: 'error', title: fallback, durationMs: 10_000 });
    }
  };

  const save = async (asCopy: boolean) => {
    setTouched(true);
    if (saveBlocked) return;
    setBusy(true);
    try {
      const body = asCopy ? saveAsCopy(job, props.saved?.name ?? job.name) : job;
      const isNew = asCopy || props.jobId === null;
      let savedId = props.jobId;
      if (isNew) savedId = (await createJob(asInput(body))).jobId;
      else if (props.jobId !== null) await updateJob(props.jobId, asInput(body));
      notify({ kind: 'success', title: text.saved });
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      if (savedId !== null && offersRunOnExisting(body, isNew)) setAskRun(savedId);
      else await leave();
    } catch (err) {
      showServerErrors(err, text.saveError);
    } finally {
      setBusy(false);
    }
  };

  const runExisting = async (savedId: number) => {
    setBusy(true);
    try {
      const { runId } = await runOnExisting(savedId);
      setAskRun(null);
      await leave(`${HISTORY_PATH}/${savedId}?run=${runId}`);
    } catch (err) {
      setAskRun(null);
      showServerErrors(err, text.saveError);
      await leave();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (props.jobId === null) return;
    setBusy(true);
    try {
      await deleteJob(props.jobId);
      setConfirmDelete(false);
      notify({ kind: 'success', title: text.removed });
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      await leave();
    } catch (err) {
      setConfirmDelete(false);
      showServerErrors(err, text.removeError);
    } finally {
      setBusy(false);
    }
  };

  const blockedReason =
    active !== null ? text.saveDisabledEditing : invalid ? text.saveDisabledInvalid : null;
  const nameError = problemAt('name');

  return (
    <form
      noValidate
      aria-label={props.jobId === null ? text.titleNew : text.titleEdit}
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={text.name}
          required
          maxLength={JOB_NAME_MAX}
          value={job.name}
          onChange={(e) => edit({ ...job, name: e.currentTarget.value })}
          onBlur={() => setTouched(true)}
          error={touched ? nameError : undefined}
          maw={520}
        />
        <section aria-labelledby="automation-when" className="automation-flow">
          <Title order={2} size="h4" id="automation-when">
            {text.whenHeading}
          </Title>
          {job.events.flatMap((event, i) =>
            event.steps.map((step, j) => {
              const ref = eventRef(i, j);
              const index = job.events.slice(0, i).reduce((n, e) => n + e.steps.length, 0) + j;
              return (
                <EventCard
                  key={`${generation}-${ref}`}
                  index={index}
                  event={event}
                  step={step}
                  subjects={props.subjects}
                  active={active === ref}
                  invalid={stepProblems(ref)}
                  warning={warning?.ref === ref ? warning.message : null}
                  problem={(field) => stepProblemAt(ref, field)}
                  removable={job.events.reduce((n, e) => n + e.steps.length, 0) > 1}
                  onActivate={() => activate(ref)}
                  onDone={done}
                  onRemove={() => removeEventStep(i, j)}
                  onType={(type) => changeType(i, j, type)}
                  onStep={(next) => setEventStep(i, j, next)}
                  onEvent={(next) => setEvent(i, next)}
                  onInputProblem={inputProblem(ref)}
                />
              );
            }),
          )}
          <Button variant="light" leftSection={<Icon name="add" />} onClick={addEvent} w="fit-content">
            {text.addEvent}
          </Button>
        </section>
        <section aria-labelledby="automation-then" className="automation-flow">
          <Title order={2} size="h4" id="automation-then">
            {text.thenHeading}
          </Title>
          {gated && (
            <Alert color="yellow" variant="light" role="alert" icon={<Icon name="warning" />}>
              {automationMessages.eventsIncomplete}
            </Alert>
          )}
          {works.flatMap((work, i) =>
            work.steps.map((step, j) => {
              const ref = workRef(i, j);
              const index = works.slice(0, i).reduce((n, w) => n + w.steps.length, 0) + j;
              return (
                <WorkCard
                  key={`${generation}-${ref}`}
                  index={index}
                  step={step}
                  subjects={props.subjects}
                  eventSubject={eventSubject}
                  jobId={props.jobId}
                  active={active === ref}
                  invalid={stepProblems(ref)}
                  disabled={gated}
                  warning={warning?.ref === ref ? warning.message : null}
                  canMoveUp={j > 0}
                  canMoveDown={j < work.steps.length - 1}
                  problem={(path) => stepProblemAt(ref, path)}
                  onActivate={() => activate(ref)}
                  onDone={done}
                  onRemove={() => removeWorkStep(i, j)}
                  onMove={(delta) => moveWorkStep(i, j, delta)}
                  onKind={(kind: ActionKind) => setWorkStep(i, j, switchActionKind(step, kind))}
                  onStep={(next) => setWorkStep(i, j, next)}
                  onInputProblem={inputProblem(ref)}
                />
              );
            }),
          )}
          {touched && problemAt('works') && (
            <Text size="sm" c="red" role="alert">
              {problemAt('works')}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<Icon name="add" />}
            onClick={addAction}
            disabled={gated}
            w="fit-content"
          >
            {text.addAction}
          </Button>
          <div className="automation-end" aria-label={text.end}>
            {text.end}
          </div>
        </section>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {blockedReason && (
            <Text size="sm" c="dimmed" id="automation-save-reason">
              {blockedReason}
            </Text>
          )}
          <Button variant="default" onClick={() => void leave()} disabled={busy}>
            {text.cancel}
          </Button>
          {props.deleteMode && props.jobId !== null && (
            <Button color="red.9" onClick={() => setConfirmDelete(true)} disabled={busy}>
              {text.remove}
            </Button>
          )}
          {props.jobId !== null && !props.deleteMode && (
            <Tooltip label={blockedReason} disabled={!blockedReason}>
              <Button
                variant="light"
                onClick={() => void save(true)}
                disabled={saveBlocked}
                aria-describedby={blockedReason ? 'automation-save-reason' : undefined}
              >
                {text.saveAs}
              </Button>
            </Tooltip>
          )}
          <Button
            type="submit"
            disabled={saveBlocked}
            loading={busy}
            aria-describedby={blockedReason ? 'automation-save-reason' : undefined}
          >
            {text.save}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pendingType !== null}
        title={automationsText.event.confirmDeleteTitle}
        danger
        confirmLabel={automationsText.event.confirmDeleteYes}
        onClose={() => setPendingType(null)}
        onConfirm={() => {
          if (pendingType) restructure(pendingType.job);
          setPendingType(null);
        }}
      >
        {automationMessages.deleteEventRemovesActions}
      </ConfirmModal>
      <ConfirmModal
        opened={askRun !== null}
        title={text.runExistingTitle}
        confirmLabel={text.runExistingYes}
        cancelLabel={text.runExistingNo}
        busy={busy}
        onClose={() => {
          if (busy) return;
          setAskRun(null);
          void leave();
        }}
        onConfirm={() => askRun !== null && void runExisting(askRun)}
      >
        {automationMessages.runOnExisting}
      </ConfirmModal>
      <ConfirmModal
        opened={confirmDelete}
        title={text.confirmRemoveTitle}
        danger
        busy={busy}
        onClose={() => !busy && setConfirmDelete(false)}
        onConfirm={() => void remove()}
      >
        {automationMessages.confirmDelete}
      </ConfirmModal>
    </form>
  );
}
