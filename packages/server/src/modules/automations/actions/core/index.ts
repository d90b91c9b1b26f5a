import {
  configsOf,
  type DialogConfig,
  type ParentJobConfig,
  type TagConfig,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import {
  type DialogStepDetail,
  type ParentJobStepDetail,
  type SetValueStepDetail,
  type TagStepDetail,
} from '@talkbase/domain/contracts/job-runs';
import { findTalk } from '../../../../records/records.repository.ts';
import { attributeColumn } from '../../../../records/subject-ddl.ts';
import { PermanentActionError, type ActionContext, type ActionHandler } from '../types.ts';
import {
  engineServices,
  matchingRecords,
  onceByMark,
  stepSubject,
  triggerSubject,
  triggerTalk,
  writeOf,
} from './common.ts';
import { everyRow } from '../../../../access/row-scope.ts';
import { capList, capText, valuesDetail } from '../detail.ts';

/** NewTalk: a record of the configured subject with the configured values (once per key). */
const newTalk: ActionHandler = {
  kind: 'NewTalk',
  async run(ctx, step) {
    const configs = configsOf(step, 'NewTalk');
    const subjectId = configs.find((c) => c.subjectId)?.subjectId;
    if (!subjectId) throw new PermanentActionError('Informe o assunto do novo registro.');
    const subject = await ctx.services.subjects.loadById(ctx.companyId, subjectId);
    const body = writeOf(subject, configs);
    const created = await onceByMark(ctx, ctx.idempotencyKey, (auth) =>
      ctx.services.talks.create(auth, subject.identifier, body),
    );
    const detail: SetValueStepDetail = {
      subject: subject.identifier,
      values: valuesDetail(subject, body.talkValues),
      createdTalkId: created?.value.resourceId ?? null,
      ...(created ? {} : { alreadyDone: true }),
    };
    return detail;
  },
};

/** SetTalkValueByEvent: the configured values on the event's record. */
const setByEvent: ActionHandler = {
  kind: 'SetTalkValueByEvent',
  async run(ctx, step) {
    const subject = await triggerSubject(ctx);
    const talkId = triggerTalk(ctx);
    const body = writeOf(subject, configsOf(step, 'SetTalkValueByEvent'));
    const written = await onceByMark(ctx, ctx.idempotencyKey, (auth) =>
      ctx.services.talks.update(auth, subject.identifier, talkId, body),
    );
    const detail: SetValueStepDetail = {
      subject: subject.identifier,
      talkId,
      values: valuesDetail(subject, body.talkValues),
      ...(written ? {} : { alreadyDone: true }),
    };
    return detail;
  },
};

/** SetTalkValueByFilter: the configured values on every record of the step's subject matching its filter. */
const setByFilter: ActionHandler = {
  kind: 'SetTalkValueByFilter',
  async run(ctx, step) {
    const subject = await stepSubject(ctx, step);
    const body = writeOf(subject, configsOf(step, 'SetTalkValueByFilter'));
    const talkIds: number[] = [];
    for await (const talkId of matchingRecords(ctx, subject, step)) {
      await onceByMark(ctx, `${ctx.idempotencyKey}:t${talkId}`, (auth) =>
        ctx.services.talks.update(auth, subject.identifier, talkId, body),
      );
      talkIds.push(talkId);
    }
    const detail: SetValueStepDetail = {
      subject: subject.identifier,
      values: valuesDetail(subject, body.talkValues),
      records: talkIds.length,
      talkIds: capList(talkIds).items,
    };
    return detail;
  },
};

function tagAction(kind: 'SetTalkTag' | 'RemoveTalkTag'): ActionHandler {
  return {
    kind,
    async run(ctx, step) {
      const subject = await triggerSubject(ctx);
      const talkId = triggerTalk(ctx);
      const configs = (step.configs as TagConfig[]).filter((c) => c.tagId);
      if (configs.length === 0) throw new PermanentActionError('Informe a tag.');
      const names = await tagNames(
        ctx,
        configs.map((c) => c.tagId ?? 0),
      );
      const detail: TagStepDetail = { tags: [] };
      // The tag's event names the automation, one level deeper (loops stop at the depth limit).
      const actor = await ctx.services.actor?.(ctx);
      // Setting and removing a tag are idempotent by nature (the record has the tag or not).
      for (const c of configs) {
        const tagId = c.tagId ?? 0;
        const ref = { companyId: ctx.companyId, subject: subject.identifier, talkId };
        const changed =
          kind === 'SetTalkTag'
            ? await ctx.services.tags.addTag(ref, tagId, actor)
            : await ctx.services.tags.removeTag(ref, tagId, actor);
        detail.tags.push({ tagId, name: names.get(tagId) ?? null, changed });
      }
      return detail;
    },
  };
}

/** The names of the company's tags among `ids`. */
async function tagNames(ctx: ActionContext, ids: number[]): Promise<Map<number, string>> {
  const s = engineServices(ctx);
  const rows = await s.db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Posts the dialog configurations' messages on a record (the message service writes the message and
 * its 'message.created' event in one transaction; the mark is written right after, so a crash in
 * between may post once more — see docs/decisions.md).
 */
async function postDialogs(
  ctx: ActionContext,
  step: WorkStep,
  subjectId: number,
  talkId: number,
  key: string,
) {
  const s = engineServices(ctx);
  const configs = step.configs as DialogConfig[];
  for (const [i, c] of configs.entries()) {
    const k = `${key}:d${i}`;
    if (!c.value || (await s.isDone(k))) continue;
    await ctx.services.messages.postMessage({
      companyId: ctx.companyId,
      subjectId,
      talkId,
      text: c.value,
      visibleTo: c.accountIds.length ? c.accountIds : null,
      author: { kind: 'automation', jobId: ctx.jobId },
      depth: ctx.depth + 1,
    });
    await s.markDone(k);
  }
}

/** The messages a dialog step posts, as the run history shows them. */
function dialogDetail(step: WorkStep): DialogStepDetail {
  return {
    messages: (step.configs as DialogConfig[])
      .filter((c) => c.value)
      .map((c) => ({ text: capText(c.value), visibleTo: c.accountIds.length || null })),
  };
}

const setDialog: ActionHandler = {
  kind: 'SetTalkDialog',
  async run(ctx, step) {
    const talkId = triggerTalk(ctx);
    await postDialogs(ctx, step, ctx.trigger.subjectId, talkId, ctx.idempotencyKey);
    return dialogDetail(step);
  },
};

const setDialogByFilter: ActionHandler = {
  kind: 'SetTalkDialogByFilter',
  async run(ctx, step) {
    const subject = await stepSubject(ctx, step);
    const talkIds: number[] = [];
    for await (const talkId of matchingRecords(ctx, subject, step)) {
      await postDialogs(ctx, step, subject.id, talkId, `${ctx.idempotencyKey}:t${talkId}`);
      talkIds.push(talkId);
    }
    return { ...dialogDetail(step), records: talkIds.length, talkIds: capList(talkIds).items };
  },
};

/** ExecuteParentJob: runs the configured job on the record the reference attribute points to. */
const executeParentJob: ActionHandler = {
  kind: 'ExecuteParentJob',
  async run(ctx, step) {
    const s = engineServices(ctx);
    const subject = await triggerSubject(ctx);
    const talkId = triggerTalk(ctx);
    const detail: ParentJobStepDetail = { calls: [] };
    for (const [i, c] of (step.configs as ParentJobConfig[]).entries()) {
      if (!c.jobId || !c.subjectAttributeId)
        throw new PermanentActionError('Informe a automação e o campo do registro pai.');
      const attribute = subject.attributes.find((a) => a.id === c.subjectAttributeId);
      if (!attribute?.relatedSubjectId)
        throw new PermanentActionError('O campo escolhido não relaciona um registro pai.');
      const row = await findTalk(s.db, subject, talkId, everyRow('automation'));
      const parentId = Number(row?.[attributeColumn(attribute.id)] ?? 0);
      detail.calls.push({ jobId: c.jobId, jobName: c.jobName || null, talkId: parentId || null });
      if (!parentId) continue;
      await s.runJobOn({
        companyId: ctx.companyId,
        jobId: c.jobId,
        subjectId: attribute.relatedSubjectId,
        talkId: parentId,
        force: c.forceExecution,
        depth: ctx.depth + 1,
        parentKey: `${ctx.idempotencyKey}:c${i}`,
        parentRunId: ctx.runId,
      });
    }
    return detail;
  },
};

/** The engine's own action kinds (record changes, tags, dialogs, parent jobs). */
export function coreActionHandlers(): ActionHandler[] {
  return [
    newTalk,
    setByEvent,
    setByFilter,
    tagAction('SetTalkTag'),
    tagAction('RemoveTalkTag'),
    setDialog,
    setDialogByFilter,
    executeParentJob,
  ];
}
