import { z } from 'zod';
import { filterTreeSchema } from '../filters/filter-tree.ts';
import { AGGREGATE_MAX_GROUPS, aggregateGroupSchema, aggregateMeasureSchema } from './aggregates.ts';
import { idSchema } from './ids.ts';

/**
 * Dashboards (issue 38 item 4): GET/POST /api/dashboard, GET/PUT/DELETE /api/dashboard/{id}.
 * Each user has a home dashboard of their own (`roomIds` empty, owned by them); administrators
 * publish company dashboards to rooms (`roomIds`). Every widget is one aggregate over one subject,
 * answered for the account that looks at it (its own rows and attributes only).
 */
export const dashboardPaths = {
  list: '/api/dashboard',
  one: '/api/dashboard/:dashboardId',
} as const;

export const WIDGET_KINDS = ['number', 'bar', 'line', 'pie', 'table'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

export const DASHBOARD_MAX_WIDGETS = 24;

export const dashboardTexts = {
  nameRequired: 'Informe o nome do painel.',
  nameTooLong: 'O nome do painel pode ter no máximo 100 caracteres.',
  titleRequired: 'Informe o título do indicador.',
  tooManyWidgets: `Um painel pode ter no máximo ${String(DASHBOARD_MAX_WIDGETS)} indicadores.`,
  notFound: 'Painel não encontrado.',
  onlyAdmins: 'Somente administradores publicam painéis para perfis de acesso.',
  stale: 'Este painel foi alterado por outra pessoa. Recarregue-o antes de salvar.',
  unknownRoom: 'Perfil de acesso não encontrado.',
  homeIsPersonal: 'Somente um painel pessoal pode ser a página inicial.',
  /** A widget that cannot be answered for the writer: its title, then the reason. */
  widgetInvalid: (title: string, reason: string) => `Indicador "${title}": ${reason}`,
} as const;

export const dashboardWidgetSchema = z.object({
  /** Stable within the dashboard (the editor's key); given by the client. */
  key: z.string().trim().min(1).max(40),
  title: z.string(dashboardTexts.titleRequired).trim().min(1, dashboardTexts.titleRequired).max(100),
  kind: z.enum(WIDGET_KINDS),
  subject: z.string().trim().min(1).max(60),
  /** A saved filter (a `filtro` record) or a filter tree; both may be given. */
  filterId: idSchema.nullable().default(null),
  filterJson: filterTreeSchema.nullable().default(null),
  groupBy: z.array(aggregateGroupSchema).max(2).default([]),
  measure: aggregateMeasureSchema.default({ fn: 'count' }),
  /** Only the groups of largest measure (aggregates' `top`): a "top customers" table. */
  top: z.number().int().min(1).max(AGGREGATE_MAX_GROUPS).optional(),
  /** Grid placement: columns out of 12, and height in rows of ~80 px. */
  width: z.number().int().min(2).max(12).default(4),
  height: z.number().int().min(1).max(8).default(3),
});
export type DashboardWidget = z.output<typeof dashboardWidgetSchema>;
export type DashboardWidgetInput = z.input<typeof dashboardWidgetSchema>;

export const dashboardWriteSchema = z.object({
  name: z
    .string(dashboardTexts.nameRequired)
    .trim()
    .min(1, dashboardTexts.nameRequired)
    .max(100, dashboardTexts.nameTooLong),
  /** Empty: the signed-in user's own dashboard. Rooms: a company dashboard (administrators only). */
  roomIds: z.array(idSchema).max(100).default([]),
  /** The user's home dashboard (one per user; setting it unsets the previous one). */
  isHome: z.boolean().default(false),
  widgets: z
    .array(dashboardWidgetSchema)
    .max(DASHBOARD_MAX_WIDGETS, dashboardTexts.tooManyWidgets)
    .default([]),
  /** PUT: the version the user saw; a dashboard changed since answers 409. */
  version: z.number().int().positive().optional(),
});
export type DashboardWrite = z.input<typeof dashboardWriteSchema>;

export const dashboardSchema = z.object({
  dashboardId: z.number().int(),
  name: z.string(),
  roomIds: z.array(z.number().int()),
  isHome: z.boolean(),
  ownerId: z.number().int().nullable(),
  /** Whether the signed-in account may change it (its owner, or an administrator for company ones). */
  canEdit: z.boolean(),
  widgets: z.array(dashboardWidgetSchema),
  updatedAt: z.string(),
  /** Bumped by every change (send it back with PUT). */
  version: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardListSchema = z.array(dashboardSchema.omit({ widgets: true }));
export type DashboardSummary = z.infer<typeof dashboardListSchema>[number];
