import type { TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import { ApiError, apiRequest, type ApiErrorItem } from '../../api/client.ts';
import { fileNameFromDisposition, saveBlob } from '../../fields/editors/complex/download-blob.ts';
import { getSession } from '../session/session-store.ts';

/**
 * The CSV transfer calls (issue 17): the export and the error report are files, the import's form is
 * multipart, so these three send the session's bearer token themselves; the progress is JSON.
 */

export type ExportBody = Pick<TalkFilterRequest, 'isActive' | 'filterIds' | 'tagIds' | 'term' | 'order'> & {
  templateId?: number | undefined;
  columns: 'template' | 'all';
  /** The system columns the grid shows (created_at, created_by…), exported after its columns. */
  systemColumns?: string[];
};

export interface ImportColumn {
  header: string;
  attribute: string | null;
  attributeName: string | null;
}

export interface ImportError {
  row: number;
  column: string;
  value: string;
  message: string;
}

export interface ImportPreview {
  columns: ImportColumn[];
  attributes: { identifier: string; name: string; isRequired: boolean }[];
  rows: { row: number; values: string[] }[];
  errors: ImportError[];
  total: number;
  errorRows: number;
  /** Rows without an error: new records, changes to the records their ID names, and no change. */
  creates: number;
  updates: number;
  unchanged: number;
}

/**
 * The mapping's names of the record's own columns (server record-columns.ts): a file with the ID
 * column changes those records, at the version of the "Versão do registro" column.
 */
export const RECORD_ID_TARGET = '@id';
export const RECORD_VERSION_TARGET = '@version';

export interface ImportProgress {
  importId: number;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  imported: number;
  skipped: number;
  failed: number;
  errorCount: number;
  message: string | null;
}

function authHeaders(): Record<string, string> {
  const token = getSession()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function failure(response: Response): Promise<ApiError> {
  let errors: ApiErrorItem[];
  try {
    const body = (await response.json()) as { errors?: ApiErrorItem[] };
    errors = Array.isArray(body.errors) ? body.errors : [];
  } catch {
    errors = [];
  }
  return new ApiError(response.status, errors);
}

async function download(path: string, init: RequestInit, fallbackName: string): Promise<void> {
  // eslint-disable-next-line no-restricted-globals -- a file answer, which apiRequest (JSON) cannot read.
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}

/** POST /api/talk/export/{subject}: saves the CSV the server streams. */
export function exportTalks(subject: string, body: ExportBody): Promise<void> {
  return download(
    `/api/talk/export/${encodeURIComponent(subject)}`,
    {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'application/json', accept: 'text/csv' },
      body: JSON.stringify({ ...body, format: 'csv' }),
    },
    `${subject}.csv`,
  );
}

/** GET /api/talk/import/{importId}/errors: saves the error report. */
export function downloadErrorReport(importId: number): Promise<void> {
  return download(
    `/api/talk/import/${importId}/errors`,
    { headers: authHeaders() },
    `erros-importacao-${importId}.csv`,
  );
}

async function sendImport<T>(subject: string, form: FormData): Promise<T> {
  // eslint-disable-next-line no-restricted-globals -- a multipart form, which apiRequest (JSON) cannot send.
  const response = await fetch(`/api/talk/import/${encodeURIComponent(subject)}`, {
    method: 'POST',
    headers: { ...authHeaders(), accept: 'application/json' },
    body: form,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

function importForm(
  file: File,
  mapping: Record<string, string | null> | undefined,
  extra: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

/** The dry run: columns, the first rows and every row's errors. */
export function previewImport(
  subject: string,
  file: File,
  mapping?: Record<string, string | null>,
): Promise<ImportPreview> {
  return sendImport(subject, importForm(file, mapping, { dryRun: 'true' }));
}

export function startImport(
  subject: string,
  file: File,
  mapping: Record<string, string | null>,
  mode: 'all' | 'skip',
): Promise<{ importId: number }> {
  return sendImport(subject, importForm(file, mapping, { mode }));
}

export function fetchImport(importId: number, signal?: AbortSignal): Promise<ImportProgress> {
  return apiRequest<ImportProgress>(`/api/talk/import/${importId}`, { ...(signal ? { signal } : {}) });
}
