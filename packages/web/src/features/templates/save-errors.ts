import { ApiError } from '../../api/client.ts';

export type ServerProblems = Map<string, string>;

const FIELDS = [
  'templateName',
  'subjectId',
  'parentTemplateId',
  'accountId',
  'templateAreas',
  'relatedTemplateIds',
];

/**
 * A refused save as messages by editor field (the API's `field`, its first segment) and the rest;
 * a server failure (5xx, network) gives neither, so the caller shows the spec's generic message.
 */
export function saveErrors(err: unknown): { fields: ServerProblems; loose: string[] } {
  const fields: ServerProblems = new Map();
  const loose: string[] = [];
  if (!(err instanceof ApiError) || err.status >= 500) return { fields, loose };
  for (const e of err.errors) {
    const head = (e.field ?? '').split('.')[0] ?? '';
    if (FIELDS.includes(head) && !fields.has(head)) fields.set(head, e.message);
    else loose.push(e.message);
  }
  return { fields, loose };
}
