import { z } from 'zod';
import { filterNodeSchema, filterTreeSchema } from '../filters/filter-tree.ts';
import { idSchema } from './ids.ts';

/** Actions of the rooms' permission matrices (spec 001 §3 Room action; resource types 1 subject, 3 attribute, 7 menu). */
export const ROOM_ACTIONS = [
  {
    resourceTypeActionId: 1,
    actionIdentifier: 'READ',
    action: 'read',
    actionName: 'Visualizar',
    resourceTypeId: 1,
  },
  {
    resourceTypeActionId: 2,
    actionIdentifier: 'INSERT',
    action: 'create',
    actionName: 'Inserir',
    resourceTypeId: 1,
  },
  {
    resourceTypeActionId: 3,
    actionIdentifier: 'UPDATE',
    action: 'update',
    actionName: 'Alterar',
    resourceTypeId: 1,
  },
  {
    resourceTypeActionId: 4,
    actionIdentifier: 'DELETE',
    action: 'delete',
    actionName: 'Excluir',
    resourceTypeId: 1,
  },
  {
    resourceTypeActionId: 5,
    actionIdentifier: 'DEACTIVATE',
    action: 'deactivate',
    actionName: 'Ativar/Desativar',
    resourceTypeId: 1,
  },
  {
    resourceTypeActionId: 6,
    actionIdentifier: 'INSERT',
    action: 'create',
    actionName: 'Preencher',
    resourceTypeId: 3,
  },
  {
    resourceTypeActionId: 7,
    actionIdentifier: 'UPDATE',
    action: 'update',
    actionName: 'Alterar',
    resourceTypeId: 3,
  },
  {
    resourceTypeActionId: 8,
    actionIdentifier: 'DELETE',
    action: 'delete',
    actionName: 'Limpar',
    resourceTypeId: 3,
  },
  {
    resourceTypeActionId: 9,
    actionIdentifier: 'READ',
    action: 'read',
    actionName: 'Visualizar',
    resourceTypeId: 7,
  },
  // The spec names no id for reading an attribute; 10 follows the attribute actions 6–8.
  {
    resourceTypeActionId: 10,
    actionIdentifier: 'READ',
    action: 'read',
    actionName: 'Visualizar',
    resourceTypeId: 3,
  },
  {
    resourceTypeActionId: 29,
    actionIdentifier: 'SELECT',
    action: 'interact',
    actionName: 'Interagir',
    resourceTypeId: 1,
  },
] as const;

const byIdentifier: Record<string, string> = {
  READ: 'read',
  SELECT: 'read',
  INSERT: 'create',
  UPDATE: 'update',
  DELETE: 'delete',
  DEACTIVATE: 'deactivate',
};

/** An action as a name ('read') or as the spec's action object ({actionIdentifier: 'READ'}). */
const actionSchema = z.union([
  z.enum(['read', 'create', 'update', 'delete', 'deactivate']),
  z.object({ actionIdentifier: z.string() }).transform((a, ctx) => {
    const name = byIdentifier[a.actionIdentifier.toUpperCase()];
    if (!name) {
      ctx.addIssue({ code: 'custom', message: 'Ação desconhecida.' });
      return z.NEVER;
    }
    return name as 'read' | 'create' | 'update' | 'delete' | 'deactivate';
  }),
]);

const required = (max: number) =>
  z
    .string({ error: 'Campo obrigatório.' })
    .trim()
    .min(1, 'Campo obrigatório.')
    .max(max, `Máximo de ${max} caracteres.`);

/** Resource types of the matrices (001 §9). */
export const RESOURCE_TYPE = { subject: 1, attribute: 3, menu: 7 } as const;

/** A room's notification × channel settings (001 §3 Room `roomNotifications`). */
export const roomNotificationSchema = z.object({
  channel: z
    .union([idSchema.transform((channelId) => ({ channelId })), z.object({ channelId: idSchema })])
    .transform((c) => ({ channelId: c.channelId })),
  notifications: z
    .array(
      z.object({
        notificationId: idSchema,
        isEnable: z.boolean().default(true),
        isRequired: z.boolean().default(false),
      }),
    )
    .max(1000)
    .default([]),
});
export type RoomNotification = z.output<typeof roomNotificationSchema>;

/**
 * A named filter of the room (001 §3 Room `roomFilters`): a filter tree over one subject, taken
 * from a saved filter (`filterId`, a record of `filtro`) or written in the 'Filtro' modal. Every
 * filter of a subject limits the rows of it the room sees (with the subject's own `filter`).
 */
export const roomFilterSchema = z.object({
  filterId: z.coerce.number().int().positive().max(2147483647).nullable().optional(),
  filterName: required(100),
  subjectIdentifier: z.string({ error: 'Escolha um assunto.' }).trim().min(1, 'Escolha um assunto.').max(60),
  filter: filterTreeSchema,
});
export type RoomFilter = z.output<typeof roomFilterSchema>;

/** A menu the room may see (resource type 7, action Visualizar). */
export const roomMenuSchema = z.object({
  resourceId: idSchema,
  actions: z.array(actionSchema).max(10).default(['read']),
});

export const roomInputSchema = z.object({
  roomName: required(150),
  displayName: z.string().trim().max(150, 'Máximo de 150 caracteres.').nullable().optional(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use uma cor no formato #RRGGBB.')
    .nullable()
    .optional(),
  permissions: z
    .object({
      subjects: z
        .array(
          z.object({
            resourceId: idSchema,
            actions: z.array(actionSchema).max(10).default([]),
            permissions: z
              .array(
                z.object({
                  resourceId: idSchema,
                  actions: z.array(actionSchema).max(10).default([]),
                }),
              )
              .max(500)
              .default([]),
            filter: filterTreeSchema.nullable().optional(),
          }),
        )
        .max(500)
        .default([]),
      menus: z.array(roomMenuSchema).max(1000).default([]),
    })
    .default({ subjects: [], menus: [] }),
  /** Delimitations: the only records of a subject the room sees. */
  sharedTalks: z
    .array(
      z.object({
        subjectIdentifier: z.string().trim().min(1, 'Escolha um assunto para continuar').max(60),
        name: z.string().trim().max(150).optional(),
        talks: z
          .array(z.object({ id: idSchema, name: z.string().optional() }))
          .min(1, 'Escolha pelo menos um item para continuar')
          .max(10000),
      }),
    )
    .max(200)
    .default([]),
  requireDigitalSignature: z.array(idSchema).max(500).default([]),
  roomFilters: z.array(roomFilterSchema).max(200).default([]),
  connectedRooms: z
    .array(z.object({ roomToId: idSchema }))
    .max(500)
    .default([]),
  roomNotifications: z.array(roomNotificationSchema).max(500).default([]),
  /** PUT: the version the editor loaded; a room saved meanwhile by someone else answers 409. */
  version: z.coerce.number().int().min(0).optional(),
});
export type RoomInput = z.input<typeof roomInputSchema>;

export type RoomActionName = 'read' | 'create' | 'update' | 'delete' | 'deactivate';

/** GET /api/room: one row of the list. */
export const roomSummarySchema = z.object({
  roomId: z.number().int(),
  roomName: z.string(),
  displayName: z.string().nullable(),
  color: z.string().nullable(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/** GET /api/room/{id}. */
export interface RoomDetail extends RoomSummary {
  kind: string;
  subjects: {
    resourceId: number;
    subjectIdentifier: string | null;
    actions: RoomActionName[];
    permissions: { resourceId: number; actions: RoomActionName[] }[];
    filter: unknown;
  }[];
  sharedTalks: { subjectIdentifier: string | null; name: string | null; talks: { id: number }[] }[];
  connectedRooms: { roomId: number }[];
  menus: { resourceId: number; actions: RoomActionName[] }[];
  roomFilters: RoomFilter[];
  roomNotifications: RoomNotification[];
  requireDigitalSignature: number[];
  version: number;
}

const roomActionNameSchema = z.enum(['read', 'create', 'update', 'delete', 'deactivate']);

/** GET /api/room/{id} (and PUT's answer): the room with its matrices, filters and settings. */
export const roomDetailSchema = roomSummarySchema.extend({
  kind: z.string(),
  subjects: z.array(
    z.object({
      resourceId: z.number().int(),
      subjectIdentifier: z.string().nullable(),
      actions: z.array(roomActionNameSchema),
      permissions: z.array(
        z.object({ resourceId: z.number().int(), actions: z.array(roomActionNameSchema) }),
      ),
      /** The subject's own row filter (a filter tree), or null. */
      filter: filterNodeSchema.nullable(),
    }),
  ),
  sharedTalks: z.array(
    z.object({
      subjectIdentifier: z.string().nullable(),
      name: z.string().nullable(),
      talks: z.array(z.object({ id: z.number().int() })),
    }),
  ),
  connectedRooms: z.array(z.object({ roomId: z.number().int() })),
  menus: z.array(z.object({ resourceId: z.number().int(), actions: z.array(roomActionNameSchema) })),
  roomFilters: z.array(
    z.object({
      filterId: z.number().int().nullable().optional(),
      filterName: z.string(),
      subjectIdentifier: z.string(),
      filter: filterNodeSchema,
    }),
  ),
  roomNotifications: z.array(
    z.object({
      channel: z.object({ channelId: z.number().int() }),
      notifications: z.array(
        z.object({ notificationId: z.number().int(), isEnable: z.boolean(), isRequired: z.boolean() }),
      ),
    }),
  ),
  requireDigitalSignature: z.array(z.number().int()),
  version: z.number().int(),
}) satisfies z.ZodType<RoomDetail>;

/** GET /api/room/action: one action of the matrices. */
export const roomActionItemSchema = z.object({
  resourceTypeActionId: z.number().int(),
  actionIdentifier: z.string(),
  actionName: z.string(),
  resourceTypeId: z.number().int(),
});
export type RoomActionItem = z.infer<typeof roomActionItemSchema>;

/** GET /api/room/resource `Subjects`. */
export const subjectResourceSchema = z.object({
  resourceId: z.number().int(),
  resourceName: z.string(),
  subjectIdentifier: z.string(),
  attributes: z.array(
    z.object({ resourceId: z.number().int(), attributeName: z.string(), componentId: z.number().int() }),
  ),
});
export type SubjectResource = z.infer<typeof subjectResourceSchema>;

/** GET /api/Room/notification: the notifications a room's matrix offers, with their channels (001 §3). */
export interface RoomNotificationOption {
  notificationId: number;
  notificationName: string;
  notificationChannels: { channelId: number }[];
}
