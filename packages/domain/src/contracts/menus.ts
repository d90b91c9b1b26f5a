import { z } from 'zod';
import { MAX_ID } from './ids.ts';

/** The company menu (spec 001 §2.13, §3 "Menu node"; 000 §1): a tree of parents and leaves. */

export const MENU_NAME_MAX = 80;
/** Deep enough for any navigation a person can use; bounded so a tree cannot exhaust the server. */
export const MENU_MAX_DEPTH = 5;
export const MENU_MAX_NODES = 500;
export const MENU_MAX_FILTERS = 20;

/** The record scenarios a leaf can open (002 §2). */
export const SCENARIOS = [
  { scenarioId: 1, scenarioIdentifier: 'grid', scenarioName: 'Grid' },
  { scenarioId: 2, scenarioIdentifier: 'form', scenarioName: 'Formulário' },
  { scenarioId: 3, scenarioIdentifier: 'talk', scenarioName: 'Conversa' },
  { scenarioId: 4, scenarioIdentifier: 'timeline', scenarioName: 'Linha do tempo' },
  { scenarioId: 5, scenarioIdentifier: 'help', scenarioName: 'Ajuda' },
  { scenarioId: 6, scenarioIdentifier: 'attachments', scenarioName: 'Anexos' },
  { scenarioId: 7, scenarioIdentifier: 'activetask', scenarioName: 'Tarefa ativa' },
  // A subject's records as a board or a calendar (issue 38 item 5).
  { scenarioId: 8, scenarioIdentifier: 'board', scenarioName: 'Quadro' },
  { scenarioId: 9, scenarioIdentifier: 'calendar', scenarioName: 'Calendário' },
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const menuMessages = {
  parentName: 'Nome inválido',
  leafName: 'Preencha o nome',
  scenario: 'Selecione um cenário',
  subject: 'Selecione um assunto',
  emptyFilter: 'Há campos de filtros vazios',
  nameTooLong: `Máximo de ${MENU_NAME_MAX} caracteres.`,
  unknownScenario: 'Cenário desconhecido.',
  tooDeep: `O menu pode ter no máximo ${MENU_MAX_DEPTH} níveis.`,
  tooLarge: `O menu pode ter no máximo ${MENU_MAX_NODES} itens.`,
} as const;

/** A node as the server answers it. */
export interface MenuNode {
  Id: number;
  Name: string;
  Subject: string | null;
  Scenario: string | null;
  Icon: string | null;
  TemplateId: number | null;
  Filters: number[] | null;
  Menus: MenuNode[];
}

/** A node as answered, with its children (recursive). */
export const menuNodeSchema: z.ZodType<MenuNode> = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Subject: z.string().nullable(),
  Scenario: z.string().nullable(),
  Icon: z.string().nullable(),
  TemplateId: z.number().int().nullable(),
  Filters: z.array(z.number().int()).nullable(),
  get Menus() {
    return z.array(menuNodeSchema);
  },
});

export const companyMenuSchema = z.object({
  Menus: z.array(menuNodeSchema),
  /** The company has a menu, whether or not the account sees any of it (the 'Registros' list then goes). */
  configured: z.boolean(),
  /** The company the menu belongs to (the builder's PUT names it). */
  companyId: z.number().int(),
});
export type CompanyMenu = z.infer<typeof companyMenuSchema>;

/** GET /api/scenario/all: the scenarios a menu leaf can open. */
export const scenarioListSchema = z.array(
  z.object({ scenarioId: z.number().int(), scenarioIdentifier: z.string(), scenarioName: z.string() }),
);

/** A node as the client sends it: new nodes carry no Id (or 0 / a negative one). */
export interface MenuNodeInput {
  Id?: number | null | undefined;
  Name: string;
  Subject?: string | null | undefined;
  Scenario?: string | null | undefined;
  Icon?: string | null | undefined;
  TemplateId?: number | null | undefined;
  /** Saved filter ids (records of `filtro`); a null or 0 entry is an empty filter slot. */
  Filters?: (number | null)[] | null | undefined;
  /**
   * Rooms to give `read` on this node as it is saved (and on every node above it), so that adding
   * an item never leaves a room that reads its subject without it (issue 39 item 1).
   */
  Rooms?: number[] | null | undefined;
  Menus?: MenuNodeInput[] | null | undefined;
}

const nodeShape: z.ZodType<MenuNodeInput> = z.lazy(() =>
  z.object({
    Id: z.coerce.number().int().max(MAX_ID).nullable().optional(),
    Name: z.string({ error: menuMessages.leafName }).trim().max(MENU_NAME_MAX, menuMessages.nameTooLong),
    Subject: z.string().trim().max(60).nullable().optional(),
    Scenario: z.string().trim().max(30).nullable().optional(),
    Icon: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9_]*$/, 'Ícone inválido.')
      .nullable()
      .optional(),
    TemplateId: z.coerce.number().int().min(0).max(MAX_ID).nullable().optional(),
    Filters: z
      .array(z.number().int().min(0).max(MAX_ID).nullable())
      .max(MENU_MAX_FILTERS)
      .nullable()
      .optional(),
    Rooms: z.array(z.number().int().min(1).max(MAX_ID)).max(500).nullable().optional(),
    Menus: z.array(nodeShape).max(MENU_MAX_NODES).nullable().optional(),
  }),
);

/**
 * The parent/leaf rules of 001 §5 "Menu": a parent needs a name (and loses its own subject,
 * scenario, template and filters when saved); a leaf needs a name, a scenario, a subject and no
 * empty filter slot.
 */
function checkTree(nodes: readonly MenuNodeInput[], ctx: z.RefinementCtx): void {
  let count = 0;
  const walk = (list: readonly MenuNodeInput[], path: (string | number)[], depth: number) => {
    if (depth > MENU_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: menuMessages.tooDeep, path });
      return;
    }
    for (const [i, node] of list.entries()) {
      count += 1;
      const at = [...path, i];
      const children = node.Menus ?? [];
      if (children.length > 0) {
        if (!node.Name)
          ctx.addIssue({ code: 'custom', message: menuMessages.parentName, path: [...at, 'Name'] });
        walk(children, [...at, 'Menus'], depth + 1);
        continue;
      }
      if (!node.Name) ctx.addIssue({ code: 'custom', message: menuMessages.leafName, path: [...at, 'Name'] });
      if (!node.Scenario)
        ctx.addIssue({ code: 'custom', message: menuMessages.scenario, path: [...at, 'Scenario'] });
      else if (!SCENARIOS.some((s) => s.scenarioIdentifier === node.Scenario?.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: menuMessages.unknownScenario, path: [...at, 'Scenario'] });
      if (!node.Subject)
        ctx.addIssue({ code: 'custom', message: menuMessages.subject, path: [...at, 'Subject'] });
      if ((node.Filters ?? []).some((f) => !f))
        ctx.addIssue({ code: 'custom', message: menuMessages.emptyFilter, path: [...at, 'Filters'] });
    }
  };
  walk(nodes, ['Menus'], 1);
  if (count > MENU_MAX_NODES)
    ctx.addIssue({ code: 'custom', message: menuMessages.tooLarge, path: ['Menus'] });
}

/** PUT /api/presentation/menu/{companyId}: `{Menus: [...]}`, or the bare list of nodes. */
export const menuTreeInputSchema = z
  .union([
    z.object({ Menus: z.array(nodeShape).max(MENU_MAX_NODES) }),
    z
      .array(nodeShape)
      .max(MENU_MAX_NODES)
      .transform((Menus) => ({ Menus })),
  ])
  .superRefine((tree, ctx) => {
    checkTree(tree.Menus, ctx);
  });
export type MenuTreeInput = z.output<typeof menuTreeInputSchema>;

/** GET /api/room/resource `Menus`: the company's menus for the room form's Menu matrix. */
export interface MenuResource {
  resourceId: number;
  resourceName: string;
  icon: string | null;
  subjectIdentifier: string | null;
  menus: MenuResource[];
}

export const menuResourceSchema: z.ZodType<MenuResource> = z.object({
  resourceId: z.number().int(),
  resourceName: z.string(),
  icon: z.string().nullable(),
  subjectIdentifier: z.string().nullable(),
  get menus() {
    return z.array(menuResourceSchema);
  },
});

/**
 * GET /api/presentation/menu/readers: the rooms other than the administrators' with the subjects
 * each may read, for the builder to offer a new item to the rooms that read its subject.
 */
export const menuReaderRoomSchema = z.object({
  roomId: z.number().int(),
  roomName: z.string(),
  subjects: z.array(z.string()),
});
export type MenuReaderRoom = z.infer<typeof menuReaderRoomSchema>;
