import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { TimeWindowEditor } from './TimeWindowEditor.tsx';

const attribute = (configs: Record<string, unknown> = {}) =>
  contextAttribute({
    name: 'Janela',
    identifier: 'janela',
    componentId: 28,
    componentConfigs: { phone: '(11) 3333-4444', ...configs },
  });

// 2030-01-07 is a Monday; 2030-01-12 a Saturday.
const week = (first = 7) =>
  Array.from({ length: 7 }, (_, i) => {
    const date = `2030-01-${String(first + i).padStart(2, '0')}`;
    return {
      id: date,
      date,
      hours: [
        { horario: '08:00', janelas: i === 0 ? 0 : 2 },
        { horario: '14:00', janelas: 1 },
      ],
    };
  });

const PATH = '/api/availability/entrega/101';

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Escolher janela' }));
  return screen.findByRole('dialog', { name: 'Janela de Disponibilidade' });
}

describe('time window (component 28)', () => {
  it('chooses a slot, clears it by a contingency date and back, and saves', async () => {
    const calls = stubFetch(on('GET', PATH, 200, week()));
    const user = userEvent.setup();
    const view = renderEditor(TimeWindowEditor, { attribute: attribute(), subject: 'entrega', talkId: 9 });
    await open(user);
    expect(screen.getByText('Dúvidas? Entre em contato pelo telefone (11) 3333-4444.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar' });
    expect(save.hasAttribute('disabled')).toBe(true);

    // A full slot cannot be chosen.
    const full = await screen.findByRole('button', { name: 'seg 07/01 às 08:00' });
    expect(full.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'ter 08/01 às 08:00' }));
    expect(screen.getByRole('button', { name: 'ter 08/01 às 08:00' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(save.hasAttribute('disabled')).toBe(false);

    // A contingency date clears the slot.
    await user.click(screen.getByRole('button', { name: 'Modo contingência' }));
    await user.type(screen.getByLabelText('Data e horário de contingência'), '090120301000');
    await user.click(screen.getByRole('button', { name: 'Voltar para as datas disponíveis' }));
    expect(screen.getByRole('button', { name: 'ter 08/01 às 08:00' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(true);

    // And a slot clears the contingency date.
    await user.click(screen.getByRole('button', { name: 'qua 09/01 às 14:00' }));
    await user.click(screen.getByRole('button', { name: 'Modo contingência' }));
    expect(screen.getByLabelText<HTMLInputElement>('Data e horário de contingência').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Voltar para as datas disponíveis' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(view.changes).toEqual([{ date: '2030-01-09', time: '14:00', contingency: false }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Janela de Disponibilidade' })).toBeNull(),
    );
    expect(screen.getByText('09/01/2030 às 14:00')).toBeTruthy();
    expect(screen.queryByText(/setor de cadastro/)).toBeNull();
    expect(calls[0]?.path).toBe(PATH);
  });

  it('warns about the documents for a Saturday slot after 11:00', async () => {
    stubFetch(on('GET', PATH, 200, week()));
    const user = userEvent.setup();
    // Saturdays offered (weekdays 2–7), as the server's answer says.
    const view = renderEditor(TimeWindowEditor, {
      attribute: attribute({ weekdays: [2, 3, 4, 5, 6, 7] }),
      subject: 'entrega',
    });
    await open(user);
    await user.click(await screen.findByRole('button', { name: 'sáb 12/01 às 14:00' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(view.changes).toEqual([{ date: '2030-01-12', time: '14:00', contingency: false }]);
    expect(
      await screen.findByText(/devem ser entregues ao setor de cadastro até as 11h de sábado/),
    ).toBeTruthy();
  });

  it('refuses a slot the attribute does not offer, as the server does', async () => {
    // An answer older than the attribute's settings: Saturdays are no longer offered.
    stubFetch(on('GET', PATH, 200, week()));
    const user = userEvent.setup();
    const view = renderEditor(TimeWindowEditor, { attribute: attribute(), subject: 'entrega' });
    await open(user);
    await user.click(await screen.findByRole('button', { name: 'sáb 12/01 às 14:00' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(view.changes).toEqual([]);
    expect(await screen.findByText('Nenhum horario disponível')).toBeTruthy();
  });

  it('saves a contingency date without the notice', async () => {
    stubFetch(on('GET', PATH, 200, week()));
    const user = userEvent.setup();
    const view = renderEditor(TimeWindowEditor, { attribute: attribute(), subject: 'entrega' });
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Modo contingência' }));
    await user.type(screen.getByLabelText('Data e horário de contingência'), '13012030');
    expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Data e horário de contingência'), '2200');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(view.changes).toEqual([{ date: '2030-01-13', time: '22:00', contingency: true }]);
    expect(screen.queryByText(/setor de cadastro/)).toBeNull();
    expect(screen.getByText('13/01/2030 às 22:00 (contingência)')).toBeTruthy();
  });

  it('pages 7 days at a time', async () => {
    const calls = stubFetch((call) =>
      call.path === PATH ? { status: 200, body: calls.length > 1 ? week(14) : week() } : undefined,
    );
    const user = userEvent.setup();
    renderEditor(TimeWindowEditor, { attribute: attribute(), subject: 'entrega' });
    await open(user);
    await screen.findByRole('button', { name: 'seg 07/01 às 14:00' });
    await user.click(screen.getByRole('button', { name: 'Próxima semana' }));
    expect(await screen.findByRole('button', { name: 'seg 14/01 às 14:00' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('says when there is no slot', async () => {
    stubFetch(
      on(
        'GET',
        PATH,
        200,
        week().map((d) => ({ ...d, hours: [] })),
      ),
    );
    const user = userEvent.setup();
    renderEditor(TimeWindowEditor, { attribute: attribute(), subject: 'entrega' });
    await open(user);
    expect(await screen.findByText('Nenhum horario disponível')).toBeTruthy();
  });

  it('asks for the load first', async () => {
    const calls = stubFetch(on('GET', PATH, 200, week()));
    const user = userEvent.setup();
    renderEditor(TimeWindowEditor, {
      attribute: attribute({ loadAttribute: 'carga' }),
      subject: 'entrega',
      valueOf: () => null,
    });
    await open(user);
    expect(screen.getByText('Selecionie uma carga antes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
