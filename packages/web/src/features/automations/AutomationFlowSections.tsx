import { Alert, Button, Text, Title } from '@mantine/core';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import type { ActionKind } from '@talkbase/domain/contracts/jobs';
import { switchActionKind } from '@talkbase/domain/automations/editor';
import { automationMessages } from '@talkbase/domain/automations/messages';
import { automationsText } from '../../i18n/automations.ts';
import { Icon } from '../../ui/Icon.tsx';
import { EventCard, WorkCard } from './StepCards.tsx';
import { eventRef, workRef, type JobDraft } from './useAutomationDraft.ts';

const text = automationsText.editor;

/** 'Quando acontecer...': the job's event steps as cards, and 'Adicionar evento'. */
export function WhenSection({ draft, subjects }: { draft: JobDraft; subjects: ReadableSubject[] }) {
  const { job, active, warning, generation } = draft;
  return (
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
              subjects={subjects}
              active={active === ref}
              invalid={draft.stepProblems(ref)}
              warning={warning?.ref === ref ? warning.message : null}
              problem={(field) => draft.stepProblemAt(ref, field)}
              removable={job.events.reduce((n, e) => n + e.steps.length, 0) > 1}
              onActivate={() => draft.activate(ref)}
              onDone={draft.done}
              onRemove={() => draft.removeEventStep(i, j)}
              onType={(type) => draft.changeType(i, j, type)}
              onStep={(next) => draft.setEventStep(i, j, next)}
              onEvent={(next) => draft.setEvent(i, next)}
              onInputProblem={draft.inputProblem(ref)}
            />
          );
        }),
      )}
      <Button variant="light" leftSection={<Icon name="add" />} onClick={draft.addEvent} w="fit-content">
        {text.addEvent}
      </Button>
    </section>
  );
}

/** 'Então faça...': the job's actions as cards (blocked until the events are complete), then 'FIM'. */
export function ThenSection({
  draft,
  subjects,
  jobId,
}: {
  draft: JobDraft;
  subjects: ReadableSubject[];
  jobId: number | null;
}) {
  const { works, active, warning, generation, gated } = draft;
  return (
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
              subjects={subjects}
              eventSubject={draft.eventSubject}
              jobId={jobId}
              active={active === ref}
              invalid={draft.stepProblems(ref)}
              disabled={gated}
              warning={warning?.ref === ref ? warning.message : null}
              canMoveUp={j > 0}
              canMoveDown={j < work.steps.length - 1}
              problem={(path) => draft.stepProblemAt(ref, path)}
              onActivate={() => draft.activate(ref)}
              onDone={draft.done}
              onRemove={() => draft.removeWorkStep(i, j)}
              onMove={(delta) => draft.moveWorkStep(i, j, delta)}
              onKind={(kind: ActionKind) => draft.setWorkStep(i, j, switchActionKind(step, kind))}
              onStep={(next) => draft.setWorkStep(i, j, next)}
              onInputProblem={draft.inputProblem(ref)}
            />
          );
        }),
      )}
      {draft.touched && draft.problemAt('works') && (
        <Text size="sm" c="red" role="alert">
          {draft.problemAt('works')}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<Icon name="add" />}
        onClick={draft.addAction}
        disabled={gated}
        w="fit-content"
      >
        {text.addAction}
      </Button>
      <div className="automation-end" aria-label={text.end}>
        {text.end}
      </div>
    </section>
  );
}
