import type { ApiError as ApiErrorBody } from '@talkbase/domain/contracts/errors';
import { t } from '../i18n/pt-BR.ts';

export type ApiErrorItem = ApiErrorBody['errors'][number];

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /** The rest of an error answer (a delete's relatedTalks). */
  readonly extra: Record<string, unknown>;
  constructor(status: number, errors: ApiErrorItem[], extra: Record<string, unknown> = {}) {
    super(errors.map((e) => e.message).join(' ') || t.errors.generic);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.extra = extra;
  }
}

/**
 * What the client needs from the session, injected at start-up so that the API layer does not
 * import the session feature (which itself calls the API to sign in and renew).
 */
export interface SessionBridge {
  token(): string | null;
  /** Renews the token after a 401/403; resolves true when a retry is worth making. */
  renew(): Promise<boolean>;
}

let bridge: SessionBridge = { token: () => null, renew: () => Promise.resolve(false) };

export function connectSession(next: SessionBridge): void {
  bridge = next;
}

/** The signed-in session's bearer token, for the calls apiRequest cannot make (file downloads). */
export function sessionToken(): string | null {
  return bridge.token();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sign-in, passcode verification and the renewal itself answer 401 for wrong credentials:
   * those must reach the caller instead of starting a renewal.
   */
  renewOnAuthFailure?: boolean;
  /** A token to send instead of the session's (logout after the session was cleared). */
  token?: string | null;
  /** Sent even if the page goes away meanwhile (a save made as the tab closes). */
  keepalive?: boolean;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('errors' in value)) return false;
  const { errors } = value;
  return Array.isArray(errors) && errors.every((e) => typeof e === 'object' && e !== null && 'message' in e);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? bridge.token() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    // eslint-disable-next-line no-restricted-globals -- the one place the app talks HTTP.
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
      credentials: 'same-origin',
      keepalive: options.keepalive ?? false,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, [{ message: t.signIn.unreachable }]);
  }
}

/**
 * Every call of the web app goes through here: bearer header, JSON in and out, the API's error
 * format, and one renewal-and-retry when the session's token was refused (000 §4).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiCall<T>(path, options)).body;
}

/** As apiRequest, with the answer's headers (a creation's Location). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's contract type.
export async function apiCall<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers; status: number }> {
  let response = await send(path, options);
  const mayRenew = options.renewOnAuthFailure !== false && options.token === undefined;
  if (mayRenew && (response.status === 401 || response.status === 403) && bridge.token()) {
    if (await bridge.renew()) response = await send(path, options);
  }
  const payload = await readBody(response);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(payload) ? payload.errors : [{ message: t.errors.generic }],
      isErrorBody(payload) ? payload : {},
    );
  }
  // The contracts in @talkbase/domain type every answer; the server validates what it sends.
  return { body: payload as T, headers: response.headers, status: response.status };
}
