import { filterTreeSchema } from '@talkbase/domain/filters/filter-tree';
import type { AuthContext } from '../../access/identity.ts';
import { HttpError, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { attributeColumn } from '../../records/subject-ddl.ts';
import { FILTER_SUBJECT, type AttributeMeta } from '../../records/subject-meta.ts';
import { fromDbValue } from '../../records/record-values.ts';
import * as talkRepo from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import type { TalkWriteRuleInput } from '../records/write-rules.ts';

export const savedFilterMessages = {
  subjectRequired: 'Selecione o assunto do filtro.',
  subjectUnknown: 'Assunto não encontrado.',
  subjectIsFilter: 'Um filtro salvo não pode filtrar outros filtros.',
  treeRequired: 'Monte o filtro.',
  treeInvalid: 'Filtro inválido.',
};

/**
 * The rules of every write of a saved filter (a record of `filtro`), whoever writes it (the filter
 * form, the grid's 'Salvar filtro', an integration, a batch): its subject (`assunto`, ours) exists
 * and the account may read it, and its tree is a valid filter over what the account may read of
 * that subject — the same check the grid's filter call makes, so a saved filter never fails where
 * it is applied. `assunto` is kept as the subject's identifier, whatever the case it was sent in.
 */
export async function checkSavedFilterWrite(
  talks: TalksService,
  { auth, subject, talkId, values, rows, db }: TalkWriteRuleInput,
): Promise<Map<number, unknown>> {
  const out = new Map(values);
  const about = subject.attributes.find((a) => a.identifier === 'assunto');
  const treeAttr = subject.attributes.find((a) => a.identifier === 'filtro');
  if (!about || !treeAttr) return out;
  let stored: Record<string, unknown> | undefined;
  if (talkId !== undefined) {
    stored = await talkRepo.findTalk(db, subject, talkId, rows);
    // A record the account cannot see is answered 404 by the update itself.
    if (!stored) return out;
  }
  const current = (a: AttributeMeta): unknown =>
    values.has(a.id) ? values.get(a.id) : stored ? fromDbValue(a, stored[attributeColumn(a.id)]) : null;
  // A change of the name alone leaves the subject and the tree as they were checked.
  if (stored && !values.has(about.id) && !values.has(treeAttr.id)) return out;

  const errors: ErrorItem[] = [];
  const aboutValue = current(about);
  const identifier = typeof aboutValue === 'string' ? aboutValue.trim() : '';
  let target: Awaited<ReturnType<typeof readable>> = undefined;
  if (identifier === '') errors.push({ message: savedFilterMessages.subjectRequired, field: 'assunto' });
  else if (identifier.toLowerCase() === FILTER_SUBJECT)
    errors.push({ message: savedFilterMessages.subjectIsFilter, field: 'assunto' });
  else {
    target = await readable(talks, auth, identifier);
    if (!target) errors.push({ message: savedFilterMessages.subjectUnknown, field: 'assunto' });
    else out.set(about.id, target.subject.identifier);
  }

  const rawTree = current(treeAttr);
  if (rawTree === null || rawTree === undefined || (typeof rawTree === 'string' && rawTree.trim() === ''))
    errors.push({ message: savedFilterMessages.treeRequired, field: 'filtro' });
  else {
    // A tree is a JSON object; text (even JSON text) is stored as text and could never apply.
    const tree = typeof rawTree === 'object' ? filterTreeSchema.safeParse(rawTree) : undefined;
    if (!tree?.success) errors.push({ message: treeProblem(tree?.error.issues ?? []), field: 'filtro' });
    else if (target) {
      // Over the attributes the account may read of the subject: a hidden one does not exist for it.
      const ctx = { alias: 't', timeZone: target.rules.timeZone, now: target.rules.now.getTime() };
      try {
        compileFilter(tree.data, target.view, ctx);
      } catch (err) {
        const message =
          err instanceof HttpError ? (err.errors[0]?.message ?? savedFilterMessages.treeInvalid) : null;
        if (message === null) throw err;
        errors.push({ message, field: 'filtro' });
      }
    }
  }
  if (errors.length > 0) throw unprocessable(errors);
  return out;
}

/** The subject's policy for the account, or undefined when it may not read it (or it does not exist). */
async function readable(talks: TalksService, auth: AuthContext, identifier: string) {
  try {
    return await talks.access(auth, identifier, 'read');
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403)) return undefined;
    throw err;
  }
}

/** The schema's own message (depth, size, an unknown operator) when it has one. */
function treeProblem(issues: readonly { code: string; message: string }[]): string {
  const issue = issues.find((i) => i.code === 'custom');
  return issue?.message ?? savedFilterMessages.treeInvalid;
}
