import type {
  ReadableSubject,
  ContextRelatedSubject,
  ContextResponse,
  ContextScenario,
  ContextSubjectAttribute,
} from '@talkbase/domain/contracts/contexts';
import type { Template, TemplateArea, TemplateConfigValue } from '@talkbase/domain/contracts/templates';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AccessPolicy, PermissionsService } from '../../access/permissions.service.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { TalksService } from '../records/records.service.ts';
import type { TemplateRow } from '../templates/templates.repository.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { ContextIds } from './context-id.ts';

export const contextErrors = {
  contextNotFound: 'Contexto não encontrado.',
};

/** The `preselect` config of each attribute's first column in the template. */
function preselectByAttribute(areas: TemplateArea[]): Map<number, TemplateConfigValue> {
  const out = new Map<number, TemplateConfigValue>();
  const walk = (list: TemplateArea[]) => {
    for (const a of list) {
      if (a.subjectAttributeId !== null && !out.has(a.subjectAttributeId))
        out.set(a.subjectAttributeId, a.viewTemplateAreaConfigs.preselect);
      walk(a.templateAreasMap);
    }
  };
  walk(areas);
  return out;
}

/** A template without the areas and columns of attributes the account may not read. */
function readableTemplate(template: Template | undefined, hidden: ReadonlySet<number>): Template | undefined {
  if (!template || hidden.size === 0) return template;
  const keep = (areas: TemplateArea[]): TemplateArea[] =>
    areas
      .filter((a) => a.subjectAttributeId === null || !hidden.has(a.subjectAttributeId))
      .map((a) => ({
        ...a,
        templateAreaSubjectAttributes: a.templateAreaSubjectAttributes.filter(
          (x) => !hidden.has(x.subjectAttributeId),
        ),
        templateAreasMap: keep(a.templateAreasMap),
      }));
  return { ...template, templateAreas: keep(template.templateAreas) };
}

/**
 * Contexts (002 §3, §7): everything a records screen needs to open a subject — its attributes,
 * what the signed-in account may do with it and with each attribute, the subjects around it and
 * the template to show. Open to any account that may read the subject; for any other account the
 * subject does not exist (404), as everywhere in the records engine.
 */
export class ContextsService {
  private readonly subjects: SubjectsService;
  private readonly talks: TalksService;
  private readonly permissions: PermissionsService;
  private readonly templates: TemplatesService;
  private readonly ids: ContextIds;

  constructor(deps: {
    subjects: SubjectsService;
    talks: TalksService;
    permissions: PermissionsService;
    templates: TemplatesService;
    ids: ContextIds;
  }) {
    this.subjects = deps.subjects;
    this.talks = deps.talks;
    this.permissions = deps.permissions;
    this.templates = deps.templates;
    this.ids = deps.ids;
  }

  /** The subjects the account's room may read, by name: the records list of the side menu. */
  async readableSubjects(auth: AuthContext): Promise<ReadableSubject[]> {
    const ids = await this.permissions.readableSubjectIds(auth);
    if (ids.length === 0) return [];
    const { itens } = await this.subjects.page(auth.companyId, { page: 1, fetch: 1000, onlyIds: ids });
    return itens
      .map((s) => ({
        subjectId: s.subjectId,
        subjectIdentifier: s.subjectIdentifier,
        subjectName: s.subjectName,
        icon: s.icon,
        isBuiltIn: s.isBuiltIn,
      }))
      .sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'pt-BR'));
  }

  async open(
    auth: AuthContext,
    scenario: ContextScenario,
    identifier: string,
    templateId?: number,
  ): Promise<ContextResponse> {
    const policy = await this.talks.access(auth, identifier, 'read');
    const { subject } = policy;
    const row = await this.templates.resolve(auth, subject.id, templateId);
    const template = readableTemplate(
      row ? (await this.templates.present([row]))[0] : undefined,
      policy.hidden,
    );
    const contextId = await this.ids.sign({
      companyId: auth.companyId,
      accountId: auth.accountId,
      subjectId: subject.id,
      scenario,
      templateId: row?.id ?? null,
    });
    const subjectAnswer = await this.subjectAnswer(auth, policy, template);
    const around = await this.around(auth, subject, subjectAnswer.subjectAttributes);
    return {
      contextId,
      scenario,
      subject: subjectAnswer,
      relatedSubjects: around.related,
      subjectsThatReferThis: around.referring,
      template: template ?? null,
    };
  }

  /**
   * The template of a context already opened: the one asked for, else (IsNewTalk given) the
   * registration or edition form related to the context's template or the subject's first one,
   * else none (the form then shows every readable attribute, never the grid's columns); without
   * IsNewTalk, the context's template. A contextId made for another account or company is not found.
   */
  async template(
    auth: AuthContext,
    contextId: string,
    q: { templateId?: number | undefined; isNewTalk?: boolean | undefined },
  ): Promise<{ contextId: string; template: Template | null }> {
    const claims = await this.ids.verify(contextId);
    if (!claims || claims.companyId !== auth.companyId || claims.accountId !== auth.accountId)
      throw notFound(contextErrors.contextNotFound);
    let subject: SubjectMeta;
    try {
      subject = await this.subjects.loadById(auth.companyId, claims.subjectId);
    } catch {
      throw notFound(contextErrors.contextNotFound);
    }
    // The room may have changed since the context was opened: check it again.
    const { hidden } = await this.talks.access(auth, subject.identifier, 'read');
    let row: TemplateRow | undefined =
      q.templateId !== undefined ? await this.templates.usable(auth, subject.id, q.templateId) : undefined;
    if (!row) {
      const base =
        (claims.templateId !== null
          ? await this.templates.usable(auth, subject.id, claims.templateId)
          : undefined) ?? (await this.templates.resolve(auth, subject.id));
      row =
        q.isNewTalk !== undefined
          ? await this.templates.modalTemplate(auth, subject.id, base, q.isNewTalk)
          : base;
    }
    const [template] = row ? await this.templates.present([row]) : [];
    return { contextId, template: readableTemplate(template, hidden) ?? null };
  }

  private async subjectAnswer(
    auth: AuthContext,
    policy: AccessPolicy,
    template: Template | undefined,
  ): Promise<ContextResponse['subject']> {
    const { actions, view: subject } = policy;
    // Only the attributes the account may read are part of the form.
    const [api] = await this.subjects.toApi(auth.companyId, [subject]);
    // The room's per-attribute actions (modules/permissions), then the schema's own rule: a
    // non-editable attribute is filled on creation only, so it is never updated or cleared.
    const byRoom = policy.attributes;
    const preselect = preselectByAttribute(template?.templateAreas ?? []);
    const attributes: ContextSubjectAttribute[] = (api?.subjectAttributes ?? []).map((a) => {
      const room = byRoom.get(a.subjectAttributeId);
      return {
        ...a,
        actions: {
          create: room?.create ?? false,
          update: (room?.update ?? false) && a.isEditable,
          delete: (room?.delete ?? false) && a.isEditable,
        },
        preSelect: preselect.get(a.subjectAttributeId) ?? null,
      };
    });
    return {
      subjectId: subject.id,
      subjectName: subject.name,
      subjectIdentifier: subject.identifier,
      icon: subject.icon,
      isBuiltIn: subject.isBuiltIn,
      subjectAttributes: attributes,
      actions: {
        Read: actions.read,
        Create: actions.create,
        Update: actions.update,
        Delete: actions.delete,
        Deactivate: actions.deactivate,
      },
    };
  }

  /** Subjects this one points to and subjects pointing to it, among those the account may read. */
  private async around(
    auth: AuthContext,
    subject: SubjectMeta,
    attributes: ContextSubjectAttribute[],
  ): Promise<{ related: ContextRelatedSubject[]; referring: ContextRelatedSubject[] }> {
    const readable = new Set(await this.permissions.readableSubjectIds(auth));
    const related = attributes.flatMap((a) =>
      a.relatedSubject && readable.has(a.relatedSubject.subjectId)
        ? [
            {
              subjectAttributeId: a.subjectAttributeId,
              subjectAttributeIdentifier: a.identifier,
              attributeName: a.name,
              isMultipleValues: a.isMultipleValues,
              relatedSubject: a.relatedSubject,
            },
          ]
        : [],
    );
    const referring: ContextRelatedSubject[] = [];
    for (const r of await this.subjects.referring(auth.companyId, subject.identifier)) {
      if (!readable.has(r.relatedSubject.subjectId)) continue;
      // A subject pointing here through an attribute the account may not read does not point here for it.
      const from = await this.subjects.loadById(auth.companyId, r.relatedSubject.subjectId, undefined, auth);
      if ((await this.permissions.policy(auth, from)).hidden.has(r.subjectAttributeId)) continue;
      referring.push(r);
    }
    return { related, referring };
  }
}
