import { formatMoney } from './decimal.ts';
import { formatCnpj } from './identification.ts';
import { formatPhone } from './phone.ts';

/**
 * Report columns, component 15 (spec 002 §3 "Report column", §5 "Report columns", §9): the columns
 * of a report model, each a name, a width, two colours and a list of values built from
 * `${subjectIdentifier.attributeIdentifier}` placeholders. The value is a JSON list of columns in
 * the spec's shape: `configs` is a list of `{configIdentifier, value}`.
 */

export const REPORT_COLUMN_WIDTH = { min: 25, max: 200, step: 5, default: 25 } as const;
export const REPORT_COLUMN_COLORS = { background: '#ffffff', font: '#000000' } as const;
/** columnIdentifier is a local counter starting here (§3). */
export const REPORT_COLUMN_FIRST_ID = 100_000;
/** Preview: 7 px per width unit, 5 sample rows, 3 values in a grouped column (§9). */
export const REPORT_PREVIEW = { pxPerUnit: 7, rows: 5, groupedValues: 3 } as const;
export const MAX_REPORT_COLUMNS = 200;
export const MAX_COLUMN_ATTRIBUTES = 50;

export const reportColumnMessages = {
  atLeastOneColumn: 'Adicione pelo menos uma coluna', // spec
  noAttribute: 'Nenhum atributo selecionado', // spec
  nameRequired: 'Informe o nome da coluna', // ours
  invalidColor: 'Use uma cor no formato #RRGGBB.', // ours
  invalidWidth: `A largura deve ser um número entre ${REPORT_COLUMN_WIDTH.min} e ${REPORT_COLUMN_WIDTH.max}, de ${REPORT_COLUMN_WIDTH.step} em ${REPORT_COLUMN_WIDTH.step}.`, // ours
} as const;

export type ReportColumnConfigKey = 'name' | 'width' | 'backgroundColor' | 'fontColor';

export interface ReportColumnConfig {
  configIdentifier: string;
  value: unknown;
}

export interface ReportColumnAttribute {
  /** Text with one or more `${subject.attribute}` placeholders. */
  value: string;
  isGrouped: boolean;
  /** The subject of the value's first placeholder, when known. */
  subjectId: number | null;
}

export interface ReportColumn {
  columnIdentifier: number;
  configs: ReportColumnConfig[];
  attributes: ReportColumnAttribute[];
}

const PLACEHOLDER = /\$\{([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)\}/g;

export interface Placeholder {
  subjectIdentifier: string;
  attributeIdentifier: string;
}

/** The `${subject.attribute}` placeholders of a value, in order. */
export function placeholdersOf(value: string): Placeholder[] {
  return [...value.matchAll(PLACEHOLDER)].map((m) => ({
    subjectIdentifier: m[1] ?? '',
    attributeIdentifier: m[2] ?? '',
  }));
}

export function placeholderText(subjectIdentifier: string, attributeIdentifier: string): string {
  return `\${${subjectIdentifier}.${attributeIdentifier}}`;
}

/** A config's value, matched case-insensitively. */
export function columnConfig(column: Pick<ReportColumn, 'configs'>, key: ReportColumnConfigKey): unknown {
  const wanted = key.toLowerCase();
  return column.configs.find((c) => c.configIdentifier.toLowerCase() === wanted)?.value;
}

export function columnName(column: Pick<ReportColumn, 'configs'>): string {
  const v = columnConfig(column, 'name');
  return typeof v === 'string' ? v : '';
}

export function columnWidth(column: Pick<ReportColumn, 'configs'>): number {
  const v = Number(columnConfig(column, 'width'));
  return Number.isFinite(v) && v > 0 ? v : REPORT_COLUMN_WIDTH.default;
}

export function columnColors(column: Pick<ReportColumn, 'configs'>): { background: string; font: string } {
  const bg = columnConfig(column, 'backgroundColor');
  const font = columnConfig(column, 'fontColor');
  return {
    background: typeof bg === 'string' && bg ? bg : REPORT_COLUMN_COLORS.background,
    font: typeof font === 'string' && font ? font : REPORT_COLUMN_COLORS.font,
  };
}

/** The column with one config set (added when absent). */
export function withColumnConfig<C extends ReportColumn>(
  column: C,
  key: ReportColumnConfigKey,
  value: unknown,
): C {
  const wanted = key.toLowerCase();
  const has = column.configs.some((c) => c.configIdentifier.toLowerCase() === wanted);
  return {
    ...column,
    configs: has
      ? column.configs.map((c) => (c.configIdentifier.toLowerCase() === wanted ? { ...c, value } : c))
      : [...column.configs, { configIdentifier: key, value }],
  };
}

export function emptyColumnAttribute(): ReportColumnAttribute {
  return { value: '', isGrouped: false, subjectId: null };
}

/** A new column with the defaults of §9 and one empty value. */
export function newReportColumn(columnIdentifier: number): ReportColumn {
  return {
    columnIdentifier,
    configs: [
      { configIdentifier: 'name', value: '' },
      { configIdentifier: 'width', value: REPORT_COLUMN_WIDTH.default },
      { configIdentifier: 'backgroundColor', value: REPORT_COLUMN_COLORS.background },
      { configIdentifier: 'fontColor', value: REPORT_COLUMN_COLORS.font },
    ],
    attributes: [emptyColumnAttribute()],
  };
}

/** The next free local identifier: the counter starts at 100000 and never reuses one in the list. */
export function nextColumnIdentifier(columns: readonly Pick<ReportColumn, 'columnIdentifier'>[]): number {
  return Math.max(REPORT_COLUMN_FIRST_ID - 1, ...columns.map((c) => c.columnIdentifier)) + 1;
}

/**
 * §4 "Column designer": when the model's subject list changes, values naming a subject no longer
 * in it are removed, and a column left with no values gets a new empty one.
 */
export function keepSubjects(
  columns: readonly ReportColumn[],
  subjectIdentifiers: readonly string[],
): ReportColumn[] {
  const allowed = new Set(subjectIdentifiers.map((s) => s.toLowerCase()));
  return columns.map((column) => {
    const attributes = column.attributes.filter((a) =>
      placeholdersOf(a.value).every((p) => allowed.has(p.subjectIdentifier.toLowerCase())),
    );
    return { ...column, attributes: attributes.length ? attributes : [emptyColumnAttribute()] };
  });
}

export interface ReportColumnError {
  message: string;
  /** 'columns', or 'columns.{i}.name', 'columns.{i}.attributes.{j}.value'… */
  path: (string | number)[];
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Every rule of §5 "Report columns"; [] when the columns may be saved. */
export function validateReportColumns(columns: readonly ReportColumn[]): ReportColumnError[] {
  if (columns.length === 0) return [{ message: reportColumnMessages.atLeastOneColumn, path: [] }];
  const errors: ReportColumnError[] = [];
  columns.forEach((column, i) => {
    if (!columnName(column).trim())
      errors.push({ message: reportColumnMessages.nameRequired, path: [i, 'name'] });
    const width = Number(columnConfig(column, 'width') ?? REPORT_COLUMN_WIDTH.default);
    if (
      !Number.isInteger(width) ||
      width < REPORT_COLUMN_WIDTH.min ||
      width > REPORT_COLUMN_WIDTH.max ||
      (width - REPORT_COLUMN_WIDTH.min) % REPORT_COLUMN_WIDTH.step !== 0
    )
      errors.push({ message: reportColumnMessages.invalidWidth, path: [i, 'width'] });
    for (const key of ['backgroundColor', 'fontColor'] as const) {
      const colour = columnConfig(column, key);
      if (colour !== undefined && (typeof colour !== 'string' || !HEX_COLOR.test(colour)))
        errors.push({ message: reportColumnMessages.invalidColor, path: [i, key] });
    }
    column.attributes.forEach((a, j) => {
      if (placeholdersOf(a.value).length === 0)
        errors.push({ message: reportColumnMessages.noAttribute, path: [i, 'attributes', j, 'value'] });
    });
    if (column.attributes.length === 0)
      errors.push({ message: reportColumnMessages.noAttribute, path: [i, 'attributes'] });
  });
  return errors;
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = Math.max(0, Math.trunc(index)) + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const SAMPLE_CNPJS = ['11222333000181', '45997418000153', '60701190000104'];

/**
 * A sample value for the preview, by the attribute's component id (§9): CNPJ, money, phone,
 * date-time, time, date, yes/no and e-mail; any other shows the attribute's name and the row.
 * `n` (from 0) varies the sample between rows.
 */
export function previewSample(componentId: number | undefined, attributeName: string, n: number): string {
  const day = String(10 + (n % 18)).padStart(2, '0');
  switch (componentId) {
    case 2:
      return formatCnpj(SAMPLE_CNPJS[n % SAMPLE_CNPJS.length] ?? '');
    case 5:
    case 23:
    case 24:
    case 25:
      return formatMoney(1234.56 * (n + 1));
    case 6:
      return formatPhone(`1199876${String(1000 + n).slice(-4)}`);
    case 11:
      return `${day}/03/2026 ${String(8 + (n % 10)).padStart(2, '0')}:30`;
    case 19:
      return `${String(8 + (n % 10)).padStart(2, '0')}:30:00`;
    case 32:
      return `${day}/03/2026`;
    case 10:
    case 27:
      return n % 2 === 0 ? 'Sim' : 'Não';
    case 13:
    case 17:
    case 33:
      return `contato${n + 1}@empresa.com.br`;
    default:
      return `${attributeName} ${n + 1}`;
  }
}

/** A value with its placeholders replaced by samples; `attributeOf` describes a placeholder. */
export function previewValue(
  value: string,
  n: number,
  attributeOf: (p: Placeholder) => { name: string; componentId: number } | undefined,
): string {
  return value.replace(PLACEHOLDER, (_m, s: string, a: string) => {
    const attribute = attributeOf({ subjectIdentifier: s, attributeIdentifier: a });
    return previewSample(attribute?.componentId, attribute?.name ?? a, n);
  });
}
