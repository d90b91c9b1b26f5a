import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { roomInputSchema } from '@talkbase/domain/contracts/rooms';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import * as subjectsRepo from '../subjects/subjects.repository.ts';
import { compileFilter } from '../talks/filter-compiler.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import * as repo from './rooms.repository.ts';

type RoomInput = z.output<typeof roomInputSchema>;

export const roomMessages = {
  notFound: 'Perfil de acesso não encontrado.',
  builtIn: 'Este perfil de acesso faz parte do sistema e não pode ser excluído.',
  inUse: 'Há usuários neste perfil de acesso; mova-os antes de excluí-lo.',
  unknownSubject: 'Assunto não encontrado.',
  unknownAttribute: 'Atributo não pertence ao assunto.',
  unknownRoom: 'Perfil de acesso relacionado não encontrado.',
};

interface RoomSettings {
  menus: unknown[];
  roomFilters: unknown[];
  roomNotifications: unknown[];
  requireDigitalSignature: number[];
}

function readSettings(text: string): RoomSettings {
  let v: Partial<RoomSettings>;
  try {
    v = JSON.parse(text) as Partial<RoomSettings>;
  } catch {
    v = {};
  }
  return {
    menus: v.menus ?? [],
    roomFilters: v.roomFilters ?? [],
    roomNotifications: v.roomNotifications ?? [],
    requireDigitalSignature: v.requireDigitalSignature ?? [],
  };
}

/** Access profiles (spec 001 §2.6–2.7, §7): what a room may do, with which fields, on which rows. */
export class RoomsService {
  private readonly db: Db;
  private readonly subjects: SubjectsService;
  constructor(deps: { db: Db; subjects: SubjectsService }) {
    this.db = deps.db;
    this.subjects = deps.subjects;
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

  async get(companyId: number, roomId: number) {
    const room = await repo.findRoom(this.k, companyId, roomId);
    if (!room) throw notFound(roomMessages.notFound);
    const [subjectActions, attributeActions, scopes, connections] = await Promise.all([
      repo.subjectActions(this.k, roomId),
      repo.attributeActions(this.k, roomId),
      repo.scopes(this.k, roomId),
      repo.connections(this.k, roomId),
    ]);
    const settings = readSettings(room.settings);
    const subjectIds = [
      ...new Set([...subjectActions.map((a) => a.subject_id), ...scopes.map((s) => s.subject_id)]),
    ];
    const subjectRows = await subjectsRepo.subjectsByIds(this.k, companyId, subjectIds);
    const identifierOf = new Map(subjectRows.map((s) => [s.id, s.identifier]));
    const parse = (t: string | null): unknown => (t ? (JSON.parse(t) as unknown) : null);
    return {
      roomId: room.id,
      roomName: room.name,
      displayName: room.display_name,
      color: room.color,
      kind: room.kind,
      subjects: subjectIds.map((id) => ({
        resourceId: id,
        subjectIdentifier: identifierOf.get(id) ?? null,
        actions: subjectActions.filter((a) => a.subject_id === id).map((a) => a.action),
        permissions: [
          ...new Set(attributeActions.filter((a) => a.subject_id === id).map((a) => a.attribute_id)),
        ].map((attributeId) => ({
          resourceId: attributeId,
          actions: attributeActions.filter((a) => a.attribute_id === attributeId).map((a) => a.action),
        })),
        filter: parse(scopes.find((s) => s.subject_id === id)?.filter ?? null),
      })),
      sharedTalks: scopes
        .filter((s) => s.talk_ids)
        .map((s) => ({
          subjectIdentifier: identifierOf.get(s.subject_id) ?? null,
          name: s.name,
          talks: ((parse(s.talk_ids) as number[] | null) ?? []).map((id) => ({ id })),
        })),
      connectedRooms: connections.map((c) => ({ roomId: c.room_to_id })),
      menus: settings.menus,
      roomFilters: settings.roomFilters,
      roomNotifications: settings.roomNotifications,
      requireDigitalSignature: settings.requireDigitalSignature,
    };
  }

  async create(companyId: number, input: RoomInput): Promise<number> {
    return this.k.transaction().execute(async (trx) => {
      const grants = await this.resolveGrants(trx, companyId, input, undefined);
      const id = await repo.insertRoom(trx, {
        companyId,
        name: input.roomName,
        displayName: input.displayName ?? null,
        color: input.color ?? null,
        settings: this.settings(input),
        at: Date.now(),
      });
      await repo.replaceGrants(trx, companyId, id, grants);
      return id;
    });
  }

  async update(companyId: number, roomId: number, input: RoomInput): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      if (!(await repo.findRoom(trx, companyId, roomId))) throw notFound(roomMessages.notFound);
      const grants = await this.resolveGrants(trx, companyId, input, roomId);
      await repo.updateRoom(trx, roomId, {
        name: input.roomName,
        displayName: input.displayName ?? null,
        color: input.color ?? null,
        settings: this.settings(input),
      });
      await repo.replaceGrants(trx, companyId, roomId, grants);
    });
  }

  async remove(companyId: number, roomId: number): Promise<void> {
    const room = await repo.findRoom(this.k, companyId, roomId);
    if (!room) throw notFound(roomMessages.notFound);
    if (room.kind !== 'custom') throw unprocessable(roomMessages.builtIn);
    if ((await repo.accountsInRoom(this.k, roomId)) > 0) throw unprocessable(roomMessages.inUse);
    await this.k.transaction().execute((trx) => repo.deleteRoom(trx, roomId));
  }

  private settings(input: RoomInput): string {
    return JSON.stringify({
      menus: input.permissions.menus,
      roomFilters: input.roomFilters,
      roomNotifications: input.roomNotifications,
      requireDigitalSignature: input.requireDigitalSignature,
    });
  }

  /** Checks every subject, attribute, filter and room named belongs to the company; 422 listing what does not. */
  private async resolveGrants(
    trx: Kysely<Database>,
    companyId: number,
    input: RoomInput,
    selfId: number | undefined,
  ) {
    const errors: ErrorItem[] = [];
    const subjectActions: { subjectId: number; action: string }[] = [];
    const attributeActions: { attributeId: number; action: string }[] = [];
    const scopes = new Map<
      number,
      { subjectId: number; filter: string | null; talkIds: string | null; name: string | null }
    >();
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
        for (const action of new Set(p.actions))
          if (action === 'create' || action === 'update' || action === 'delete')
            attributeActions.push({ attributeId: p.resourceId, action });
      }
      if (s.filter) {
        try {
          compileFilter(s.filter, subject, { alias: 't', timeZone: 'America/Sao_Paulo', now: Date.now() });
          scopes.set(subject.id, {
            subjectId: subject.id,
            filter: JSON.stringify(s.filter),
            talkIds: null,
            name: null,
          });
        } catch (err) {
          errors.push({
            message: err instanceof Error ? err.message : 'Filtro inválido.',
            field: `permissions.subjects.${i}.filter`,
          });
        }
      }
    }
    for (const [i, d] of input.sharedTalks.entries()) {
      const subject = await subjectsRepo.findSubjectByIdentifier(trx, companyId, d.subjectIdentifier);
      if (!subject) {
        errors.push({ message: roomMessages.unknownSubject, field: `sharedTalks.${i}.subjectIdentifier` });
        continue;
      }
      const prev = scopes.get(subject.id);
      scopes.set(subject.id, {
        subjectId: subject.id,
        filter: prev?.filter ?? null,
        talkIds: JSON.stringify([...new Set(d.talks.map((t) => t.id))]),
        name: d.name ?? null,
      });
    }
    const connections = [...new Set(input.connectedRooms.map((c) => c.roomToId))].filter(
      (id) => id !== selfId,
    );
    for (const id of connections)
      if (!(await repo.findRoom(trx, companyId, id)))
        errors.push({ message: roomMessages.unknownRoom, field: 'connectedRooms' });
    if (errors.length) throw unprocessable(errors);
    return { subjectActions, attributeActions, scopes: [...scopes.values()], connections };
  }
}
