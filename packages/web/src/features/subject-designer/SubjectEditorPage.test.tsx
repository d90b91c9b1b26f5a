import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const cliente = {
  subjectId: 2,
  subjectIdentifier: 'cliente',
  subjectName: 'Cliente',
  icon: null,
  isBuiltIn: false,
  subjectAttributes: [],
};

describe('subject editor', { timeout: 30_000 }, () => {
  it('checks the identifier, keeps attributes in the draft and creates the subject in one call', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call: StubbedCall) => {
      if (call.method === 'GET' && call.path === '/api/subject')
        return { status: 200, body: { itens: [cliente], totalResults: 1, currentPage: 1 } };
      if (call.method === 'POST' && call.path === '/api/subject')
        return {
          status: 201,
          body: { ...cliente, subjectId: 9, subjectIdentifier: 'maquina', subjectName: 'Máquina' },
        };
      return undefined;
    });
    renderApp('/config/subjects/new', adminUser);
    await screen.findByRole('heading', { name: 'Novo assunto' }, { timeout: 10_000 });
    const identifier = screen.getByRole('textbox', { name: /^Identificador/ });
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Máquina');
    expect(identifier).toHaveProperty('value', 'maquina');
    await user.clear(identifier);
    await user.type(identifier, '9x');
    await user.click(screen.getByRole('button', { name: 'Criar assunto' }));
    await screen.findByText('Use letras minúsculas, números e _, começando por uma letra.');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/subject')).toBe(false);
    await user.clear(identifier);
    await user.type(identifier, 'maquina');

    await user.click(screen.getByRole('button', { name: 'Adicionar atributo' }));
    const modal = await screen.findByRole('dialog', { name: 'Novo atributo' });
    await user.type(within(modal).getByRole('textbox', { name: /^Nome/ }), 'Número de série');
    expect(within(modal).getByRole('textbox', { name: /^Identificador/ })).toHaveProperty(
      'value',
      'numero_de_serie',
    );
    await user.click(within(modal).getByRole('checkbox', { name: 'Obrigatório' }));
    await user.click(within(modal).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo atributo' })).toBeNull());
    // The preview shows the field with its real editor.
    const preview = screen.getByRole('region', { name: 'Pré-visualização do formulário' });
    expect(within(preview).getByRole('textbox', { name: /Número de série/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Criar assunto' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/subject')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/subject')?.body).toMatchObject({
      identifier: 'maquina',
      name: 'Máquina',
      attributes: [
        { identifier: 'numero_de_serie', name: 'Número de série', componentId: 1, isRequired: true },
      ],
    });
  });

  it('asks before leaving a draft', async () => {
    const user = userEvent.setup();
    stubFetch((call: StubbedCall) => {
      if (call.method === 'GET' && call.path === '/api/subject')
        return { status: 200, body: { itens: [cliente], totalResults: 1, currentPage: 1 } };
      return undefined;
    });
    renderApp('/config/subjects/new', adminUser);
    await screen.findByRole('heading', { name: 'Novo assunto' }, { timeout: 10_000 });
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Rascunho');
    await user.click(screen.getByRole('link', { name: 'Voltar para a lista' }));
    const ask = await screen.findByRole('dialog', { name: 'Alterações não salvas' });
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.getByRole('heading', { name: 'Novo assunto' })).toBeTruthy();
  });

  it('says when the subject does not exist', async () => {
    stubFetch(() => undefined);
    renderApp('/config/subjects/nada', adminUser);
    await screen.findByText('Assunto não encontrado.');
  });
});
