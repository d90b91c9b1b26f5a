import { messages } from '../i18n/messages.ts';

export interface ErrorItem {
  message: string;
  field?: string;
}

/** An error meant for the client: its status and messages are sent as `{ errors: [...] }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: ErrorItem[];
  readonly headers: Record<string, string>;
  /** More fields of the answer beside `errors` (e.g. the related records of a refused delete). */
  readonly extra: Record<string, unknown>;
  constructor(
    statusCode: number,
    errors: ErrorItem[] | string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    const list = typeof errors === 'string' ? [{ message: errors }] : errors;
    super(list.map((e) => e.message).join('; '));
    this.statusCode = statusCode;
    this.errors = list;
    this.headers = headers;
    this.extra = extra;
  }
}

export const badRequest = (errors: ErrorItem[] | string) => new HttpError(400, errors);
export const unauthorized = () => new HttpError(401, messages.unauthorized);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, [field ? { message, field } : { message }]);
export const unprocessable = (errors: ErrorItem[] | string) => new HttpError(422, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, messages.tooManyAttempts, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
