import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contextAttribute, contextResponse, TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { ContextPage } from './ContextPage.tsx';

const NOT_FOUND = 'Registro não encontrado ou sem permissão de acesso.';
const context = contextResponse([contextAttribute({ identifier: 'titulo', name: 'Título' })]);

function renderAt(path: string, history: string[] = []) {
  stubFetch(
    on('GET', '/api/certificate/status', 200, { valid: false, requireDigitalSignature: [] }),
    (call) =>
      call.method === 'GET' && call.path.startsWith('/api/context/web/')
        ? { status: 200, body: context }
        : undefined,
    // The server answers a record the account may not read as one that does not exist.
    on('GET', '/api/talk/pedido/42', 404, { errors: [{ message: NOT_FOUND }] }),
    on('GET', '/api/talk/pedido/42/timeline', 404, { errors: [{ message: NOT_FOUND }] }),
  );
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[...history, path]}>
        <Routes>
          <Route path="/context/:scenario/:subject/*" element={<ContextPage />} />
          <Route path="/inicio" element={<p>tela anterior</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('a record the account may not read (issue 39 item 7)', () => {
  for (const scenario of ['talk', 'form', 'timeline', 'attachments']) {
    it(`shows only the no-access state in its ${scenario} view`, async () => {
      renderAt(`/context/${scenario}/pedido/42`);
      const state = await screen.findByRole('alert');
      expect(state.textContent).toContain(NOT_FOUND);
      expect(screen.getByRole('button', { name: 'Voltar' })).toBeTruthy();
      // Nothing of the record: no conversation, composer, views, tags, files or actions.
      expect(screen.queryByText('Conversa')).toBeNull();
      expect(screen.queryByRole('button', { name: /Enviar/ })).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('radiogroup')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Voltar à lista' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.getAllByRole('button')).toHaveLength(1);
    });
  }

  it('goes back where the user came from', async () => {
    const user = userEvent.setup();
    renderAt('/context/talk/pedido/42', ['/inicio']);
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.getByText('tela anterior')).toBeTruthy());
  });
});
