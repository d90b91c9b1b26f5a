import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { adminUser, ordinaryUser, renderApp } from '../test/render-app.tsx';

const api = (call: { path: string }) => {
  if (call.path === '/api/account/refresh')
    return { status: 200, body: { authorized: true, token: 'renewed' } };
  if (call.path === '/api/health')
    return { status: 200, body: { status: 'ok', version: '0.1.0', database: 'sqlite' } };
  return undefined;
};

const tabTitles = () =>
  within(screen.getByRole('navigation', { name: 'Abas abertas' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('shell', () => {
  it('sends an ordinary user away from an administrators-only screen', async () => {
    stubFetch(api);
    const { router } = renderApp('/config/system', ordinaryUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Situação do sistema' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Abas abertas' })).toBeNull();
  });

  it('opens the administrators-only screen for an administrator, as a tab', async () => {
    stubFetch(api);
    renderApp('/config/system', adminUser);
    expect(await screen.findByRole('heading', { name: 'Situação do sistema' })).toBeDefined();
    expect(await screen.findByText('0.1.0')).toBeDefined();
    expect(tabTitles()).toEqual(['Situação do sistema']);
  });

  it('shows the 404 page for an unknown address', async () => {
    stubFetch(api);
    renderApp('/nao/existe', ordinaryUser);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeDefined();
  });

  it('shows each user only the settings links their role allows', async () => {
    stubFetch(api);
    renderApp('/', ordinaryUser);
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getByRole('link', { name: /Temas/ })).toBeDefined();
    expect(within(menu).queryByRole('link', { name: /Situação do sistema/ })).toBeNull();
  });

  it('keeps tabs newest first and closing the current one goes to the previous', async () => {
    const user = userEvent.setup();
    stubFetch(api);
    const { router } = renderApp('/config/theme', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    await user.click(within(menu).getByRole('link', { name: /Modo noturno/ }));
    await screen.findByRole('heading', { name: 'Modo noturno', level: 1 });
    await user.click(within(menu).getByRole('link', { name: /Situação do sistema/ }));
    await screen.findByRole('heading', { name: 'Situação do sistema' });
    // The tab follows the page's first render (its title is set once the screen is shown).
    await waitFor(() => expect(tabTitles()).toEqual(['Situação do sistema', 'Modo noturno', 'Temas']));
    const tabs = screen.getByRole('navigation', { name: 'Abas abertas' });
    await user.click(within(tabs).getByRole('link', { name: 'Modo noturno' }));
    await user.click(screen.getByRole('button', { name: 'Fechar a aba Modo noturno' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/config/system'));
    expect(tabTitles()).toEqual(['Situação do sistema', 'Temas']);
  });

  it('closing the current tab acts on the address, even before the bar has drawn its screen', async () => {
    const user = userEvent.setup();
    stubFetch(api);
    renderApp('/config/theme', adminUser);
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    await user.click(within(menu).getByRole('link', { name: /Situação do sistema/ }));
    await screen.findByRole('heading', { name: 'Situação do sistema' });
    await waitFor(() => expect(tabTitles()).toEqual(['Situação do sistema', 'Temas']));
    // A navigation renders in a transition: until the new screen has rendered, the address has
    // moved and the bar still holds the previous location. That state, held: the address moves to
    // Temas, the rendered screen does not.
    act(() => {
      window.history.pushState(null, '', '/config/theme');
    });
    // Closing Temas closes the screen the address is on: it goes to the previous tab.
    await user.click(screen.getByRole('button', { name: 'Fechar a aba Temas' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/system'));
    expect(tabTitles()).toEqual(['Situação do sistema']);
  });

  it('signs out from the user menu back to the sign-in screen', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(api, (call) =>
      call.path === '/api/account/logout' ? { status: 204 } : undefined,
    );
    renderApp('/config/theme', ordinaryUser);
    await user.click(await screen.findByRole('button', { name: /Menu do usuário Carla Dias/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Entrar no Talkbase' })).toBeDefined();
    expect(calls.some((c) => c.path === '/api/account/logout')).toBe(true);
    expect(window.localStorage.getItem('talkbase.token')).toBeNull();
    expect(window.localStorage.getItem('talkbase.tabs')).toBeNull();
  });

  it('shows the offline banner and then the back-online banner for 5 seconds', async () => {
    stubFetch(api);
    renderApp('/', ordinaryUser);
    await screen.findByRole('navigation', { name: 'Menu principal' });
    vi.useFakeTimers();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(
      screen.getByText('Ops! Parece que você não tem uma conexão com a internet ativa no momento...'),
    ).toBeDefined();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Que legal, sua conexão está ativa novamente!')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Que legal, sua conexão está ativa novamente!')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Que legal, sua conexão está ativa novamente!')).toBeNull();
  });
});
