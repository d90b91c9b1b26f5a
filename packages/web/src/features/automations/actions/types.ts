import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import type { ActionKind, WorkStep } from '@talkbase/domain/contracts/jobs';
import type { ComponentType } from 'react';

/** What every action editor gets: its step, the job's context, and where to send changes. */
export interface ActionEditorProps {
  step: WorkStep;
  /** The subject identifier of the job's first event (the record the actions act on). */
  eventSubject: string | null;
  subjects: readonly ReadableSubject[];
  /** The job being edited (ExecuteParentJob does not offer itself). */
  jobId: number | null;
  /** The message of a rule broken at `path` (relative to the step: 'configs.0.tagId'). */
  problem: (path: string) => string | undefined;
  onChange: (step: WorkStep) => void;
  /** A field editor whose text is not a value yet reports it here (the step counts as invalid). */
  onInputProblem: (key: string, message: string | undefined) => void;
}

export interface ActionEntry {
  kind: ActionKind;
  /** The configuration screen of this kind. */
  Editor: ComponentType<ActionEditorProps>;
  /** Acts on the records its own filter selects (the step shows a filter). */
  byFilter: boolean;
}
