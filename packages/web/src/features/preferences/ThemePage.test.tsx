import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountPreferences } from '@talkbase/domain/contracts/preferences';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { getPreferences, resetPreferencesCache } from './preferences-store.ts';
import { ThemePage } from './ThemePage.tsx';

function serve(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer())),
  );
}
const preferences = (over: Partial<AccountPreferences> = {}): AccountPreferences => ({
  theme: '#1976d2',
  darkMode: false,
  fontSize: 0,
  saved: true,
  customerColors: [{ name: '#8e24aa', hex: '#8e24aa' }],
  ...over,
});

beforeEach(() => {
  window.localStorage.clear();
  resetPreferencesCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('themes screen (001 §2.14)', () => {
  it("offers the product's, the customer's and the first 51 Material colours; a click picks the theme", async () => {
    serve(() => new Response(JSON.stringify(preferences()), { status: 200 }));
    const user = userEvent.setup();
    render(
      <TestProviders>
        <ThemePage />
      </TestProviders>,
    );
    const product = screen.getByRole('group', { name: 'Cores do produto' });
    const material = screen.getByRole('group', { name: 'Cores padrão' });
    expect(within(product).getAllByRole('button')).toHaveLength(4);
    expect(within(material).getAllByRole('button')).toHaveLength(51);
    const customer = await screen.findByRole('group', { name: 'Cores do cliente' });
    const purple = within(customer).getByRole('button', { name: 'Cor #8e24aa' });
    expect(purple.getAttribute('aria-pressed')).toBe('false');

    await user.click(purple);
    expect(getPreferences().themeColor).toBe('#8e24aa');
    expect(purple.getAttribute('aria-pressed')).toBe('true');
    await user.click(within(material).getByRole('button', { name: 'Cor Laranja escuro 700' }));
    expect(getPreferences().themeColor).toBe('#e64a19');
    expect(within(customer).getByRole('button', { name: 'Cor #8e24aa' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('says so when the customer has no colours, and when they could not be loaded', async () => {
    serve(() => new Response(JSON.stringify(preferences({ customerColors: [] })), { status: 200 }));
    const { unmount } = render(
      <TestProviders>
        <ThemePage />
      </TestProviders>,
    );
    expect(
      await screen.findByText('Ainda não há cores do cliente: elas vêm das cores dos perfis de acesso.'),
    ).toBeTruthy();
    unmount();
    serve(() => new Response(JSON.stringify({ errors: [{ message: 'falha' }] }), { status: 500 }));
    render(
      <TestProviders>
        <ThemePage />
      </TestProviders>,
    );
    expect(
      await screen.findByText('Não foi possível carregar as cores do cliente.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
