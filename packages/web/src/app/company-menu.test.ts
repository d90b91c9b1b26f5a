import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu-api.ts';
import { companyMenuItems } from './company-menu.ts';
import type { Screen } from './screens.ts';

const node = (id: number, name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  Id: id,
  Name: name,
  Subject: 'chamado',
  Scenario: 'grid',
  Icon: 'support_agent',
  TemplateId: null,
  Filters: null,
  Menus: null,
  ...extra,
});

const contextScreen: Screen = {
  name: 'context',
  path: 'context/*',
  title: 'Registros',
  access: 'user',
  load: () => Promise.reject(new Error('not loaded in this test')),
};

describe('company menu (001 §3 menu node)', () => {
  it('shows nothing while the records screen does not exist', () => {
    expect(companyMenuItems([node(1, 'Chamados')], [])).toEqual([]);
  });

  it('links leaves to their scenario, subject, template and filters', () => {
    const items = companyMenuItems(
      [
        node(1, 'Atendimento', {
          Subject: null,
          Scenario: null,
          Menus: [node(2, 'Chamados abertos', { TemplateId: 12, Filters: [3, 4] })],
        }),
        node(5, 'Sem cenário', { Scenario: null }),
      ],
      [contextScreen],
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.path).toBeUndefined();
    expect(items[0]?.children[0]).toMatchObject({
      label: 'Chamados abertos',
      path: '/context/grid/chamado?template=12&filters=3%2C4&menu=2',
    });
  });

  it('opens a board or a calendar item on its scenario, with the item’s filters (issue 38 item 5)', () => {
    const items = companyMenuItems(
      [
        node(7, 'Quadro de chamados', { Scenario: 'board', Filters: [3] }),
        node(8, 'Agenda', { Scenario: 'calendar' }),
      ],
      [contextScreen],
    );
    expect(items.map((i) => i.path)).toEqual([
      '/context/board/chamado?filters=3&menu=7',
      '/context/calendar/chamado',
    ]);
  });
});
