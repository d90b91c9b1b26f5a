import { arrayMove } from '@dnd-kit/sortable';
import {
  EDITOR_DEFAULT_WIDTH,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  TEMPLATE_TYPE,
  templateMessages,
  type Template,
  type TemplateArea,
  type TemplateAreaConfig,
  type TemplateConfigValue,
  type TemplateType,
} from '@talkbase/domain/contracts/templates';

/** The editor's kinds of template (001 §2.9 route param `type`). */
export const EDITOR_KINDS = ['custom', 'default', 'users'] as const;
export type EditorKind = (typeof EDITOR_KINDS)[number];
export const TYPE_OF_KIND: Record<EditorKind, TemplateType> = {
  custom: TEMPLATE_TYPE.custom,
  default: TEMPLATE_TYPE.companyDefault,
  users: TEMPLATE_TYPE.user,
};
export const parseKind = (v: string | undefined): EditorKind | undefined =>
  (EDITOR_KINDS as readonly string[]).includes(v ?? '') ? (v as EditorKind) : undefined;

export const TEMPLATE_NAME_MAX = 100;
export const COLUMN_ALIAS_MAX = 150;
export const TEMPLATE_SEARCH_MAX = 25;
export const FIELD_SEARCH_CAP = 50;
export const TEMPLATE_PAGE_SIZES = [10, 25, 50, 100, 200, 500] as const;

/** Sort direction of a column (001 §9: 0 descending, 1 ascending); false when not sorted. */
export type SortDirection = false | 0 | 1;

/** A field the template can show: an attribute of the subject, or a column of the base template. */
export interface FieldOption {
  subjectAttributeId: number;
  attributeName: string;
  /** The base template's alias, when the field comes from one. */
  alias: string | null;
}

export interface EditorColumn {
  subjectAttributeId: number;
  attributeName: string;
  alias: string;
  width: number;
  sort: SortDirection;
  /** Settings the console does not edit (IsFixed, ishidden…), kept as they were. */
  otherConfigs: { configIdentifier: TemplateAreaConfig['configIdentifier']; value: TemplateConfigValue }[];
}

export interface TemplateDraft {
  templateName: string;
  subjectId: number | null;
  parentTemplateId: number | null;
  accountId: number | null;
  showTalkIdOnGrid: boolean;
  relatedTemplateIds: number[];
  columns: EditorColumn[];
}

export const emptyDraft = (subjectId: number | null = null): TemplateDraft => ({
  templateName: '',
  subjectId,
  parentTemplateId: null,
  accountId: null,
  showTalkIdOnGrid: false,
  relatedTemplateIds: [],
  columns: [],
});

/** Only attribute columns of the first level: the console edits flat grid templates. */
export function columnFromArea(area: TemplateArea): EditorColumn | null {
  if (area.subjectAttributeId === null) return null;
  return {
    subjectAttributeId: area.subjectAttributeId,
    attributeName: area.attributeName ?? '',
    alias: area.templateAreaName ?? '',
    width: area.viewTemplateAreaConfigs.Width,
    sort: area.viewTemplateAreaConfigs.IsOrderable,
    otherConfigs: area.templateAreaConfigs
      .filter((c) => c.configIdentifier !== 'Width' && c.configIdentifier !== 'IsOrderable')
      .map((c) => ({ configIdentifier: c.configIdentifier, value: c.value })),
  };
}

export function draftFromTemplate(t: Template): TemplateDraft {
  return {
    templateName: t.templateName,
    subjectId: t.subjectId,
    parentTemplateId: t.parentTemplateId,
    accountId: t.accountId,
    showTalkIdOnGrid: t.showTalkIdOnGrid,
    relatedTemplateIds: [...t.relatedTemplateIds],
    columns: [...t.templateAreas]
      .sort((a, b) => a.order - b.order)
      .map(columnFromArea)
      .filter((c): c is EditorColumn => c !== null),
  };
}

/** A field added to the selection: its base alias kept, the editor's default width (001 §9). */
export const newColumn = (f: FieldOption): EditorColumn => ({
  subjectAttributeId: f.subjectAttributeId,
  attributeName: f.attributeName,
  alias: f.alias ?? '',
  width: EDITOR_DEFAULT_WIDTH,
  sort: false,
  otherConfigs: [],
});

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The available-field search (001 §5): the term's words, split by spaces, must all be found in the
 * field's label or alias; while searching at most 50 results are shown. `capped` says some were cut.
 */
export function searchFields(
  fields: readonly FieldOption[],
  term: string,
  cap: number = FIELD_SEARCH_CAP,
): { shown: FieldOption[]; capped: boolean } {
  const words = fold(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { shown: [...fields], capped: false };
  const hits = fields.filter((f) => {
    const hay = fold(`${f.attributeName} ${f.alias ?? ''}`);
    return words.every((w) => hay.includes(w));
  });
  return { shown: hits.slice(0, cap), capped: hits.length > cap };
}

/** Fields not yet selected, in their own order. */
export const availableFields = (fields: readonly FieldOption[], columns: readonly EditorColumn[]) =>
  fields.filter((f) => !columns.some((c) => c.subjectAttributeId === f.subjectAttributeId));

/** The selection after a drag of `activeId` onto `overId` (attribute ids); unchanged otherwise. */
export function moveColumn(columns: EditorColumn[], activeId: number, overId: number | null): EditorColumn[] {
  if (overId === null || activeId === overId) return columns;
  const from = columns.findIndex((c) => c.subjectAttributeId === activeId);
  const to = columns.findIndex((c) => c.subjectAttributeId === overId);
  if (from < 0 || to < 0) return columns;
  return arrayMove(columns, from, to);
}

export interface ColumnEdit {
  alias: string;
  width: number | string;
  sort: SortDirection;
}

/** Problems of the 'Edição de coluna' modal (001 §5: alias ≤ 150; width a number from 100 to 1000). */
export function columnProblems(edit: ColumnEdit): { alias?: string; width?: string } {
  const out: { alias?: string; width?: string } = {};
  if (edit.alias.length > COLUMN_ALIAS_MAX) out.alias = templateMessages.maxLength(COLUMN_ALIAS_MAX);
  const n = typeof edit.width === 'number' ? edit.width : Number(edit.width);
  if (
    (typeof edit.width === 'string' && edit.width.trim() === '') ||
    !Number.isFinite(n) ||
    n < MIN_COLUMN_WIDTH ||
    n > MAX_COLUMN_WIDTH
  )
    out.width = templateMessages.width;
  return out;
}

/** Switching sorting on defaults to ascending (001 §4). */
export const toggleSort = (sort: SortDirection, on: boolean): SortDirection =>
  on ? (sort === false ? 1 : sort) : false;

export type DraftField = 'templateName' | 'subjectId' | 'parentTemplateId' | 'accountId' | 'columns';

/** Problems of the draft by field (001 §5); Save is also disabled without subject or columns. */
export function draftProblems(draft: TemplateDraft, kind: EditorKind): Map<DraftField, string> {
  const out = new Map<DraftField, string>();
  if (kind !== 'default') {
    const name = draft.templateName.trim();
    if (!name) out.set('templateName', templateMessages.nameRequired);
    else if (name.length > TEMPLATE_NAME_MAX)
      out.set('templateName', templateMessages.maxLength(TEMPLATE_NAME_MAX));
  }
  if (draft.subjectId === null) out.set('subjectId', templateMessages.subjectRequired);
  if (kind === 'users') {
    if (draft.parentTemplateId === null) out.set('parentTemplateId', templateMessages.baseRequired);
    if (draft.accountId === null) out.set('accountId', templateMessages.userRequired);
  }
  if (draft.columns.length === 0) out.set('columns', templateMessages.columnsRequired);
  return out;
}

export const canSave = (draft: TemplateDraft) => draft.subjectId !== null && draft.columns.length > 0;

/** The body of POST/PUT /api/template (docs/api.md "Templates"). */
export function draftToInput(draft: TemplateDraft, kind: EditorKind, version?: number) {
  return {
    templateName: draft.templateName.trim(),
    subjectId: draft.subjectId,
    templateType: TYPE_OF_KIND[kind],
    parentTemplateId: kind === 'users' ? draft.parentTemplateId : null,
    accountId: kind === 'users' ? draft.accountId : null,
    showTalkIdOnGrid: draft.showTalkIdOnGrid,
    relatedTemplateIds: kind === 'custom' ? draft.relatedTemplateIds : [],
    ...(version !== undefined ? { version } : {}),
    templateAreas: draft.columns.map((c, i) => ({
      subjectAttributeId: c.subjectAttributeId,
      templateAreaName: c.alias.trim() || null,
      order: i + 1,
      widgetId: 1,
      templateAreaConfigs: [
        { configIdentifier: 'Width', value: c.width },
        { configIdentifier: 'IsOrderable', value: c.sort },
        ...c.otherConfigs,
      ],
      templateAreaSubjectAttributes: [],
      templateAreasMap: [],
    })),
  };
}
