import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chamadoRoutes } from '../../test/chamado-fixture.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';
import { sameValue } from './same-value.ts';

const server = () =>
  stubFetch(...chamadoRoutes(), (call) => {
    if (call.path === '/api/account/refresh')
      return { status: 200, body: { authorized: true, token: 'renewed' } };
    if (call.path === '/api/account/logout') return { status: 204 };
    if (call.path === '/api/tag')
      return { status: 200, body: { itens: [], totalResults: 0, currentPage: 1 } };
    return undefined;
  });

const QUESTION = 'Descartar alterações?';
const sideMenu = () => screen.getByRole('navigation', { name: 'Menu principal' });
const tabsBar = () => screen.getByRole('navigation', { name: 'Abas abertas' });
const tagText = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Texto' });

/** The new-tag editor (a screen wired to the registry), opened after 'Temas' so there are two tabs. */
async function openTagEditor() {
  const app = renderApp('/config/theme', adminUser);
  await screen.findByRole('heading', { name: 'Temas', level: 1 });
  await app.router.navigate('/tags/editor');
  await screen.findByRole('heading', { name: 'Criar nova tag' });
  await screen.findByRole('textbox', { name: 'Texto' });
  return app;
}

/** A cancellable beforeunload, as the browser sends on reload or close: true when it would ask. */
function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes (issue 39 item 5)', { timeout: 30_000 }, () => {
  it('asks before the side menu leaves a changed screen: "Continuar editando" keeps the typed text, "Descartar" leaves', async () => {
    const user = userEvent.setup();
    server();
    const { router } = await openTagEditor();
    await user.type(tagText(), 'Urgente');

    await user.click(within(sideMenu()).getByRole('link', { name: /Temas/ }));
    const ask = await screen.findByRole('dialog', { name: QUESTION });
    expect(within(ask).getByText(/ainda não foram salvas e serão perdidas/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull());
    expect(router.state.location.pathname).toBe('/tags/editor');
    expect(tagText().value).toBe('Urgente');

    await user.click(within(sideMenu()).getByRole('link', { name: /Temas/ }));
    const again = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(again).getByRole('button', { name: 'Descartar' }));
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    expect(router.state.location.pathname).toBe('/config/theme');
    expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull();
  });

  it('leaves a screen without asking when nothing was changed, or a change was undone', async () => {
    const user = userEvent.setup();
    server();
    const { router } = await openTagEditor();
    await user.type(tagText(), 'x');
    await user.clear(tagText());
    await user.click(within(sideMenu()).getByRole('link', { name: /Temas/ }));
    await screen.findByRole('heading', { name: 'Temas', level: 1 });
    expect(router.state.location.pathname).toBe('/config/theme');
    expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull();
  });

  it('asks before closing the tab of a changed screen, and another tab closes without asking', async () => {
    const user = userEvent.setup();
    server();
    const { router } = await openTagEditor();
    await waitFor(() =>
      expect(
        within(tabsBar())
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Editor de tag', 'Temas']),
    );
    await user.type(tagText(), 'Urgente');

    await user.click(screen.getByRole('button', { name: 'Fechar a aba Editor de tag' }));
    const ask = await screen.findByRole('dialog', { name: QUESTION });
    expect(within(ask).getByText(/“Editor de tag”/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull());
    expect(within(tabsBar()).getByRole('link', { name: 'Editor de tag' })).toBeTruthy();
    expect(tagText().value).toBe('Urgente');

    // Another tab's screen is not open: nothing of it is lost.
    await user.click(screen.getByRole('button', { name: 'Fechar a aba Temas' }));
    await waitFor(() => expect(within(tabsBar()).queryByRole('link', { name: 'Temas' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fechar a aba Editor de tag' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: QUESTION })).getByRole('button', {
        name: 'Descartar',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Abas abertas' })).toBeNull();
  });

  it('asks before signing out of a changed screen', async () => {
    const user = userEvent.setup();
    const calls = server();
    await openTagEditor();
    await user.type(tagText(), 'Urgente');
    await user.click(screen.getByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    const ask = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    expect(calls.some((c) => c.path === '/api/account/logout')).toBe(false);
    expect(tagText().value).toBe('Urgente');
  });

  it("arms the browser's beforeunload question only while something is unsaved", async () => {
    const user = userEvent.setup();
    server();
    const added = vi.spyOn(window, 'addEventListener');
    await openTagEditor();
    const armings = () => added.mock.calls.filter(([type]) => type === 'beforeunload').length;
    expect(armings()).toBe(0);
    expect(browserWouldAsk()).toBe(false);

    await user.type(tagText(), 'U');
    await waitFor(() => expect(browserWouldAsk()).toBe(true));
    expect(armings()).toBe(1);
    await user.type(tagText(), 'rgente');
    expect(armings()).toBe(1);

    await user.clear(tagText());
    await waitFor(() => expect(browserWouldAsk()).toBe(false));
  });
});

describe('sameValue', () => {
  it('compares drafts by value, with empty values alike', () => {
    expect(sameValue({ a: [1, { b: 'x' }], c: null }, { c: '', a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(
      sameValue(
        new Map([[1, 'a']]),
        new Map([
          [1, 'a'],
          [2, null],
        ]),
      ),
    ).toBe(true);
    expect(sameValue(new Map([[1, 'a']]), new Map([[1, 'b']]))).toBe(false);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
    expect(sameValue(new File(['x'], 'a.txt'), new File(['x'], 'a.txt'))).toBe(false);
  });
});
