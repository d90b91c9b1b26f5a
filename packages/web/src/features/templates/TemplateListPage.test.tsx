import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const summary = (templateId: number, templateName: string, accountId: number, accountName: string) => ({
  templateId,
  templateName,
  templateType: 2,
  templateTypeName: 'UserByWebInterface',
  scenarioId: 1,
  subjectId: 3,
  subjectIdentifier: 'chamado',
  subjectName: 'Chamado',
  accountId,
  accountName,
  parentTemplateId: 1,
});
const people = {
  itens: [
    { accountId: 7, accountType: 1, displayName: 'Carla' },
    { accountId: 8, accountType: 2, displayName: 'Integração ERP' },
  ],
  totalResults: 2,
  currentPage: 1,
};

describe('user templates list', { timeout: 30_000 }, () => {
  it("filters by a person ('Filtro por usuário', people only), clears it, and removes after confirmation", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', '/api/account', 200, people),
      (call) => {
        if (call.method === 'DELETE' && call.path === '/api/template')
          return { status: 200, body: { deleted: [5] } };
        return undefined;
      },
      (call) => {
        if (call.method !== 'GET' || call.path !== '/api/template') return undefined;
        return {
          status: 200,
          body: { itens: [summary(5, 'Meus chamados', 7, 'Carla')], totalResults: 1, currentPage: 1 },
        };
      },
    );
    renderApp('/config/templates/users', adminUser);
    await screen.findByRole('heading', { name: 'Templates de Usuários' });
    await screen.findByRole('link', { name: 'Meus chamados' });

    await user.click(screen.getByRole('combobox', { name: 'Filtro por usuário' }));
    expect(screen.queryByRole('option', { name: 'Integração ERP' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Carla' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Filtro por usuário' }).value).toBe(
        'Carla',
      ),
    );
    expect(screen.getByRole('button', { name: 'Limpar filtro' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Limpar filtro' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Filtro por usuário' }).value).toBe(''),
    );

    await user.click(screen.getByRole('button', { name: 'Remover Meus chamados' }));
    expect(await screen.findByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Template removido com sucesso!')).toBeTruthy();
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.body).toEqual({ templateIds: [5] });
  });

  it("shows the spec's page-load message when the list cannot be loaded", async () => {
    stubFetch(
      on('GET', '/api/account', 200, people),
      on('GET', '/api/template', 500, { errors: [{ message: 'x' }] }),
    );
    renderApp('/config/templates/custom', adminUser);
    expect(
      await screen.findByText(
        'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
