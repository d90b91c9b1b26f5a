import { Anchor, Button, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { JOB_NAME_MAX, type SavedJob } from '@talkbase/domain/contracts/jobs';
import { automationMessages } from '@talkbase/domain/automations/messages';
import { Link, useParams, useSearchParams } from 'react-router';
import { automationsText } from '../../i18n/automations.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { EditorStates } from '../../ui/EditorStates.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useEditorLoad } from '../../ui/useEditorLoad.ts';
import { fetchJob, jobKeys } from './automations-api.ts';
import { ThenSection, WhenSection } from './AutomationFlowSections.tsx';
import { HISTORY_PATH } from './paths.ts';
import { useAutomationDraft } from './useAutomationDraft.ts';
import { useAutomationSaving } from './useAutomationSaving.ts';
import './automations.css';

const text = automationsText.editor;

/** 'Criar nova automação' / 'Editar automação' (000 §2 "Automation editor"; §4; §5). */
export function AutomationEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const jobId = params.jobId ? Number(params.jobId) : null;
  const deleteMode = search.get('delete') === 'true';
  const load = useEditorLoad(jobId, { key: jobKeys.one, fetch: fetchJob }, ['jobs', 'subjects']);
  const { valid, notFound, subjects } = load;

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
      <EditorStates state={load.state} texts={text} skeletonHeight={320}>
        {subjects.data && (
          <JobForm
            key={jobId ?? 'new'}
            jobId={jobId}
            saved={load.record.data ?? null}
            deleteMode={deleteMode}
            subjects={subjects.data}
          />
        )}
      </EditorStates>
    </Stack>
  );
}

/** The editor's form: the name, the flow ('Quando acontecer...', 'Então faça...'), the buttons. */
function JobForm(props: {
  jobId: number | null;
  saved: SavedJob | null;
  deleteMode: boolean;
  subjects: ReadableSubject[];
}) {
  const draft = useAutomationDraft(props.saved, props.subjects);
  const saving = useAutomationSaving(draft, props.jobId, props.saved);
  const { job, active, invalid, touched } = draft;
  const { busy, saveBlocked, save, leave, askRun } = saving;

  const blockedReason =
    active !== null ? text.saveDisabledEditing : invalid ? text.saveDisabledInvalid : null;
  const nameError = draft.problemAt('name');

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
          onChange={(e) => draft.edit({ ...job, name: e.currentTarget.value })}
          onBlur={() => draft.setTouched(true)}
          error={touched ? nameError : undefined}
          maw={520}
        />
        <WhenSection draft={draft} subjects={props.subjects} />
        <ThenSection draft={draft} subjects={props.subjects} jobId={props.jobId} />
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
            <Button color="red.9" onClick={() => saving.setConfirmDelete(true)} disabled={busy}>
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
        opened={draft.pendingType !== null}
        title={automationsText.event.confirmDeleteTitle}
        danger
        confirmLabel={automationsText.event.confirmDeleteYes}
        onClose={() => draft.settlePendingType(false)}
        onConfirm={() => draft.settlePendingType(true)}
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
          saving.setAskRun(null);
          void leave();
        }}
        onConfirm={() => askRun !== null && void saving.runExisting(askRun)}
      >
        {automationMessages.runOnExisting}
      </ConfirmModal>
      <ConfirmModal
        opened={saving.confirmDelete}
        title={text.confirmRemoveTitle}
        danger
        busy={busy}
        onClose={() => !busy && saving.setConfirmDelete(false)}
        onConfirm={() => void saving.remove()}
      >
        {automationMessages.confirmDelete}
      </ConfirmModal>
    </form>
  );
}
