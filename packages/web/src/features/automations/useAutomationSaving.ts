import { useQueryClient } from '@tanstack/react-query';
import type { Job, JobInput, SavedJob } from '@talkbase/domain/contracts/jobs';
import { offersRunOnExisting, saveAsCopy } from '@talkbase/domain/automations/editor';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { automationsText } from '../../i18n/automations.ts';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { useUnsavedDraft } from '../unsaved/useUnsavedChanges.ts';
import { createJob, deleteJob, jobKeys, runOnExisting, updateJob } from './automations-api.ts';
import { HISTORY_PATH, LIST_PATH } from './paths.ts';
import type { JobDraft } from './useAutomationDraft.ts';

const text = automationsText.editor;

function asInput(job: Job): JobInput {
  return job as unknown as JobInput;
}

/**
 * The editor's writes: save (or save as a copy), then the offer to run on existing records; delete;
 * leaving for the list (the editor's tab closes). A refusal's messages go on the draft's fields.
 */
export function useAutomationSaving(draft: JobDraft, jobId: number | null, saved: SavedJob | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [askRun, setAskRun] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const { job, active, invalid } = draft;
  // Leaving a changed automation asks "Descartar alterações?" first (issue 39 item 5).
  const unsaved = useUnsavedDraft(job);
  const saveBlocked = invalid || active !== null || busy;

  const leave = async (to: string = LIST_PATH) => {
    unsaved.release();
    const here = `${location.pathname}${location.search}`;
    await navigate(to);
    forgetTab(here, to);
  };

  const showServerErrors = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.status < 500 && err.errors.length > 0) {
      draft.setServerProblems(err.errors.map((e) => ({ path: e.field ?? '', message: e.message })));
      notify({ kind: 'error', title: err.errors.map((e) => e.message).join(' '), durationMs: 10_000 });
    } else {
      notify({ kind: 'error', title: fallback, durationMs: 10_000 });
    }
  };

  const save = async (asCopy: boolean) => {
    draft.setTouched(true);
    if (saveBlocked) return;
    setBusy(true);
    try {
      const body = asCopy ? saveAsCopy(job, saved?.name ?? job.name) : job;
      const isNew = asCopy || jobId === null;
      let savedId = jobId;
      if (isNew) savedId = (await createJob(asInput(body))).jobId;
      else await updateJob(jobId, asInput(body));
      notify({ kind: 'success', title: text.saved });
      unsaved.release();
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
    if (jobId === null) return;
    setBusy(true);
    try {
      await deleteJob(jobId);
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

  return {
    busy,
    saveBlocked,
    save,
    leave,
    askRun,
    setAskRun,
    runExisting,
    confirmDelete,
    setConfirmDelete,
    remove,
  };
}
