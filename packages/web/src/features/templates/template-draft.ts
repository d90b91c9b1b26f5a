import { arrayMove } from '@dnd-kit/sortable';
import {
  DEFAULT_COLUMN_WIDTH,
  EDITOR_DEFAULT_WIDTH,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  TEMPLATE_LIMITS,
  TEMPLATE_TYPE,
  templateMessages,
  type Template,
  type TemplateArea,
  type TemplateConfigIdentifier,
  type TemplateConfigValue,
  type TemplateType,
} from '@talkbase/domain/contracts/templates';
import { templatesText } from '../../i18n/templates.ts';

/**
 * The editor's kinds of template (001 §2.9 route param `type`: users, custom, default), and the
 * forms a record opens with (registration 5, edition 6: issue 34 item 2).
 */
export const EDITOR_KINDS = ['custom', 'default', 'users', 'registration', 'edition'] as const;
export type EditorKind = (typeof EDITOR_KINDS)[number];
export const TYPE_OF_KIND: Record<EditorKind, TemplateType> = {
  custom: TEMPLATE_TYPE.custom,
  default: TEMPLATE_TYPE.companyDefault,
  users: TEMPLATE_TYPE.user,
  registration: TEMPLATE_TYPE.registration,
  edition: TEMPLATE_TYPE.edition,
};
export const kindOfType = (type: TemplateType): EditorKind =>
  EDITOR_KINDS.find((k) => TYPE_OF_KIND[k] === type) ?? 'custom';
/** Registration and edition templates lay out a form; the others a grid. */
export const isFormKind = (kind: EditorKind) => kind === 'registration' || kind === 'edition';
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
  /** The attribute's own "required": what a column's 'isrequired' is when the template says nothing. */
  isRequired?: boolean;
}

/** The settings of a column or form field the editor edits (002 §3 "Template configs per attribute"). */
export interface AreaSettings {
  width: number;
  sort: SortDirection;
  fixed: boolean;
  hidden: boolean;
  required: boolean;
  hiddenDefault: TemplateConfigValue;
  preselect: TemplateConfigValue;
}

export type AreaConfig = { configIdentifier: TemplateConfigIdentifier; value: TemplateConfigValue };

/** Which config stores each setting. */
const SETTING_CONFIG: Record<keyof AreaSettings, TemplateConfigIdentifier> = {
  width: 'Width',
  sort: 'IsOrderable',
  fixed: 'IsFixed',
  hidden: 'ishidden',
  required: 'isrequired',
  hiddenDefault: 'hiddenfielddefaultvalue',
  preselect: 'preselect',
};

/**
 * An area of a template: a column or form field (with an attribute) or a group with its legend
 * (without one), its extra attributes and nested areas. `loaded` is how the server answered it:
 * what the editor did not change is written back exactly as it was (issue 34 item 2).
 */
export interface EditorArea extends AreaSettings {
  /** Stable within the editing: `a{templateAreaId}` for loaded areas, `n{counter}` for new ones. */
  key: string;
  subjectAttributeId: number | null;
  attributeName: string;
  /** The column's alias, or the group's legend; '' when none. */
  alias: string;
  widgetId: number;
  extras: { subjectAttributeId: number; attributeName: string; label: string | null }[];
  children: EditorArea[];
  loaded: { order: number; configs: AreaConfig[]; settings: AreaSettings; alias: string | null } | null;
  /** The settings written when the area has no config for them (a new area's baseline). */
  implicit: AreaSettings;
}

/** A column of a grid template: an area with an attribute. */
export type EditorColumn = EditorArea & { subjectAttributeId: number };

export interface TemplateDraft {
  templateName: string;
  subjectId: number | null;
  parentTemplateId: number | null;
  accountId: number | null;
  showTalkIdOnGrid: boolean;
  relatedTemplateIds: number[];
  areas: EditorArea[];
}

export const emptyDraft = (subjectId: number | null = null): TemplateDraft => ({
  templateName: '',
  subjectId,
  parentTemplateId: null,
  accountId: null,
  showTalkIdOnGrid: false,
  relatedTemplateIds: [],
  areas: [],
});

const settingsOf = (v: TemplateArea['viewTemplateAreaConfigs']): AreaSettings => ({
  width: v.Width,
  sort: v.IsOrderable,
  fixed: v.IsFixed,
  hidden: v.ishidden,
  required: v.isrequired,
  hiddenDefault: v.hiddenfielddefaultvalue,
  preselect: v.preselect,
});

/** The settings an area has with no config at all (002 §9: Width 150; required as the attribute). */
export const defaultSettings = (required = false): AreaSettings => ({
  width: DEFAULT_COLUMN_WIDTH,
  sort: false,
  fixed: false,
  hidden: false,
  required,
  hiddenDefault: null,
  preselect: null,
});

/** An area as the server answered it, with everything it holds (nested areas included). */
export function areaFromTemplate(area: TemplateArea): EditorArea {
  const settings = settingsOf(area.viewTemplateAreaConfigs);
  return {
    key: `a${area.templateAreaId}`,
    subjectAttributeId: area.subjectAttributeId,
    attributeName: area.attributeName ?? '',
    alias: area.templateAreaName ?? '',
    widgetId: area.widgetId,
    ...settings,
    extras: area.templateAreaSubjectAttributes.map((x) => ({
      subjectAttributeId: x.subjectAttributeId,
      attributeName: x.attributeName,
      label: x.templateAreaSubjectAttributeLabel,
    })),
    children: [...area.templateAreasMap].sort(byOrder).map(areaFromTemplate),
    loaded: {
      order: area.order,
      configs: area.templateAreaConfigs.map((c) => ({
        configIdentifier: c.configIdentifier,
        value: c.value,
      })),
      settings,
      alias: area.templateAreaName,
    },
    implicit: settings,
  };
}

// A stable sort: ties stay as the server answered them.
const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

export function draftFromTemplate(t: Template): TemplateDraft {
  return {
    templateName: t.templateName,
    subjectId: t.subjectId,
    parentTemplateId: t.parentTemplateId,
    accountId: t.accountId,
    showTalkIdOnGrid: t.showTalkIdOnGrid,
    relatedTemplateIds: [...t.relatedTemplateIds],
    areas: [...t.templateAreas].sort(byOrder).map(areaFromTemplate),
  };
}

const isColumn = (a: EditorArea): a is EditorColumn => a.subjectAttributeId !== null;

/** A grid template's columns: its first-level areas with an attribute, in order. */
export const gridColumns = (areas: readonly EditorArea[]): EditorColumn[] => areas.filter(isColumn);

/**
 * The areas after the column editor changed the columns: the other first-level areas (groups made
 * through the API) keep their places, the columns fill the column places in their new order, and
 * added columns follow.
 */
export function withColumns(areas: readonly EditorArea[], columns: readonly EditorColumn[]): EditorArea[] {
  const queue = [...columns];
  const out: EditorArea[] = [];
  for (const a of areas) {
    if (!isColumn(a)) out.push(a);
    else {
      const next = queue.shift();
      if (next) out.push(next);
    }
  }
  return [...out, ...queue];
}

let newKeys = 0;
const newKey = () => `n${++newKeys}`;

/** A field added to the selection: its base alias kept, the editor's default width (001 §9). */
export const newColumn = (f: FieldOption): EditorColumn => {
  const implicit = defaultSettings(f.isRequired ?? false);
  return {
    key: newKey(),
    subjectAttributeId: f.subjectAttributeId,
    attributeName: f.attributeName,
    alias: f.alias ?? '',
    widgetId: 1,
    ...implicit,
    width: EDITOR_DEFAULT_WIDTH,
    extras: [],
    children: [],
    loaded: null,
    implicit,
  };
};

/** A new form field: no config until one of its settings is changed. */
export const newField = (f: FieldOption): EditorColumn => {
  const implicit = defaultSettings(f.isRequired ?? false);
  return {
    key: newKey(),
    subjectAttributeId: f.subjectAttributeId,
    attributeName: f.attributeName,
    alias: '',
    widgetId: 1,
    ...implicit,
    extras: [],
    children: [],
    loaded: null,
    implicit,
  };
};

/** A new group of a form: an area without an attribute, shown as a legend over its fields. */
export const newGroup = (legend: string): EditorArea => {
  const implicit = defaultSettings();
  return {
    key: newKey(),
    subjectAttributeId: null,
    attributeName: '',
    alias: legend,
    widgetId: 1,
    ...implicit,
    extras: [],
    children: [],
    loaded: null,
    implicit,
  };
};

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
  fixed: boolean;
  hidden: boolean;
  required: boolean;
  /** As typed; '' is no value. */
  hiddenDefault: string;
  preselect: string;
}

const valueText = (v: TemplateConfigValue) => (v === null ? '' : String(v));

/** The modal's fields for a column, from its current settings. */
export const columnEditOf = (c: EditorArea): ColumnEdit => ({
  alias: c.alias,
  width: c.width,
  sort: c.sort,
  fixed: c.fixed,
  hidden: c.hidden,
  required: c.required,
  hiddenDefault: valueText(c.hiddenDefault),
  preselect: valueText(c.preselect),
});

/**
 * The column after the modal's 'Aplicar': a value whose text was not touched keeps its type (an
 * option id stays a number); a typed one is the text, and an emptied one is no value.
 */
export function applyColumnEdit<T extends EditorArea>(c: T, edit: ColumnEdit): T {
  const typed = (before: TemplateConfigValue, text: string): TemplateConfigValue =>
    text === valueText(before) ? before : text.trim() === '' ? null : text;
  return {
    ...c,
    alias: edit.alias.trim(),
    width: Number(edit.width),
    sort: edit.sort,
    fixed: edit.fixed,
    hidden: edit.hidden,
    required: edit.required,
    hiddenDefault: typed(c.hiddenDefault, edit.hiddenDefault),
    preselect: typed(c.preselect, edit.preselect),
  };
}

/** The longest hidden default value or pre-selected value a config holds. */
export const CONFIG_VALUE_MAX = 800;

/** Problems of the 'Edição de coluna' modal (001 §5: alias ≤ 150; width a number from 100 to 1000). */
export function columnProblems(edit: Pick<ColumnEdit, 'alias' | 'width'> & Partial<ColumnEdit>): {
  alias?: string;
  width?: string;
  hiddenDefault?: string;
  preselect?: string;
} {
  const out: { alias?: string; width?: string; hiddenDefault?: string; preselect?: string } = {};
  if (edit.alias.length > COLUMN_ALIAS_MAX) out.alias = templateMessages.maxLength(COLUMN_ALIAS_MAX);
  const n = typeof edit.width === 'number' ? edit.width : Number(edit.width);
  if (
    (typeof edit.width === 'string' && edit.width.trim() === '') ||
    !Number.isFinite(n) ||
    n < MIN_COLUMN_WIDTH ||
    n > MAX_COLUMN_WIDTH
  )
    out.width = templateMessages.width;
  if ((edit.hiddenDefault?.length ?? 0) > CONFIG_VALUE_MAX)
    out.hiddenDefault = templateMessages.maxLength(CONFIG_VALUE_MAX);
  if ((edit.preselect?.length ?? 0) > CONFIG_VALUE_MAX)
    out.preselect = templateMessages.maxLength(CONFIG_VALUE_MAX);
  return out;
}

/** Switching sorting on defaults to ascending (001 §4). */
export const toggleSort = (sort: SortDirection, on: boolean): SortDirection =>
  on ? (sort === false ? 1 : sort) : false;

export type DraftField = 'templateName' | 'subjectId' | 'parentTemplateId' | 'accountId' | 'columns';

/** How deep the areas nest (1 for a flat list; 0 for none). */
export function areaDepth(areas: readonly EditorArea[]): number {
  return areas.reduce((d, a) => Math.max(d, 1 + areaDepth(a.children)), 0);
}

/** Every area of the tree, depth first. */
export function allAreas(areas: readonly EditorArea[]): EditorArea[] {
  return areas.flatMap((a) => [a, ...allAreas(a.children)]);
}

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
  const every = allAreas(draft.areas);
  if (isFormKind(kind) ? every.length === 0 : gridColumns(draft.areas).length === 0)
    out.set('columns', templateMessages.columnsRequired);
  else if (every.some((a) => a.subjectAttributeId === null && !a.alias.trim()))
    out.set('columns', templatesText.form.legendRequired);
  else if (areaDepth(draft.areas) > TEMPLATE_LIMITS.depth) out.set('columns', templateMessages.tooDeep);
  else if (every.length > TEMPLATE_LIMITS.areas) out.set('columns', templateMessages.tooManyAreas);
  return out;
}

export const canSave = (draft: TemplateDraft, kind: EditorKind = 'custom') =>
  draft.subjectId !== null &&
  (isFormKind(kind) ? draft.areas.length > 0 : gridColumns(draft.areas).length > 0);

const sameValue = (a: TemplateConfigValue, b: TemplateConfigValue) => a === b;

/**
 * The configs to write for an area: the loaded ones in their order, each setting changed in its
 * place (or appended); a new area writes only what differs from what no config means.
 */
function configsOf(a: EditorArea): AreaConfig[] {
  const out = (a.loaded?.configs ?? []).map((c) => ({ ...c }));
  const before = a.loaded?.settings ?? a.implicit;
  for (const key of Object.keys(SETTING_CONFIG) as (keyof AreaSettings)[]) {
    if (sameValue(before[key], a[key])) continue;
    const configIdentifier = SETTING_CONFIG[key];
    const at = out.findIndex((c) => c.configIdentifier === configIdentifier);
    if (at >= 0) out[at] = { configIdentifier, value: a[key] };
    else out.push({ configIdentifier, value: a[key] });
  }
  return out;
}

/**
 * Orders of sibling areas: the loaded ones while they still run in the shown order (gaps and ties
 * kept), else 1, 2, 3… in the shown order.
 */
function ordersOf(list: readonly EditorArea[]): number[] {
  const loaded = list.map((a) => a.loaded?.order ?? null);
  const kept = loaded.every((o, i) => o !== null && (i === 0 || o >= (loaded[i - 1] ?? 0)));
  return kept ? (loaded as number[]) : list.map((_, i) => i + 1);
}

export interface TemplateAreaBody {
  subjectAttributeId: number | null;
  templateAreaName: string | null;
  order: number;
  widgetId: number;
  templateAreaConfigs: AreaConfig[];
  templateAreaSubjectAttributes: {
    subjectAttributeId: number;
    templateAreaSubjectAttributeLabel: string | null;
  }[];
  templateAreasMap: TemplateAreaBody[];
}

export function areasToInput(list: readonly EditorArea[]): TemplateAreaBody[] {
  const orders = ordersOf(list);
  return list.map((a, i) => ({
    subjectAttributeId: a.subjectAttributeId,
    templateAreaName: a.alias.trim() || null,
    order: orders[i] ?? i + 1,
    widgetId: a.widgetId,
    templateAreaConfigs: configsOf(a),
    templateAreaSubjectAttributes: a.extras.map((x) => ({
      subjectAttributeId: x.subjectAttributeId,
      templateAreaSubjectAttributeLabel: x.label,
    })),
    templateAreasMap: areasToInput(a.children),
  }));
}

/** The body of POST/PUT /api/template (docs/api.md "Templates"). */
export function draftToInput(draft: TemplateDraft, kind: EditorKind, version?: number) {
  return {
    templateName: draft.templateName.trim(),
    subjectId: draft.subjectId,
    templateType: TYPE_OF_KIND[kind],
    parentTemplateId: kind === 'users' ? draft.parentTemplateId : null,
    accountId: kind === 'users' ? draft.accountId : null,
    showTalkIdOnGrid: draft.showTalkIdOnGrid,
    relatedTemplateIds: draft.relatedTemplateIds,
    ...(version !== undefined ? { version } : {}),
    templateAreas: areasToInput(draft.areas),
  };
}
