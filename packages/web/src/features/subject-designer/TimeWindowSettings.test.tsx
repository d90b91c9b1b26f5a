import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { emptyAttribute, toInput, type DraftAttribute } from './attribute-draft.ts';
import { AttributeModal } from './AttributeModal.tsx';

// Issue 35 item 2: the settings of a time window the server reads, set in the designer.

const janela: DraftAttribute = {
  ...emptyAttribute(),
  subjectAttributeId: 9,
  identifier: 'janela',
  name: 'Janela',
  componentId: 28,
};

function renderModal(initial: DraftAttribute) {
  const onSubmit = vi.fn<(a: DraftAttribute) => Promise<void>>(() => Promise.resolve());
  render(
    <TestProviders>
      <AttributeModal
        opened
        initial={initial}
        isNew={false}
        subject="agendamento"
        subjects={[]}
        takenIdentifiers={[]}
        submitLabel="Aplicar"
        onSubmit={onSubmit}
        onClose={() => undefined}
      />
    </TestProviders>,
  );
  return onSubmit;
}

describe('time window settings in the attribute form', { timeout: 30_000 }, () => {
  it('shows the defaults the server applies and the slots they give', async () => {
    renderModal(janela);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Abertura').value).toBe('07:00');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Fechamento/).value).toBe('17:00');
    const days = within(dialog).getByRole('group', { name: 'Dias com janelas' });
    const checked = within(days)
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((c) => c.checked)
      .map((c) => c.value);
    expect(checked).toEqual(['2', '3', '4', '5', '6']);
    expect(within(dialog).getByRole('switch', { name: 'Sem janelas nos feriados nacionais' })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      within(dialog).getByText(/^Horários oferecidos: 07:00, 08:00, .*16:00 \(1 vaga cada\)\.$/),
    ).toBeTruthy();
  });

  it('saves opening and closing time, slot length, capacity, weekdays and holidays', async () => {
    const user = userEvent.setup();
    const onSubmit = renderModal(janela);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Abertura'), { target: { value: '08:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Fechamento/), { target: { value: '11:00' } });
    const minutes = within(dialog).getByLabelText('Minutos por janela');
    await user.clear(minutes);
    await user.type(minutes, '90');
    const capacity = within(dialog).getByLabelText(/^Capacidade por janela/);
    await user.clear(capacity);
    await user.type(capacity, '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Segunda' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sábado' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Sem janelas nos feriados nacionais' }));
    expect(within(dialog).getByText('Horários oferecidos: 08:00, 09:30 (3 vagas cada).')).toBeTruthy();

    // Closing before a slot fits: said at once.
    fireEvent.change(within(dialog).getByLabelText(/^Fechamento/), { target: { value: '09:00' } });
    expect(within(dialog).getByText(/Nenhuma janela cabe entre a abertura e o fechamento/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Fechamento/), { target: { value: '11:00' } });

    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    const saved = onSubmit.mock.calls[0]?.[0];
    expect(saved && toInput(saved).componentConfigs).toEqual({
      openingTime: '08:00',
      closingTime: '11:00',
      slotMinutes: 90,
      capacity: 3,
      weekdays: [3, 4, 5, 6, 7],
      holidays: false,
    });
  });
});
