import type { z } from 'zod';
import { messages } from '../i18n/messages.ts';
import type { ErrorItem } from './errors.ts';

/** One `{message, field}` per zod issue; the field is the dotted path of the offending value. */
export function zodIssuesToErrors(issues: z.core.$ZodIssue[], prefix: string): ErrorItem[] {
  const errors = issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? messages.required : issue.message;
    return field ? { message, field } : { message };
  });
  return errors.length > 0 ? errors : [{ message: messages.invalidBody }];
}
