import type { Kysely } from 'kysely';
import { ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import {
  SCENARIOS,
  type CompanyMenu,
  type MenuReaderRoom,
  type MenuNode,
  type MenuNodeInput,
  type MenuResource,
  type MenuTreeInput,
} from '@talkbase/domain/contracts/menus';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { SavedFiltersService } from '../saved-filters/saved-filters.service.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import type { StreamEvent } from '../../events/event-kinds.ts';
import type { Push } from '../../events/stream-pushes.ts';
import { appendEvent, type EventStream, type EventTransaction } from '../../events/event-stream.ts';
import * as repo from './menus.repository.ts';
import { readsEverything } from '../../access/administration.ts';

export const menuServerMessages = {
  notFound: 'Menu não encontrado.',
  otherCompany: 'Só é possível alterar o menu da sua própria empresa.',
  unknownSubject: 'Assunto não encontrado.',
  unknownTemplate: 'O template não pertence ao assunto do menu.',
  unknownFilter: 'Filtro não encontrado para o assunto do menu.',
  unknownMenu: 'Menu não encontrado.',
  unknownRoom: 'Perfil de acesso não encontrado.',
};

interface Tree {
  rows: repo.MenuRow[];
  children: Map<number | null, repo.MenuRow[]>;
  identifierOf: Map<number, string>;
}

const parseFilters = (text: string | null): number[] | null => {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : null;
  } catch {
    return null;
  }
};

/**
 * The company menu (001 §2.13, 000 §1). Stored as a tree of rows; a room sees a node when it is
 * given `read` on it (resource type 7) and on every node above it, and a leaf only when the room
 * may also read the leaf's subject. Room 1 (the administrators') sees every node.
 */
export class MenusService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly permissions: PermissionsService;
  private readonly savedFilters: SavedFiltersService;
  private readonly events: EventStream;
  constructor(deps: {
    db: Db;
    subjects: SubjectCatalogue;
    permissions: PermissionsService;
    savedFilters: SavedFiltersService;
    events: EventStream;
  }) {
    this.db = deps.db;
    this.events = deps.events;
    this.subjects = deps.subjects;
    this.permissions = deps.permissions;
    this.savedFilters = deps.savedFilters;
  }

  private async load(companyId: number, db: Kysely<Database> = this.db.kysely): Promise<Tree> {
    const rows = await repo.menusOf(db, companyId);
    const children = new Map<number | null, repo.MenuRow[]>();
    for (const r of rows) {
      const list = children.get(r.parent_id) ?? [];
      list.push(r);
      children.set(r.parent_id, list);
    }
    const identifierOf = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.subject_id).filter((x): x is number => x !== null))) {
      const s = await this.subjects.loadById(companyId, id, db).catch(() => undefined);
      if (s) identifierOf.set(id, s.identifier);
    }
    return { rows, children, identifierOf };
  }

  private toNode(tree: Tree, row: repo.MenuRow, keep: (row: repo.MenuRow) => boolean): MenuNode | null {
    const kids = tree.children.get(row.id) ?? [];
    if (kids.length > 0) {
      const Menus = kids
        .filter(keep)
        .map((k) => this.toNode(tree, k, keep))
        .filter((n): n is MenuNode => n !== null);
      // A parent whose children are all hidden is hidden too: it would lead nowhere.
      if (Menus.length === 0) return null;
      return {
        Id: row.id,
        Name: row.name,
        Subject: null,
        Scenario: null,
        Icon: row.icon,
        TemplateId: null,
        Filters: null,
        Menus,
      };
    }
    const subject = row.subject_id === null ? undefined : tree.identifierOf.get(row.subject_id);
    return {
      Id: row.id,
      Name: row.name,
      Subject: subject ?? null,
      Scenario: row.scenario,
      Icon: row.icon,
      TemplateId: row.template_id,
      Filters: parseFilters(row.filters),
      Menus: [],
    };
  }

  /** Which nodes the account's room may see; `undefined` means every one (room 1). */
  private async visibility(auth: AuthContext, tree: Tree): Promise<(row: repo.MenuRow) => boolean> {
    if (readsEverything(auth)) return () => true;
    const grants = await repo.roomMenuActions(this.db.kysely, auth.roomId);
    const granted = new Set(grants.filter((g) => g.action === 'read').map((g) => g.menu_id));
    const readable = new Set(await this.permissions.readableSubjectIds(auth));
    return (row) => {
      if (!granted.has(row.id)) return false;
      const isLeaf = (tree.children.get(row.id) ?? []).length === 0;
      // A leaf's subject follows subject permissions: a menu must not lead to a refused screen.
      return (
        !isLeaf ||
        (row.subject_id !== null && readable.has(row.subject_id) && tree.identifierOf.has(row.subject_id))
      );
    };
  }

  /**
   * GET /api/presentation/menu/all/: the menu the signed-in account may see, or with
   * `scope=company` the whole menu for the builder (administrators only: an administrator of
   * another room would otherwise load a filtered menu and remove, on saving, what it did not see).
   * `configured` says whether the company has a menu at all, seen or not.
   */
  async visibleMenu(auth: AuthContext, scope?: 'company'): Promise<CompanyMenu> {
    if (scope === 'company' && !auth.isAdmin) throw forbidden();
    const tree = await this.load(auth.companyId);
    const keep = scope === 'company' ? () => true : await this.visibility(auth, tree);
    const Menus = (tree.children.get(null) ?? [])
      .filter(keep)
      .map((r) => this.toNode(tree, r, keep))
      .filter((n): n is MenuNode => n !== null);
    return { Menus, configured: tree.rows.length > 0, companyId: auth.companyId };
  }

  /** GET /api/presentation/menu/{id}: one node, only when the account may see it (and all above it). */
  async visibleNode(auth: AuthContext, menuId: number): Promise<MenuNode> {
    const tree = await this.load(auth.companyId);
    const keep = await this.visibility(auth, tree);
    const byId = new Map(tree.rows.map((r) => [r.id, r]));
    let row = byId.get(menuId);
    const target = row;
    while (row) {
      if (!keep(row)) throw notFound(menuServerMessages.notFound);
      row = row.parent_id === null ? undefined : byId.get(row.parent_id);
    }
    const node = target ? this.toNode(tree, target, keep) : null;
    if (!node) throw notFound(menuServerMessages.notFound);
    return node;
  }

  /**
   * The menu, or what a room may see of it, changed (in the write's transaction): once committed,
   * the company's open side menus load it again (the push carries nothing; each asks for its own
   * share).
   */
  async announce(trx: EventTransaction, companyId: number): Promise<void> {
    await appendEvent(trx, { companyId, kind: 'menu.changed', payload: {} });
  }

  /** MenuChanged for the menu events just committed (the event stream's push builder). */
  readonly pushesOf = (events: readonly StreamEvent[]): Push[] =>
    [...new Set(events.map((e) => e.companyId))].map((companyId) => ({
      companyId,
      event: realtimeEvents.menuChanged,
      data: {},
    }));

  /** GET /api/presentation/menu/readers: the rooms (but the administrators') and what they read. */
  async readers(auth: AuthContext): Promise<MenuReaderRoom[]> {
    if (!auth.isAdmin) throw forbidden();
    const { rooms, reads } = await repo.roomsReadingSubjects(this.db.kysely, auth.companyId);
    return rooms
      .filter((r) => r.id !== ADMIN_ROOM_ID)
      .map((r) => ({
        roomId: r.id,
        roomName: r.name,
        subjects: reads.filter((x) => x.room_id === r.id).map((x) => x.identifier),
      }));
  }

  /** The whole menu as resources of the room form's Menu matrix (GET /api/room/resource). */
  async resources(companyId: number): Promise<MenuResource[]> {
    const tree = await this.load(companyId);
    const convert = (parent: number | null): MenuResource[] =>
      (tree.children.get(parent) ?? []).map((r) => ({
        resourceId: r.id,
        resourceName: r.name,
        icon: r.icon,
        subjectIdentifier: r.subject_id === null ? null : (tree.identifierOf.get(r.subject_id) ?? null),
        menus: convert(r.id),
      }));
    return convert(null);
  }

  /** The ids of the company's menus (to check a room's grants). */
  async ids(companyId: number, db: Kysely<Database>): Promise<Set<number>> {
    return new Set((await repo.menusOf(db, companyId)).map((r) => r.id));
  }

  /**
   * PUT /api/presentation/menu/{companyId}: replaces the company's menu with the tree sent. Nodes
   * keeping their Id keep their room grants; nodes left out are removed; new nodes are seen by
   * room 1 until rooms are given them.
   */
  async save(auth: AuthContext, companyId: number, input: MenuTreeInput): Promise<CompanyMenu> {
    if (companyId !== auth.companyId) throw forbidden(menuServerMessages.otherCompany);
    // Checked before the write transaction: saved filters are read through the talks service,
    // whose queries run outside it.
    const k = this.db.kysely;
    const existing = new Set((await repo.menusOf(k, companyId)).map((r) => r.id));
    const errors: ErrorItem[] = [];
    const resolved = await this.resolve(auth, k, companyId, input.Menus, existing, ['Menus'], errors);
    const rooms = new Set((await repo.roomsReadingSubjects(k, companyId)).rooms.map((r) => r.id));
    const checkRooms = (nodes: ResolvedNode[], path: (string | number)[]) => {
      for (const [i, n] of nodes.entries()) {
        if (n.rooms.some((r) => !rooms.has(r)))
          errors.push({ message: menuServerMessages.unknownRoom, field: [...path, i, 'Rooms'].join('.') });
        checkRooms(n.children, [...path, i, 'Menus']);
      }
    };
    checkRooms(resolved, ['Menus']);
    if (errors.length) throw unprocessable(errors);
    await this.events.write(async (trx) => {
      const current = (await repo.menusOf(trx, companyId)).map((r) => r.id);
      const kept = new Set<number>();
      // Rooms given an item get its parents too: a room sees a node only with every node above it.
      const grants: { roomId: number; menuId: number }[] = [];
      const write = async (nodes: ResolvedNode[], parentId: number | null, above: number[]) => {
        for (const [position, n] of nodes.entries()) {
          const row = {
            parent_id: parentId,
            position,
            name: n.name,
            scenario: n.scenario,
            subject_id: n.subjectId,
            template_id: n.templateId,
            icon: n.icon,
            filters: n.filters ? JSON.stringify(n.filters) : null,
          };
          let id = n.id;
          if (id !== null) await repo.updateMenu(trx, id, row);
          else id = await repo.insertMenu(trx, { company_id: companyId, ...row });
          kept.add(id);
          for (const roomId of n.rooms) for (const menuId of [...above, id]) grants.push({ roomId, menuId });
          await write(n.children, id, [...above, id]);
        }
      };
      await write(resolved, null, []);
      await repo.deleteMenus(
        trx,
        companyId,
        current.filter((id) => !kept.has(id)),
      );
      await repo.grantMenuReads(trx, companyId, grants);
      await this.announce(trx, companyId);
    });
    const tree = await this.load(companyId);
    const all = () => true;
    return {
      Menus: (tree.children.get(null) ?? [])
        .map((r) => this.toNode(tree, r, all))
        .filter((n): n is MenuNode => n !== null),
      configured: tree.rows.length > 0,
      companyId,
    };
  }

  private async resolve(
    auth: AuthContext,
    trx: Kysely<Database>,
    companyId: number,
    nodes: readonly MenuNodeInput[],
    existing: ReadonlySet<number>,
    path: (string | number)[],
    errors: ErrorItem[],
    seen: Set<number> = new Set(),
  ): Promise<ResolvedNode[]> {
    const out: ResolvedNode[] = [];
    for (const [i, node] of nodes.entries()) {
      const at = [...path, i].join('.');
      let id: number | null = node.Id && node.Id > 0 ? node.Id : null;
      if (id !== null && (!existing.has(id) || seen.has(id))) {
        errors.push({ message: menuServerMessages.unknownMenu, field: `${at}.Id` });
        id = null;
      }
      if (id !== null) seen.add(id);
      const children = node.Menus ?? [];
      const base = {
        id,
        name: node.Name,
        icon: node.Icon || null,
        rooms: [...new Set((node.Rooms ?? []).filter((r) => r !== ADMIN_ROOM_ID))],
      };
      if (children.length > 0) {
        // A parent loses its own subject, scenario, template and filters (001 §4 Menu).
        out.push({
          ...base,
          scenario: null,
          subjectId: null,
          templateId: null,
          filters: null,
          children: await this.resolve(
            auth,
            trx,
            companyId,
            children,
            existing,
            [...path, i, 'Menus'],
            errors,
            seen,
          ),
        });
        continue;
      }
      const subject = await this.subjects.load(companyId, node.Subject ?? '', trx).catch(() => undefined);
      if (!subject) {
        errors.push({ message: menuServerMessages.unknownSubject, field: `${at}.Subject` });
        continue;
      }
      const templateId = node.TemplateId || null;
      if (
        templateId !== null &&
        (await repo.templatesOfSubject(trx, companyId, subject.id, [templateId])).length === 0
      )
        errors.push({ message: menuServerMessages.unknownTemplate, field: `${at}.TemplateId` });
      const filters = (node.Filters ?? []).filter((f): f is number => typeof f === 'number' && f > 0);
      if (filters.length > 0) {
        const saved = await this.savedFilters.list(auth, subject.identifier, { page: 1, fetch: 1000 });
        const known = new Set(saved.itens.map((f) => f.filterId));
        if (filters.some((f) => !known.has(f)))
          errors.push({ message: menuServerMessages.unknownFilter, field: `${at}.Filters` });
      }
      const scenario = SCENARIOS.find((s) => s.scenarioIdentifier === node.Scenario?.toLowerCase());
      out.push({
        ...base,
        scenario: scenario?.scenarioIdentifier ?? null,
        subjectId: subject.id,
        templateId,
        filters: filters.length > 0 ? filters : null,
        children: [],
      });
    }
    return out;
  }
}

interface ResolvedNode {
  id: number | null;
  name: string;
  icon: string | null;
  scenario: string | null;
  subjectId: number | null;
  templateId: number | null;
  filters: number[] | null;
  /** Rooms to give `read` on this node (and the nodes above it). */
  rooms: number[];
  children: ResolvedNode[];
}
