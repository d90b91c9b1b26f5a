import type { JobActions, JobCreated, JobInput, JobPage, SavedJob } from '@talkbase/domain/contracts/jobs';
import type {
  JobRunDetail,
  JobRunPage,
  JobRunStarted,
  JobRunStatus,
  JobEngineState,
} from '@talkbase/domain/contracts/job-runs';
import type { TagPage } from '@talkbase/domain/contracts/tags';
import type { NotificationPage } from '@talkbase/domain/contracts/notifications';
import { apiRequest } from '../../api/client.ts';

/** The automation calls (docs/api.md "Automations"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface JobQuery {
  page: number;
  fetch: number;
  term?: string;
}

export function fetchJobs(q: JobQuery, signal?: AbortSignal): Promise<JobPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<JobPage>(`/api/job?${query.toString()}`, withSignal(signal));
}

/** The integration kinds this installation runs (issue 35); the others are refused on save. */
export function fetchJobActions(signal?: AbortSignal): Promise<JobActions> {
  return apiRequest<JobActions>('/api/job/actions', withSignal(signal));
}

export function fetchJob(jobId: number, signal?: AbortSignal): Promise<SavedJob> {
  return apiRequest<SavedJob>(`/api/job/${jobId}`, withSignal(signal));
}

export function createJob(job: JobInput): Promise<JobCreated> {
  return apiRequest<JobCreated>('/api/job', { method: 'POST', body: job });
}

export function updateJob(jobId: number, job: JobInput): Promise<unknown> {
  return apiRequest<unknown>(`/api/job/${jobId}`, { method: 'PUT', body: job });
}

export function deleteJob(jobId: number): Promise<unknown> {
  return apiRequest<unknown>(`/api/job/${jobId}`, { method: 'DELETE' });
}

/** Runs the job over every existing record its events match (202 {runId}). */
export function runOnExisting(jobId: number): Promise<JobRunStarted> {
  return apiRequest<JobRunStarted>(`/api/job/${jobId}/run`, { method: 'POST', body: {} });
}

/** The company's automation engine: paused or running (issue 33). */
export function fetchEngineState(signal?: AbortSignal): Promise<JobEngineState> {
  return apiRequest<JobEngineState>('/api/job/engine', withSignal(signal));
}

export function setEnginePaused(paused: boolean): Promise<JobEngineState> {
  return apiRequest<JobEngineState>(paused ? '/api/job/pause' : '/api/job/resume', {
    method: 'POST',
    body: {},
  });
}

/** A run as the run calls answer it: its job's name, its record's subject, its steps' details, its progress. */
export type RunDetail = JobRunDetail;

export interface RunQuery {
  page: number;
  fetch: number;
  status?: JobRunStatus | null;
  jobId?: number | null;
}

/** The company's runs, newest first, of one job and in one status when given (GET /api/job/runs). */
export function fetchCompanyRuns(q: RunQuery, signal?: AbortSignal): Promise<JobRunPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.status) query.set('status', q.status);
  if (q.jobId) query.set('jobId', String(q.jobId));
  return apiRequest<JobRunPage>(`/api/job/runs?${query.toString()}`, withSignal(signal));
}

export function fetchRun(runId: number, signal?: AbortSignal): Promise<RunDetail> {
  return apiRequest<RunDetail>(`/api/job/run/${runId}`, withSignal(signal));
}

export function runCommand(runId: number, command: 'retry' | 'resume' | 'cancel'): Promise<unknown> {
  return apiRequest<unknown>(`/api/job/run/${runId}/${command}`, { method: 'POST', body: {} });
}

/** The tags a SetTalkTag / RemoveTalkTag step picks from. */
export function fetchTagChoices(signal?: AbortSignal): Promise<TagPage> {
  return apiRequest<TagPage>('/api/tag?page=1&fetch=500', withSignal(signal));
}

/** The notifications a Notification step picks from. */
export function fetchNotificationChoices(signal?: AbortSignal): Promise<NotificationPage> {
  return apiRequest<NotificationPage>('/api/notification?page=1&fetch=500', withSignal(signal));
}

export const jobKeys = {
  all: ['jobs'] as const,
  list: (q: { page: number; fetch: number }) => ['jobs', 'list', q] as const,
  one: (jobId: number) => ['jobs', 'one', jobId] as const,
  /** Every list of runs (a command's answer refreshes them all). */
  allRuns: ['jobs', 'runs'] as const,
  companyRuns: (q: RunQuery) => ['jobs', 'runs', 'company', q] as const,
  run: (runId: number) => ['jobs', 'run', runId] as const,
};
