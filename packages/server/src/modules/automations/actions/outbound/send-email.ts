import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { configsOf, type EmailConfig } from '@talkbase/domain/contracts/jobs';
import { type EmailStepDetail } from '@talkbase/domain/contracts/job-runs';
import { recordLink } from '@talkbase/domain/notifications/record-link';
import { escapeHtml } from '@talkbase/domain/notifications/template-variables';
import type { MailAttachment } from '../../../../mail/mailer.ts';
import { HttpError } from '../../../../http/errors.ts';
import type { FilesService } from '../../../files/files.service.ts';
import type { AttributeMeta } from '../../../../records/subject-meta.ts';
import {
  PermanentActionError,
  RetryableActionError,
  type ActionContext,
  type ActionHandler,
} from '../types.ts';
import { accountOf, loadRecord, talkText, templateValues, type RecordView } from './record.ts';
import { htmlToText, renderTemplate } from './render.ts';
import { capList, capText, withDetail } from '../detail.ts';
import { onceByKey, OUTBOUND_RETRY } from './once.ts';

type EmailEntry = EmailStepDetail['emails'][number];

/** Sum of attachment sizes one e-mail may carry. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const SIMPLE_ADDRESS = /^[^\s@;<>,"]+@[^\s@;<>,"]+\.[^\s@;<>,"]+$/;

/** `to` joined by ';' (000 §3): blank entries dropped, each trimmed. */
export function recipientsOf(to: string): string[] {
  return to
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** `<hash@talkbase.automation>`: the same key always gives the same Message-ID. */
export function messageIdOf(key: string): string {
  return `<${crypto.createHash('sha256').update(key).digest('hex').slice(0, 40)}@talkbase.automation>`;
}

interface Table {
  title: string;
  rows: [string, string][];
  head?: [string, string];
}

function tableHtml(t: Table): string {
  const head = t.head ? `<tr><th>${escapeHtml(t.head[0])}</th><th>${escapeHtml(t.head[1])}</th></tr>` : '';
  const rows = t.rows.map(([a, b]) => `<tr><td>${escapeHtml(a)}</td><td>${escapeHtml(b)}</td></tr>`).join('');
  return `<h3>${escapeHtml(t.title)}</h3><table border="1" cellpadding="4" cellspacing="0">${head}${rows}</table>`;
}

function tableText(t: Table): string {
  return [t.title, ...t.rows.map(([a, b]) => `${a}: ${b}`)].join('\n');
}

const changeText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

export interface SendEmailDeps {
  files?: Pick<FilesService, 'files' | 'open'>;
  /** PUBLIC_URL when set: the e-mail ends with a link to the record; unset, no link (it would not open). */
  publicUrl?: string | undefined;
}

export function sendEmailHandler(deps: SendEmailDeps): ActionHandler {
  return {
    kind: 'SendEmail',
    retry: OUTBOUND_RETRY,
    async run(ctx, step) {
      const configs = configsOf(step, 'SendEmail');
      if (configs.length === 0) throw new PermanentActionError('Configure o e-mail a enviar.');
      const record = await loadRecord(ctx);
      // What the run history shows: each message's recipients and subject (or why none went).
      const detail: EmailStepDetail = { emails: [] };
      try {
        for (const [i, config] of configs.entries()) {
          const key = `${ctx.idempotencyKey}:mail:${i}`;
          const entry: EmailEntry = { to: [], subject: capText(config.subject) };
          detail.emails.push(entry);
          const sent = await onceByKey(ctx, key, () => sendOne(ctx, deps, record, config, key, entry));
          if (!sent) {
            entry.alreadyDone = true;
            setRecipients(entry, recipientsOf(config.to));
          }
        }
      } catch (err) {
        throw err instanceof Error ? withDetail(err, detail) : err;
      }
      return detail;
    },
  };
}

function setRecipients(entry: EmailEntry, recipients: readonly string[]): void {
  const shown = capList(recipients);
  entry.to = shown.items;
  if (shown.more > 0) entry.more = shown.more;
}

async function sendOne(
  ctx: ActionContext,
  deps: SendEmailDeps,
  record: RecordView,
  c: EmailConfig,
  key: string,
  entry: EmailEntry,
): Promise<void> {
  const { subject, talk } = record;
  const byId = new Map(subject.attributes.map((a) => [a.id, a]));

  // Changed-properties report: before/after of what the event changed; nothing changed and no
  // "send empty report" → no e-mail.
  let changes: Table | null = null;
  if (c.notifyPropertyChanged) {
    const before = ctx.trigger.before ?? {};
    const after = ctx.trigger.after ?? {};
    const rows = ctx.trigger.changed
      .map((id) => subject.attributes.find((a) => a.identifier === id))
      .filter((a): a is AttributeMeta => a !== undefined && !a.isInternal)
      .map((a): [string, string, string] => [
        a.name,
        changeText(before[a.identifier]),
        changeText(after[a.identifier]),
      ]);
    if (rows.length === 0 && !c.sendEmptyReport) {
      entry.skipped = 'noChanges';
      return;
    }
    changes = {
      title: 'Alterações',
      rows: rows.map(([n, b, a]) => [n, `${b} → ${a}`]),
      head: ['Campo', 'Antes → Depois'],
    };
  }

  const to = new Set(recipientsOf(c.to).map((a) => a.toLowerCase()));
  const eventAccount = await accountOf(ctx, ctx.trigger.accountId);
  if (c.sendToCreatedBy) {
    const creator = talk?.createdBy ? await accountOf(ctx, talk.createdBy) : eventAccount;
    if (creator?.email) to.add(creator.email.toLowerCase());
  }
  if (c.sendToRelated.send && c.sendToRelated.subjectId) {
    for (const a of subject.attributes.filter((x) => x.relatedSubjectId === c.sendToRelated.subjectId)) {
      const related = await record.related(a);
      for (const v of related?.talk.talkValues ?? [])
        if (typeof v.value === 'string' && SIMPLE_ADDRESS.test(v.value.trim()))
          to.add(v.value.trim().toLowerCase());
    }
  }
  const recipients = [...to].filter((a) => SIMPLE_ADDRESS.test(a));
  setRecipients(entry, recipients);
  if (recipients.length === 0) throw new PermanentActionError('O e-mail não tem destinatários válidos.');

  const tables: Table[] = [];
  const attributeRows = c.attributes
    .map((id) => byId.get(id))
    .filter((a): a is AttributeMeta => a !== undefined && !a.isInternal && a.kind !== 'file')
    .map((a): [string, string] => [a.name, record.text(a)]);
  if (attributeRows.length) tables.push({ title: subject.name, rows: attributeRows });
  for (const relatedSubjectId of c.relatedSubjects) {
    for (const a of subject.attributes.filter((x) => x.relatedSubjectId === relatedSubjectId)) {
      const related = await record.related(a);
      if (!related) continue;
      const rows = related.subject.attributes
        .filter((x) => !x.isInternal && x.kind !== 'file')
        .map((x): [string, string] => [x.name, talkText(related.talk, x.identifier)]);
      tables.push({ title: `${a.name}: ${related.talk.displayName}`, rows });
    }
  }
  if (changes) tables.push(changes);

  const vars = await templateValues(ctx, record, [c.subject, c.content], eventAccount);
  const subjectLine = renderTemplate(c.subject, vars, 'header') || ctx.jobName;
  entry.subject = capText(subjectLine);
  const attachments = await attachmentsOf(deps, record, c);
  if (attachments.length > 0) entry.attachments = attachments.length;
  const link = talk && deps.publicUrl ? recordLink(deps.publicUrl, subject.identifier, talk.talkId) : null;
  const linkName = talk ? `${subject.name} #${String(talk.talkId)}` : '';
  const html =
    `<!doctype html><html><body><div>${renderTemplate(c.content, vars, 'html')}</div>` +
    tables.map(tableHtml).join('') +
    (link ? `<p><a href="${escapeHtml(link)}">Abrir ${escapeHtml(linkName)}</a></p>` : '') +
    '</body></html>';
  // Values escaped first, so dropping the template's tags never touches what a value holds.
  const text = [
    htmlToText(renderTemplate(c.content, vars, 'html')),
    ...tables.map(tableText),
    ...(link ? [`Abrir ${linkName}: ${link}`] : []),
  ].join('\n\n');
  try {
    await ctx.services.mailer.send({
      to: recipients,
      subject: subjectLine,
      text,
      html,
      messageId: messageIdOf(key),
      attachments,
    });
  } catch (err) {
    const code = (err as { responseCode?: unknown }).responseCode;
    // 5xx from the SMTP server (mailbox refused, message rejected) will not heal by retrying.
    if (typeof code === 'number' && code >= 500)
      throw new PermanentActionError(`O servidor de e-mail recusou a mensagem (${code}).`, { cause: err });
    throw new RetryableActionError('Falha ao enviar o e-mail; nova tentativa agendada.', { cause: err });
  }
}

async function attachmentsOf(
  deps: SendEmailDeps,
  record: RecordView,
  c: EmailConfig,
): Promise<MailAttachment[]> {
  const { files } = deps;
  const { auth, talk, subject } = record;
  if (!files || !auth || !talk || c.attachments.length === 0) return [];
  const out: MailAttachment[] = [];
  let total = 0;
  for (const attributeId of c.attachments) {
    const attribute = subject.attributes.find((a) => a.id === attributeId && a.kind === 'file');
    if (!attribute) continue;
    let rows: Awaited<ReturnType<FilesService['files']>>['files'];
    try {
      rows = (await files.files(auth, { subject: subject.identifier, talkId: talk.talkId, attributeId }))
        .files;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) continue;
      throw err;
    }
    for (const row of rows) {
      total += row.size;
      if (total > MAX_ATTACHMENT_BYTES)
        throw new PermanentActionError('Os anexos passam de 20 MB; o e-mail não foi enviado.');
      out.push({ filename: row.name, content: await buffer(await files.open(row)), contentType: row.type });
    }
  }
  return out;
}
