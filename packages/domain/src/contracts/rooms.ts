import { z } from 'zod';
import { filterTreeSchema } from '../filters/filter-tree.ts';
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
      menus: z.array(z.unknown()).max(1000).default([]),
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
  roomFilters: z
    .array(
      z.object({
        filterId: z.coerce.number().int().nullable().optional(),
        filterName: required(100),
        filter: z.unknown(),
      }),
    )
    .max(200)
    .default([]),
  connectedRooms: z
    .array(z.object({ roomToId: idSchema }))
    .max(500)
    .default([]),
  roomNotifications: z.array(z.unknown()).max(500).default([]),
});
export type RoomInput = z.input<typeof roomInputSchema>;
