import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { ordinaryUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const subjects = on('GET', '/api/context/subjects', 200, [
  { subjectId: 3, subjectIdentifier: 'chamado', subjectName: 'Chamado', icon: null, isBuiltIn: false },
]);
const sideMenu = () => screen.getByRole('navigation', { name: 'Menu principal' });

describe('the company menu in the side menu', { timeout: 30_000 }, () => {
  it("shows 'Registros' while the company has no menu", async () => {
    stubFetch(
      on('GET', '/api/presentation/menu/all/', 200, { Menus: [], configured: false, companyId: 1 }),
      subjects,
    );
    renderApp('/', ordinaryUser);
    // The shell (a lazy chunk) draws the side menu after the first render.
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(await within(sideMenu()).findByRole('link', { name: 'Chamado' })).toBeTruthy();
  });

  it("keeps 'Registros' for a room that sees no item of the company's menu (issue 39)", async () => {
    const calls = stubFetch(
      on('GET', '/api/presentation/menu/all/', 200, { Menus: [], configured: true, companyId: 1 }),
      subjects,
    );
    renderApp('/', ordinaryUser);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/presentation/menu/all/')).toBe(true));
    // The company has a menu, none of it for this room: it still reaches what it may read.
    expect(await within(sideMenu()).findByRole('link', { name: 'Chamado' })).toBeTruthy();
    expect(within(sideMenu()).getByRole('heading', { name: 'Registros' })).toBeTruthy();
  });

  it('links a leaf to its scenario with its template and saved filters', async () => {
    stubFetch(
      on('GET', '/api/presentation/menu/all/', 200, {
        Menus: [
          {
            Id: 1,
            Name: 'Atendimento',
            Subject: null,
            Scenario: null,
            Icon: 'support_agent',
            TemplateId: null,
            Filters: null,
            Menus: [
              {
                Id: 2,
                Name: 'Chamados abertos',
                Subject: 'chamado',
                Scenario: 'grid',
                Icon: null,
                TemplateId: 12,
                Filters: [40],
                Menus: [],
              },
            ],
          },
        ],
        configured: true,
        companyId: 1,
      }),
      subjects,
    );
    renderApp('/', ordinaryUser);
    const leaf = await within(sideMenu()).findByRole('link', { name: 'Chamados abertos' });
    // The item goes along: its saved filter applies through it (issue 39 item 2).
    expect(leaf.getAttribute('href')).toBe('/context/grid/chamado?template=12&filters=40&menu=2');
    expect(within(sideMenu()).queryByRole('link', { name: 'Chamado' })).toBeNull();
  });
});
