import type { MenuResource } from '@talkbase/domain/contracts/menus';
import type { RoomDetail } from '@talkbase/domain/contracts/rooms';
import { describe, expect, it } from 'vitest';
import {
  attributeAllows,
  draftToInput,
  infoErrors,
  moveOwnFilter,
  newRoomDraft,
  nextFilterKey,
  ownFilterDraft,
  ownFilters,
  removeOwnFilter,
  roomToDraft,
  toggleAttributeAction,
  toggleMenu,
  toggleSubjectAction,
  upsertRoomFilter,
} from './room-draft.ts';

const menu = (resourceId: number, menus: MenuResource[] = []): MenuResource => ({
  resourceId,
  resourceName: `Menu ${resourceId}`,
  icon: null,
  subjectIdentifier: null,
  menus,
});
const menus = [menu(1, [menu(2), menu(3, [menu(4)])]), menu(5)];

const room: RoomDetail = {
  roomId: 9,
  roomName: 'Atendimento',
  displayName: 'Suporte',
  color: '#336699',
  kind: 'custom',
  subjects: [
    {
      resourceId: 3,
      subjectIdentifier: 'chamado',
      actions: ['read', 'update'],
      permissions: [{ resourceId: 31, actions: ['update'] }],
      filter: null,
    },
  ],
  sharedTalks: [{ subjectIdentifier: 'cliente', name: 'ACME', talks: [{ id: 7 }] }],
  connectedRooms: [{ roomId: 1196 }],
  menus: [{ resourceId: 1, actions: ['read'] }],
  roomFilters: [
    {
      filterId: 40,
      filterName: 'Abertos',
      subjectIdentifier: 'chamado',
      filter: { attribute: 'situacao', operator: 'equal', value: 1 },
    },
  ],
  roomNotifications: [],
  requireDigitalSignature: [3],
  version: 4,
};

describe('room form draft', () => {
  it('round-trips a room to the save body (connected rooms as roomToId, menus with Visualizar)', () => {
    const input = draftToInput(roomToDraft(room));
    expect(input).toEqual({
      roomName: 'Atendimento',
      displayName: 'Suporte',
      color: '#336699',
      permissions: {
        subjects: [
          {
            resourceId: 3,
            actions: ['read', 'update'],
            permissions: [{ resourceId: 31, actions: ['update'] }],
            filter: null,
          },
        ],
        menus: [{ resourceId: 1, actions: ['read'] }],
      },
      sharedTalks: [{ subjectIdentifier: 'cliente', name: 'ACME', talks: [{ id: 7 }] }],
      requireDigitalSignature: [3],
      roomFilters: [room.roomFilters[0]],
      connectedRooms: [{ roomToId: 1196 }],
      roomNotifications: [],
      version: 4,
    });
  });

  it('starts a new room with every menu ticked and nothing else', () => {
    const draft = newRoomDraft(menus);
    expect(draft.menus.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(draftToInput({ ...draft, roomName: 'X' }).permissions?.subjects).toEqual([]);
  });

  it('ticks the menus above a ticked menu and unticks those below an unticked one', () => {
    const none = { ...newRoomDraft(menus), menus: [] };
    expect(toggleMenu(none, menus, 4).menus.sort()).toEqual([1, 3, 4]);
    const all = newRoomDraft(menus);
    expect(toggleMenu(all, menus, 3).menus.sort()).toEqual([1, 2, 5]);
    expect(toggleMenu(all, menus, 1).menus).toEqual([5]);
  });

  it('gives an attribute its own rows on the first change and drops them when back to all four', () => {
    let draft = roomToDraft(room);
    // Follows the subject: reading and changing allowed, filling not (the subject cannot insert).
    expect(attributeAllows(draft.subjects[3], 32, 'read')).toBe(true);
    expect(attributeAllows(draft.subjects[3], 32, 'create')).toBe(false);
    draft = toggleAttributeAction(draft, 3, 32, 'update');
    expect(draft.subjects[3]?.attributes[32]).toEqual(['read', 'create', 'delete']);
    // Unticking Visualizar unticks what needs it (issue 39 item 11): nothing at all is sent as an
    // empty list, which the server keeps as "nothing".
    draft = toggleAttributeAction(draft, 3, 32, 'read');
    expect(draft.subjects[3]?.attributes[32]).toEqual([]);
    for (const a of ['read', 'create', 'update', 'delete'] as const)
      expect([a, attributeAllows(draft.subjects[3], 32, a)]).toEqual([a, false]);
    expect(draftToInput(draft).permissions?.subjects?.[0]?.permissions).toContainEqual({
      resourceId: 32,
      actions: [],
    });
    // Ticking Alterar ticks Visualizar with it.
    draft = toggleAttributeAction(draft, 3, 32, 'update');
    expect(draft.subjects[3]?.attributes[32]).toEqual(['read', 'update']);
    for (const a of ['create', 'delete'] as const) draft = toggleAttributeAction(draft, 3, 32, a);
    expect(draft.subjects[3]?.attributes[32]).toBeUndefined();
    // Unticking the subject's Visualizar leaves no attribute readable.
    draft = toggleSubjectAction(draft, 3, 'read');
    expect(attributeAllows(draft.subjects[3], 32, 'read')).toBe(false);
  });

  it("turns an edited subject's own filter into a room filter, keeping the rows (issue 39 item 11)", () => {
    const own = { attribute: 'cliente', operator: 'equal', value: 7 };
    const base = roomToDraft(room);
    const draft = {
      ...base,
      subjects: {
        ...base.subjects,
        3: { ...base.subjects[3], actions: ['read' as const], attributes: {}, filter: own },
      },
    };
    expect(ownFilters(draft)).toEqual([{ subjectId: 3, filter: own }]);
    const edited = ownFilterDraft(own, 'chamado', 'Filtro de Chamado');
    expect(edited.filter).toEqual({ condition: 'E', rules: [own] });
    const moved = moveOwnFilter(draft, 3, { ...edited, key: nextFilterKey(draft) });
    expect(ownFilters(moved)).toEqual([]);
    expect(draftToInput(moved).roomFilters?.map((f) => f.filterName)).toEqual([
      'Abertos',
      'Filtro de Chamado',
    ]);
    expect(ownFilters(removeOwnFilter(draft, 3))).toEqual([]);
  });

  it('replaces a room filter with the same saved filter instead of adding it twice', () => {
    const draft = roomToDraft(room);
    const next = upsertRoomFilter(draft, {
      key: 99,
      filterId: 40,
      filterName: 'Abertos hoje',
      subjectIdentifier: 'chamado',
      filter: { condition: 'E', rules: [] },
    });
    expect(next.roomFilters.map((f) => [f.key, f.filterName])).toEqual([[1, 'Abertos hoje']]);
  });

  it('checks the profile information (001 §5 Room)', () => {
    const text = { required: 'obrigatório', max: (n: number) => `máx ${n}`, colorInvalid: 'cor' };
    expect(infoErrors({ roomName: ' ', displayName: 'x'.repeat(151), color: 'azul' }, text)).toEqual({
      roomName: 'obrigatório',
      displayName: 'máx 150',
      color: 'cor',
    });
    expect(infoErrors({ roomName: 'Ok', displayName: '', color: '#AABBCC' }, text)).toEqual({});
  });
});
