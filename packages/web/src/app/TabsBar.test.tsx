import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { adminUser, renderApp } from '../test/render-app.tsx';
import { forgetUnsaved, setUnsaved } from '../features/unsaved/unsaved-store.ts';

const api = (call: { path: string }) => {
  if (call.path === '/api/account/refresh')
    return { status: 200, body: { authorized: true, token: 'renewed' } };
  if (call.path === '/api/health')
    return { status: 200, body: { status: 'ok', version: '0.1.0', database: 'sqlite' } };
  return undefined;
};

const tabsBar = () => screen.getByRole('navigation', { name: 'Abas abertas' });
const tabTitles = () =>
  within(tabsBar())
    .getAllByRole('link')
    .map((a) => a.textContent);

/** Opens Temas, Modo noturno and Situação do sistema from the side menu. */
async function openThree(user: ReturnType<typeof userEvent.setup>) {
  const menu = screen.getByRole('navigation', { name: 'Menu principal' });
  await user.click(within(menu).getByRole('link', { name: /Modo noturno/ }));
  await screen.findByRole('heading', { name: 'Modo noturno', level: 1 });
  await user.click(within(menu).getByRole('link', { name: /Situação do sistema/ }));
  await screen.findByRole('heading', { name: 'Situação do sistema' });
  await waitFor(() => expect(tabTitles()).toEqual(['Situação do sistema', 'Modo noturno', 'Temas']));
}

describe('tabs (issue 39 item 9)', () => {
  it('keeps one tab for a screen opened with and without the trailing slash, and the side menu marks it', async () => {
    stubFetch(api);
    const { router } = renderApp('/config/theme/', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    await waitFor(() => expect(tabTitles()).toEqual(['Temas']));
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getByRole('link', { name: /Temas/ }).getAttribute('aria-current')).toBe('page');
    await act(() => router.navigate('/config/theme'));
    await act(() => router.navigate('/config/dark-mode'));
    await screen.findByRole('heading', { name: 'Modo noturno', level: 1 });
    await act(() => router.navigate('/config/theme/'));
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    await waitFor(() => expect(tabTitles()).toEqual(['Modo noturno', 'Temas']));
    expect(within(tabsBar()).getByRole('link', { name: 'Temas' }).getAttribute('aria-current')).toBe('page');
  });

  it('"Fechar outras" from the tab bar menu leaves only the current tab', async () => {
    const user = userEvent.setup();
    stubFetch(api);
    const { router } = renderApp('/config/theme', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    await openThree(user);
    await user.click(within(tabsBar()).getByRole('button', { name: 'Ações das abas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar outras' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Situação do sistema']));
    expect(router.state.location.pathname).toBe('/config/system');
  });

  it("a tab's context menu closes the others and goes to it, or closes them all", async () => {
    const user = userEvent.setup();
    stubFetch(api);
    const { router } = renderApp('/config/theme', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    await openThree(user);
    fireEvent.contextMenu(within(tabsBar()).getByRole('link', { name: 'Modo noturno' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar outras' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Modo noturno']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/config/dark-mode'));

    fireEvent.contextMenu(within(tabsBar()).getByRole('link', { name: 'Modo noturno' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar todas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Abas abertas' })).toBeNull();
  });

  it('"Fechar todas" asks before the current screen\'s unsaved changes are lost; "Fechar outras" keeping it does not', async () => {
    const user = userEvent.setup();
    stubFetch(api);
    renderApp('/config/theme', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    await openThree(user);
    const id = Symbol('edited');
    act(() => setUnsaved(id, true));
    await user.click(within(tabsBar()).getByRole('button', { name: 'Ações das abas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar todas' }));
    const ask = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    expect(tabTitles()).toEqual(['Situação do sistema', 'Modo noturno', 'Temas']);

    await user.click(within(tabsBar()).getByRole('button', { name: 'Ações das abas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fechar outras' }));
    await waitFor(() => expect(tabTitles()).toEqual(['Situação do sistema']));
    expect(screen.queryByRole('dialog', { name: 'Descartar alterações?' })).toBeNull();
    act(() => forgetUnsaved(id));
  });
});
