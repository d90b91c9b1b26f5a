import type { EventStream } from '../../events/event-stream.ts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type {
  RoomDetail,
  RoomFilter,
  RoomNotification,
  RoomNotificationOption,
  roomInputSchema,
  SubjectResource,
} from '@talkbase/domain/contracts/rooms';
import type { MenuResource } from '@talkbase/domain/contracts/menus';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import * as subjectsRepo from '../../records/subjects.repository.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import * as menusRepo from '../menus/menus.repository.ts';
import { attributeColumn } from '../../records/subject-ddl.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import * as talksRepo from '../../records/records.repository.ts';
import type { MenusService } from '../menus/menus.service.ts';
import * as repo from './rooms.repository.ts';
import { everyRow } from '../../access/row-scope.ts';

type RoomInput = z.output<typeof roomInputSchema>;

/** The stored action of an attribute row that grants nothing. */
const NO_ACTION = 'none';

export const roomMessages = {
  notFound: 'Perfil de acesso não encontrado.',
  builtIn: 'Este perfil de acesso faz parte do sistema e não pode ser excluído.',
  inUse: 'Há usuários neste perfil de acesso; mova-os antes de excluí-lo.',
  unknownSubject: 'Assunto não encontrado.',
  unknownAttribute: 'Atributo não pertence ao assunto.',
  unknownRoom: 'Perfil de acesso relacionado não encontrado.',
  unknownMenu: 'Menu não encontrado.',
  repeatedFilter: 'Este filtro já faz parte do perfil de acesso.',
  unknownSavedFilter: 'Filtro salvo não encontrado para o assunto.',
  stale: 'Este perfil de acesso foi alterado por outra pessoa. Recarregue a página para ver as alterações.',
  invalidFilter: 'Filtro inválido.',
};

interface RoomSettings {
  roomFilters: RoomFilter[];
  roomNotifications: RoomNotification[];
  requireDigitalSignature: number[];
  /** The `filter` each subject was given itself, by subject id (the stored scope adds the room filters). */
  subjectFilters: Record<string, unknown> | undefined;
  /** Moves with every save (optimistic concurrency of PUT /api/room/{id}). */
  version: number;
}

function readSettings(text: string): RoomSettings {
  let v: Partial<RoomSettings>;
  try {
    v = JSON.parse(text) as Partial<RoomSettings>;
  } catch {
    v = {};
  }
  return {
    roomFilters: Array.isArray(v.roomFilters) ? v.roomFilters : [],
    roomNotifications: Array.isArray(v.roomNotifications) ? v.roomNotifications : [],
    requireDigitalSignature: v.requireDigitalSignature ?? [],
    subjectFilters: v.subjectFilters,
    version: typeof v.version === 'number' ? v.version : 0,
  };
}

/** Every tree must hold: a room filter and the subject's own filter together. */
const allOf = (trees: FilterNode[]): FilterNode | null =>
  trees.length === 0 ? null : trees.length === 1 ? (trees[0] ?? null) : { condition: 'E', rules: trees };

/** Access profiles (spec 001 §2.6–2.7, §7): what a room may do, with which fields, on which rows. */
export class RoomsService {
  private readonly db: Db;
  private readonly subjects: SubjectsService;
  private readonly menus: MenusService;
  private readonly events: EventStream;
  /** Where GET /api/Room/notification reads the notifications (modules/notifications `forMatrix`). */
  private readonly notificationSource: (companyId: number) => Promise<RoomNotificationOption[]>;

  constructor(deps: {
    db: Db;
    subjects: SubjectsService;
    menus: MenusService;
    events: EventStream;
    notificationSource: (companyId: number) => Promise<RoomNotificationOption[]>;
  }) {
    this.db = deps.db;
    this.events = deps.events;
    this.subjects = deps.subjects;
    this.menus = deps.menus;
    this.notificationSource = deps.notificationSource;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  async page(
    companyId: number,
    q: { page: number; fetch: number; term?: string | undefined },
  ): Promise<
    PagedList<{ roomId: number; roomName: string; displayName: string | null; color: string | null }>
  > {
    const p = paging(q.page, q.fetch);
    const { rows, total } = await repo.pageRooms(this.k, companyId, {
      offset: p.offset,
      fetch: p.fetch,
      term: q.term,
    });
    return {
      itens: rows.map((r) => ({
        roomId: r.id,
        roomName: r.name,
        displayName: r.display_name,
        color: r.color,
      })),
      totalResults: total,
      currentPage: p.page,
    };
  }

  async get(companyId: number, roomId: number): Promise<RoomDetail> {
    const room = await repo.findRoom(this.k, companyId, roomId);
    if (!room) throw notFound(roomMessages.notFound);
    const [subjectActions, attributeActions, scopes, connections, menuActions] = await Promise.all([
      repo.subjectActions(this.k, roomId),
      repo.attributeActions(this.k, roomId),
      repo.scopes(this.k, roomId),
      repo.connections(this.k, roomId),
      menusRepo.roomMenuActions(this.k, roomId),
    ]);
    const settings = readSettings(room.settings);
    const subjectIds = [
      ...new Set([...subjectActions.map((a) => a.subject_id), ...scopes.map((s) => s.subject_id)]),
    ];
    const subjectRows = await subjectsRepo.subjectsByIds(this.k, companyId, subjectIds);
    const identifierOf = new Map(subjectRows.map((s) => [s.id, s.identifier]));
    const parse = (t: string | null): unknown => (t ? (JSON.parse(t) as unknown) : null);
    // Rooms saved before room filters existed keep their whole scope as the subject's own filter.
    const ownFilter = (id: number): unknown =>
      settings.subjectFilters
        ? (settings.subjectFilters[String(id)] ?? null)
        : parse(scopes.find((s) => s.subject_id === id)?.filter ?? null);
    type Action = RoomDetail['menus'][number]['actions'][number];
    return {
      roomId: room.id,
      roomName: room.name,
      displayName: room.display_name,
      color: room.color,
      kind: room.kind,
      subjects: subjectIds.map((id) => ({
        resourceId: id,
        subjectIdentifier: identifierOf.get(id) ?? null,
        actions: subjectActions.filter((a) => a.subject_id === id).map((a) => a.action as Action),
        permissions: [
          ...new Set(attributeActions.filter((a) => a.subject_id === id).map((a) => a.attribute_id)),
        ].map((attributeId) => ({
          resourceId: attributeId,
          actions: attributeActions
            .filter((a) => a.attribute_id === attributeId && a.action !== NO_ACTION)
            .map((a) => a.action as Action),
        })),
        filter: ownFilter(id),
      })),
      sharedTalks: scopes
        .filter((s) => s.talk_ids)
        .map((s) => ({
          subjectIdentifier: identifierOf.get(s.subject_id) ?? null,
          name: s.name,
          talks: ((parse(s.talk_ids) as number[] | null) ?? []).map((id) => ({ id })),
        })),
      connectedRooms: connections.map((c) => ({ roomId: c.room_to_id })),
      menus: [...new Set(menuActions.map((m) => m.menu_id))].map((menuId) => ({
        resourceId: menuId,
        actions: menuActions.filter((m) => m.menu_id === menuId).map((m) => m.action as Action),
      })),
      roomFilters: settings.roomFilters,
      roomNotifications: settings.roomNotifications,
      requireDigitalSignature: settings.requireDigitalSignature,
      version: settings.version,
    };
  }

  /** GET /api/room/resource: what a room can be given — the company's menus and subjects. */
  async resources(companyId: number): Promise<{ Menus: MenuResource[]; Subjects: SubjectResource[] }> {
    const [menus, page] = await Promise.all([
      this.menus.resources(companyId),
      this.subjects.page(companyId, { page: 1, fetch: 1000 }),
    ]);
    return {
      Menus: menus,
      Subjects: page.itens.map((s) => ({
        resourceId: s.subjectId,
        resourceName: s.subjectName,
        subjectIdentifier: s.subjectIdentifier,
        attributes: s.subjectAttributes.map((a) => ({
          resourceId: a.subjectAttributeId,
          attributeName: a.name,
          componentId: a.componentId,
        })),
      })),
    };
  }

  /**
   * GET /api/Room/notification: the notifications a room's matrix can enable, each with its
   * channels (001 §3 "Notification (for matrices)"), from modules/notifications (set at start).
   */
  notificationOptions(companyId: number): Promise<RoomNotificationOption[]> {
    return this.notificationSource(companyId);
  }

  async create(companyId: number, input: RoomInput): Promise<number> {
    return this.k.transaction().execute(async (trx) => {
      const grants = await this.resolveGrants(trx, companyId, input, undefined);
      const id = await repo.insertRoom(trx, {
        companyId,
        name: input.roomName,
        displayName: input.displayName ?? null,
        color: input.color ?? null,
        settings: this.settings(input, 1),
        at: Date.now(),
      });
      await repo.replaceGrants(trx, companyId, id, grants);
      await menusRepo.replaceRoomMenuActions(trx, companyId, id, grants.menus);
      return id;
    });
  }

  /**
   * Replaces the room. With `version` (the one the editor loaded) a room changed meanwhile by
   * someone else is refused with 409 instead of being overwritten; without it, the last save wins.
   */
  async update(companyId: number, roomId: number, input: RoomInput): Promise<void> {
    await this.events.write(async (trx) => {
      const room = await repo.findRoom(trx, companyId, roomId);
      if (!room) throw notFound(roomMessages.notFound);
      const version = readSettings(room.settings).version;
      if (input.version !== undefined && input.version !== version)
        throw conflict(roomMessages.stale, 'version');
      const grants = await this.resolveGrants(trx, companyId, input, roomId);
      // Compare-and-swap on the settings (which carry the version): a concurrent save loses.
      const swapped = await repo.updateRoom(
        trx,
        roomId,
        {
          name: input.roomName,
          displayName: input.displayName ?? null,
          color: input.color ?? null,
          settings: this.settings(input, version + 1),
        },
        room.settings,
      );
      if (!swapped) throw conflict(roomMessages.stale, 'version');
      await repo.replaceGrants(trx, companyId, roomId, grants);
      await menusRepo.replaceRoomMenuActions(trx, companyId, roomId, grants.menus);
      // The room's accounts may see other menu items and subjects now: their side menus reload.
      await this.menus.announce(trx, companyId);
    });
  }

  async remove(companyId: number, roomId: number): Promise<void> {
    const room = await repo.findRoom(this.k, companyId, roomId);
    if (!room) throw notFound(roomMessages.notFound);
    if (room.kind !== 'custom') throw unprocessable(roomMessages.builtIn);
    if ((await repo.accountsInRoom(this.k, roomId)) > 0) throw unprocessable(roomMessages.inUse);
    await this.k.transaction().execute((trx) => repo.deleteRoom(trx, roomId));
  }

  private settings(input: RoomInput, version: number): string {
    const subjectFilters: Record<string, unknown> = {};
    for (const s of input.permissions.subjects) if (s.filter) subjectFilters[String(s.resourceId)] = s.filter;
    return JSON.stringify({
      roomFilters: input.roomFilters,
      roomNotifications: input.roomNotifications,
      requireDigitalSignature: [...new Set(input.requireDigitalSignature)],
      subjectFilters,
      version,
    });
  }

  /** A saved filter is a record of `filtro` whose `assunto` is the subject it was made for. */
  private async isSavedFilterOf(
    trx: Kysely<Database>,
    companyId: number,
    filterId: number,
    subjectIdentifier: string,
  ): Promise<boolean> {
    const filtro = await this.subjects.load(companyId, FILTER_SUBJECT, trx).catch(() => undefined);
    const about = filtro?.attributes.find((a) => a.identifier === 'assunto');
    if (!filtro || !about) return false;
    const row = await talksRepo.findTalk(trx, filtro, filterId, everyRow('settings'));
    return row !== undefined && row[attributeColumn(about.id)] === subjectIdentifier;
  }

  /** Checks every subject, attribute, filter, menu and room named belongs to the company; 422 listing what does not. */
  private async resolveGrants(
    trx: Kysely<Database>,
    companyId: number,
    input: RoomInput,
    selfId: number | undefined,
  ) {
    const errors: ErrorItem[] = [];
    const subjectActions: { subjectId: number; action: string }[] = [];
    const attributeActions: { attributeId: number; action: string }[] = [];
    const filtersOf = new Map<number, FilterNode[]>();
    const talkScopes = new Map<number, { talkIds: string; name: string | null }>();
    const ctx = { alias: 't', timeZone: 'America/Sao_Paulo', now: Date.now() };
    const addFilter = (
      subject: Parameters<typeof compileFilter>[1] & { id: number },
      tree: FilterNode,
      field: string,
    ) => {
      try {
        compileFilter(tree, subject, ctx);
        filtersOf.set(subject.id, [...(filtersOf.get(subject.id) ?? []), tree]);
      } catch (err) {
        errors.push({ message: err instanceof Error ? err.message : roomMessages.invalidFilter, field });
      }
    };
    for (const [i, s] of input.permissions.subjects.entries()) {
      const subject = await this.subjects.loadById(companyId, s.resourceId, trx).catch(() => undefined);
      if (!subject) {
        errors.push({ message: roomMessages.unknownSubject, field: `permissions.subjects.${i}.resourceId` });
        continue;
      }
      for (const action of new Set(s.actions)) subjectActions.push({ subjectId: subject.id, action });
      for (const [j, p] of s.permissions.entries()) {
        if (!subject.attributes.some((a) => a.id === p.resourceId)) {
          errors.push({
            message: roomMessages.unknownAttribute,
            field: `permissions.subjects.${i}.permissions.${j}.resourceId`,
          });
          continue;
        }
        const granted = [...new Set(p.actions)].filter(
          (action) => action === 'read' || action === 'create' || action === 'update' || action === 'delete',
        );
        for (const action of granted) attributeActions.push({ attributeId: p.resourceId, action });
        // An attribute the room may do nothing with keeps one row saying so; with no rows it
        // would follow the subject's actions (permissions/access-policy.ts, ATTRIBUTE_NO_ACTION).
        if (granted.length === 0) attributeActions.push({ attributeId: p.resourceId, action: NO_ACTION });
      }
      if (s.filter) addFilter(subject, s.filter, `permissions.subjects.${i}.filter`);
    }
    const filterIds = new Set<number>();
    for (const [i, f] of input.roomFilters.entries()) {
      if (f.filterId) {
        if (filterIds.has(f.filterId))
          errors.push({ message: roomMessages.repeatedFilter, field: `roomFilters.${i}.filterId` });
        filterIds.add(f.filterId);
      }
      const subject = await this.subjects.load(companyId, f.subjectIdentifier, trx).catch(() => undefined);
      if (!subject) {
        errors.push({ message: roomMessages.unknownSubject, field: `roomFilters.${i}.subjectIdentifier` });
        continue;
      }
      addFilter(subject, f.filter, `roomFilters.${i}.filter`);
      if (f.filterId && !(await this.isSavedFilterOf(trx, companyId, f.filterId, subject.identifier)))
        errors.push({ message: roomMessages.unknownSavedFilter, field: `roomFilters.${i}.filterId` });
    }
    for (const [i, d] of input.sharedTalks.entries()) {
      const subject = await subjectsRepo.findSubjectByIdentifier(trx, companyId, d.subjectIdentifier);
      if (!subject) {
        errors.push({ message: roomMessages.unknownSubject, field: `sharedTalks.${i}.subjectIdentifier` });
        continue;
      }
      talkScopes.set(subject.id, {
        talkIds: JSON.stringify([...new Set(d.talks.map((t) => t.id))]),
        name: d.name ?? null,
      });
    }
    for (const [i, id] of input.requireDigitalSignature.entries())
      if (!(await this.subjects.loadById(companyId, id, trx).catch(() => undefined)))
        errors.push({ message: roomMessages.unknownSubject, field: `requireDigitalSignature.${i}` });
    const connections = [...new Set(input.connectedRooms.map((c) => c.roomToId))].filter(
      (id) => id !== selfId,
    );
    for (const id of connections)
      if (!(await repo.findRoom(trx, companyId, id)))
        errors.push({ message: roomMessages.unknownRoom, field: 'connectedRooms' });
    const menuIds = await this.menus.ids(companyId, trx);
    const menus: { menuId: number; action: string }[] = [];
    for (const [i, m] of input.permissions.menus.entries()) {
      if (!menuIds.has(m.resourceId)) {
        errors.push({ message: roomMessages.unknownMenu, field: `permissions.menus.${i}.resourceId` });
        continue;
      }
      // A menu has one action: it is seen (Visualizar) or not.
      if (m.actions.includes('read') && !menus.some((x) => x.menuId === m.resourceId))
        menus.push({ menuId: m.resourceId, action: 'read' });
    }
    if (errors.length) throw unprocessable(errors);
    const scopes = [...new Set([...filtersOf.keys(), ...talkScopes.keys()])].map((subjectId) => {
      const filter = allOf(filtersOf.get(subjectId) ?? []);
      const talks = talkScopes.get(subjectId);
      return {
        subjectId,
        filter: filter ? JSON.stringify(filter) : null,
        talkIds: talks?.talkIds ?? null,
        name: talks?.name ?? null,
      };
    });
    return { subjectActions, attributeActions, scopes, connections, menus };
  }
}
