import {
  dashboardTexts,
  dashboardWidgetSchema,
  type Dashboard,
  type DashboardSummary,
  type DashboardWidget,
  type dashboardWriteSchema,
} from '@talkbase/domain/contracts/dashboards';
import { aggregateRequestSchema } from '@talkbase/domain/contracts/aggregates';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  unprocessable,
  type ErrorItem,
} from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { isAdministrator } from '../../access/administration.ts';
import { appendEvent, type EventStream } from '../../events/event-stream.ts';
import type { StreamEvent } from '../../events/event-kinds.ts';
import type { Push } from '../../events/stream-pushes.ts';
import type { AggregatesService } from '../aggregates/aggregates.service.ts';
import * as repo from './dashboards.repository.ts';

type DashboardInput = z.output<typeof dashboardWriteSchema>;

/**
 * Dashboards (issue 38 item 4): each user's own (one of them their home) and the company's, which
 * administrators publish to rooms. A dashboard holds only the widgets' definitions: every widget is
 * answered by POST /api/talk/aggregate as the account that looks at it, so a dashboard never shows
 * anyone rows or attributes their access does not give them. Saving checks every widget as its
 * writer would ask it (422 naming the widget).
 */
export class DashboardsService {
  private readonly db: Db;
  private readonly events: EventStream;
  private readonly aggregates: AggregatesService;

  constructor(deps: { db: Db; events: EventStream; aggregates: AggregatesService }) {
    this.db = deps.db;
    this.events = deps.events;
    this.aggregates = deps.aggregates;
  }

  async list(auth: AuthContext): Promise<DashboardSummary[]> {
    const rows = await repo.visibleTo(this.db.kysely, this.who(auth));
    const rooms = await repo.roomsOf(
      this.db.kysely,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const { widgets: _widgets, ...summary } = this.present(auth, r, rooms.get(r.id) ?? []);
      return summary;
    });
  }

  async get(auth: AuthContext, id: number): Promise<Dashboard> {
    const row = await this.visible(auth, id);
    const rooms = await repo.roomsOf(this.db.kysely, [row.id]);
    return this.present(auth, row, rooms.get(row.id) ?? []);
  }

  async create(auth: AuthContext, input: DashboardInput): Promise<Dashboard> {
    await this.check(auth, input);
    const id = await this.events.write(async (trx) => {
      const values = valuesOf(auth, input);
      // The previous home stops being one first (a unique index holds one home per user).
      if (values.is_home && values.owner_id !== null)
        await repo.clearHome(trx, auth.companyId, values.owner_id, 0);
      const created = await repo.insertDashboard(trx, auth.companyId, values, Date.now());
      await repo.setRooms(trx, created, input.roomIds);
      await this.announce(trx, auth.companyId, created, values.owner_id);
      return created;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: DashboardInput): Promise<Dashboard> {
    const row = await this.editable(auth, id);
    if (input.version !== undefined && input.version !== row.version)
      throw conflict(dashboardTexts.stale, 'version');
    await this.check(auth, input);
    await this.events.write(async (trx) => {
      const values = valuesOf(auth, input);
      if (values.is_home && values.owner_id !== null)
        await repo.clearHome(trx, auth.companyId, values.owner_id, id);
      if (!(await repo.updateDashboard(trx, id, input.version ?? row.version, values, Date.now())))
        throw conflict(dashboardTexts.stale, 'version');
      await repo.setRooms(trx, id, input.roomIds);
      await this.announce(trx, auth.companyId, id, row.owner_id);
      if (values.owner_id !== row.owner_id) await this.announce(trx, auth.companyId, id, values.owner_id);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const row = await this.editable(auth, id);
    await this.events.write(async (trx) => {
      await repo.deleteDashboard(trx, id);
      await this.announce(trx, auth.companyId, id, row.owner_id);
    });
  }

  /** DashboardChanged for the dashboard events just committed (the event stream's push builder). */
  readonly pushesOf = (events: readonly StreamEvent[]): Push[] =>
    events.map((e) => {
      const owner = e.payload['ownerId'];
      return {
        companyId: e.companyId,
        event: realtimeEvents.dashboardChanged,
        data: { dashboardId: e.payload['dashboardId'] },
        // A personal dashboard concerns its owner's sessions only; a company one, anyone's list.
        ...(typeof owner === 'number' ? { audience: { accountIds: [owner] } } : {}),
      };
    });

  private announce(
    trx: Parameters<typeof appendEvent>[0],
    companyId: number,
    dashboardId: number,
    ownerId: number | null,
  ): Promise<unknown> {
    return appendEvent(trx, { companyId, kind: 'dashboard.changed', payload: { dashboardId, ownerId } });
  }

  private who(auth: AuthContext) {
    return {
      companyId: auth.companyId,
      accountId: auth.accountId,
      roomId: auth.roomId,
      allCompany: isAdministrator(auth),
    };
  }

  /** A dashboard the account may see; another's personal one, or one not published to it, is a 404. */
  private async visible(auth: AuthContext, id: number): Promise<repo.DashboardRow> {
    const row = await repo.findDashboard(this.db.kysely, auth.companyId, id);
    if (!row) throw notFound(dashboardTexts.notFound);
    if (row.owner_id === auth.accountId) return row;
    if (row.owner_id === null) {
      if (isAdministrator(auth)) return row;
      const rooms = await repo.roomsOf(this.db.kysely, [id]);
      if (rooms.get(id)?.includes(auth.roomId)) return row;
    }
    throw notFound(dashboardTexts.notFound);
  }

  private async editable(auth: AuthContext, id: number): Promise<repo.DashboardRow> {
    const row = await this.visible(auth, id);
    if (!canEdit(auth, row)) throw forbidden(dashboardTexts.onlyAdmins);
    return row;
  }

  /** Rooms only from administrators, rooms of the company, and every widget answerable by the writer. */
  private async check(auth: AuthContext, input: DashboardInput): Promise<void> {
    if (input.roomIds.length > 0 && !isAdministrator(auth)) throw forbidden(dashboardTexts.onlyAdmins);
    const errors: ErrorItem[] = [];
    if (input.roomIds.length > 0 && input.isHome)
      errors.push({ message: dashboardTexts.homeIsPersonal, field: 'isHome' });
    const known = await repo.companyRoomIds(this.db.kysely, auth.companyId, input.roomIds);
    input.roomIds.forEach((r, i) => {
      if (!known.has(r)) errors.push({ message: dashboardTexts.unknownRoom, field: `roomIds.${String(i)}` });
    });
    for (const [i, w] of input.widgets.entries()) {
      const problem = await this.widgetProblem(auth, w);
      if (problem)
        errors.push({
          message: dashboardTexts.widgetInvalid(w.title, problem.message),
          field: `widgets.${String(i)}.${problem.field}`,
        });
    }
    if (errors.length) throw unprocessable(errors);
  }

  private async widgetProblem(
    auth: AuthContext,
    w: DashboardWidget,
  ): Promise<{ message: string; field: string } | undefined> {
    const query = aggregateRequestSchema.parse({
      filterIds: w.filterId === null ? [] : [w.filterId],
      filterJson: w.filterJson ?? undefined,
      groupBy: w.groupBy,
      measures: [w.measure],
      ...(w.top === undefined ? {} : { top: w.top }),
    });
    try {
      await this.aggregates.check(auth, w.subject, query);
      return undefined;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      const first = err.errors[0];
      const field =
        err.statusCode === 404 || err.statusCode === 403
          ? 'subject'
          : first?.field === 'filterIds'
            ? 'filterId'
            : first?.field === 'measures'
              ? 'measure'
              : first?.field === 'groupBy'
                ? 'groupBy'
                : 'filterJson';
      return { message: first?.message ?? err.message, field };
    }
  }

  private present(auth: AuthContext, row: repo.DashboardRow, roomIds: number[]): Dashboard {
    return {
      dashboardId: row.id,
      name: row.name,
      roomIds,
      isHome: row.is_home === 1,
      ownerId: row.owner_id,
      canEdit: canEdit(auth, row),
      widgets: widgetsOf(row.widgets),
      updatedAt: new Date(row.updated_at).toISOString(),
      version: row.version,
    };
  }
}

function canEdit(auth: AuthContext, row: repo.DashboardRow): boolean {
  return row.owner_id === null ? isAdministrator(auth) : row.owner_id === auth.accountId;
}

/** No rooms: the writer's own dashboard; rooms: the company's (administrators only, checked before). */
function valuesOf(auth: AuthContext, input: DashboardInput): repo.DashboardValues {
  const company = input.roomIds.length > 0;
  return {
    owner_id: company ? null : auth.accountId,
    name: input.name,
    is_home: !company && input.isHome ? 1 : 0,
    widgets: JSON.stringify(input.widgets),
  };
}

/** Stored widgets as the contract gives them; one that no longer parses is left out. */
function widgetsOf(text: string): DashboardWidget[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((w) => {
    const parsed = dashboardWidgetSchema.safeParse(w);
    return parsed.success ? [parsed.data] : [];
  });
}
