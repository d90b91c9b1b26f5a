import { sql, type RawBuilder } from 'kysely';
import { ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { RoomGrants, SubjectScope } from '../records/catalog.ts';
import type { SubjectAction, SubjectActions, SubjectMeta } from '../records/subject-meta.ts';
import type { RowScope } from './row-scope.ts';
import { compileFilter } from '../records/filter-compiler.ts';

export { SUBJECT_ACTIONS, type SubjectAction, type SubjectActions } from '../records/subject-meta.ts';

/**
 * Attribute actions (resource type 3), as stored in `room_attribute_actions.action`: 'read'
 * (Visualizar, action id 10), 'create' (Preencher), 'update' (Alterar), 'delete' (Limpar).
 * An attribute with no rows for a room inherits the room's actions on the subject; an attribute
 * with rows may do exactly what its rows say. ATTRIBUTE_NO_ACTION is the row of an attribute the
 * room may do nothing with (not even read): it grants nothing and only marks the attribute as set.
 */
export const ATTRIBUTE_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type AttributeAction = (typeof ATTRIBUTE_ACTIONS)[number];
export const ATTRIBUTE_NO_ACTION = 'none';
export type AttributeGrant = Record<AttributeAction, boolean>;

export const permissionMessages = {
  notAllowed: (action: SubjectAction, subject: string) => {
    const verbs: Record<SubjectAction, string> = {
      read: 'ver',
      create: 'incluir',
      update: 'alterar',
      delete: 'excluir',
      deactivate: 'ativar ou desativar',
    };
    return `Você não tem permissão para ${verbs[action]} registros de ${subject}.`;
  },
  /** Filtering, sorting or searching by an attribute the account may not read (or that does not exist). */
  invalidAttribute: 'Atributo inválido',
};

/**
 * What a room may do with one subject, independent of the moment: computed once per catalog
 * version, room and subject (PermissionsService keeps it with the catalog snapshot).
 */
export interface SubjectGrants {
  /** The subject as stored, every attribute: writes and the room's own delimitation use it. */
  subject: SubjectMeta;
  /**
   * The subject as the account sees it: only the attributes it may read, in their order. Every
   * reading path presents, filters, sorts and searches through this.
   */
  view: SubjectMeta;
  actions: SubjectActions;
  /** Per attribute of the subject (readable or not): what the room may do with it. */
  attributes: ReadonlyMap<number, AttributeGrant>;
  /** Attributes the room may not read; empty for most rooms and always for room 1. */
  hidden: ReadonlySet<number>;
  /** The room's delimitation of the subject: a filter tree and/or a list of record ids. */
  scope: SubjectScope;
}

/**
 * The one answer to "what may this account do with this subject" (GUIDE §8): which actions, which
 * rows and which attributes. Built once per request and subject by PermissionsService.policy.
 */
export interface AccessPolicy extends SubjectGrants {
  /** The rows the account may see (alias `t`): every repository read of records takes it. */
  rows: RowScope;
  /** The instant and time zone the delimitation's relative dates were judged in. */
  rules: { now: Date; timeZone: string };
}

const NONE: SubjectActions = { read: false, create: false, update: false, delete: false, deactivate: false };

/** The built-in subject of saved filters (subjects.service FILTER_SUBJECT), which never deactivates. */
const SAVED_FILTER_SUBJECT = 'filtro';

export function subjectGrants(roomId: number, room: RoomGrants, subject: SubjectMeta): SubjectGrants {
  const set = room.subjectActions.get(subject.id);
  const actions: SubjectActions = set
    ? {
        read: set.has('read'),
        create: set.has('create'),
        update: set.has('update'),
        delete: set.has('delete'),
        deactivate: set.has('deactivate') && subject.identifier !== SAVED_FILTER_SUBJECT,
      }
    : { ...NONE };
  const readsAll = roomId === ADMIN_ROOM_ID;
  const attributes = new Map<number, AttributeGrant>();
  const hidden = new Set<number>();
  for (const a of subject.attributes) {
    const own = room.attributeActions.get(a.id);
    const grant: AttributeGrant = {
      read: actions.read && (readsAll || (own ? own.has('read') : true)),
      create: actions.create && (own ? own.has('create') : true),
      update: actions.update && (own ? own.has('update') : true),
      delete: actions.update && (own ? own.has('delete') : true),
    };
    attributes.set(a.id, grant);
    if (!grant.read) hidden.add(a.id);
  }
  const view: SubjectMeta =
    hidden.size === 0
      ? subject
      : { ...subject, attributes: subject.attributes.filter((a) => !hidden.has(a.id)) };
  return {
    subject,
    view,
    // Shared by every request of this catalog version: never changed in place.
    actions: Object.freeze(actions),
    attributes,
    hidden,
    scope: room.scopes.get(subject.id) ?? { filter: null, talkIds: null },
  };
}

/**
 * What limits one account's rows beyond its room (001 §2.3): the records shared with it
 * (`sharedTalks`, by subject: only those) and its attribute filters ('Configuração de campos': an
 * attribute value keeps the records of that attribute's subject that hold it; several values of
 * one attribute, any of them).
 */
export interface AccountLimits {
  talkIds: ReadonlyMap<string, readonly number[]>;
  values: ReadonlyMap<number, readonly unknown[]>;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function toAccountLimits(stored: {
  sharedTalks: string;
  attributes: { attribute_id: number; value: string | null }[];
}): AccountLimits {
  const talkIds = new Map<string, number[]>();
  const shared = parseJson(stored.sharedTalks);
  for (const d of Array.isArray(shared) ? (shared as unknown[]) : []) {
    if (!d || typeof d !== 'object') continue;
    const { subjectIdentifier, talks } = d as { subjectIdentifier?: unknown; talks?: unknown };
    if (typeof subjectIdentifier !== 'string' || !Array.isArray(talks)) continue;
    const ids = (talks as unknown[])
      .map((x) => (x && typeof x === 'object' ? (x as { id?: unknown }).id : undefined))
      .filter((id): id is number => typeof id === 'number');
    const key = subjectIdentifier.toLowerCase();
    talkIds.set(key, [...(talkIds.get(key) ?? []), ...ids]);
  }
  const values = new Map<number, unknown[]>();
  for (const a of stored.attributes) {
    const v = parseJson(a.value);
    if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    const list: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
    values.set(a.attribute_id, [...(values.get(a.attribute_id) ?? []), ...list]);
  }
  return { talkIds, values };
}

export const NO_ACCOUNT_LIMITS: AccountLimits = { talkIds: new Map(), values: new Map() };

/** The SQL condition of an account's own limits on a subject; undefined when it has none there. */
export function accountRows(
  limits: AccountLimits,
  subject: SubjectMeta,
  rules: { now: Date; timeZone: string },
): RawBuilder<unknown> | undefined {
  const parts: RawBuilder<unknown>[] = [];
  const ids = limits.talkIds.get(subject.identifier);
  if (ids) parts.push(ids.length ? sql`${sql.ref('t.id')} in (${sql.join(ids)})` : sql`1 = 0`);
  for (const a of subject.attributes) {
    const wanted = limits.values.get(a.id);
    if (!wanted) continue;
    try {
      parts.push(
        compileFilter(
          wanted.length === 1
            ? { attribute: a.id, operator: 'equal', value: wanted[0] }
            : { attribute: a.id, operator: 'in', value: wanted },
          subject,
          { alias: 't', timeZone: rules.timeZone, now: rules.now.getTime() },
        ),
      );
    } catch {
      // A filter the attribute cannot hold (its kind changed) shows nothing rather than everything.
      parts.push(sql`1 = 0`);
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}

/**
 * The SQL condition of the rows a delimitation leaves visible: its record ids AND its filter. The
 * filter is compiled against the whole subject (an administrator may delimit by an attribute the
 * room may not read). One that no longer compiles (an attribute removed) shows nothing.
 */
export function visibleRows(
  grants: SubjectGrants,
  rules: { now: Date; timeZone: string },
): RawBuilder<unknown> | undefined {
  const { scope, subject } = grants;
  const parts: RawBuilder<unknown>[] = [];
  if (scope.talkIds)
    parts.push(scope.talkIds.length ? sql`${sql.ref('t.id')} in (${sql.join(scope.talkIds)})` : sql`1 = 0`);
  if (scope.filter) {
    try {
      parts.push(
        compileFilter(scope.filter, subject, {
          alias: 't',
          timeZone: rules.timeZone,
          now: rules.now.getTime(),
        }),
      );
    } catch {
      parts.push(sql`1 = 0`);
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}
