import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { DateEditor } from './DateEditor.tsx';
import { pickerLimits } from './date-picker-limits.ts';

/** 15/07/2026 09:00 in São Paulo. */
const NOW = new Date('2026-07-15T12:00:00Z');

async function typeDate(componentId: number, componentConfigs: Record<string, unknown>, typed: string) {
  const user = userEvent.setup();
  const attribute = contextAttribute({ name: 'Entrega', componentId, componentConfigs });
  const view = renderEditor(DateEditor, { attribute });
  await user.type(screen.getByLabelText('Entrega'), typed);
  const emitted = view.changes.at(-1);
  view.unmount();
  return { attribute, emitted };
}

describe('date editor (32)', () => {
  it("masks dd/MM/yyyy and emits 'YYYY-MM-DD'", async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 32 }),
    });
    const input = screen.getByLabelText('Entrega');
    await user.type(input, '25122026');
    expect(input).toHaveProperty('value', '25/12/2026');
    expect(view.changes).toEqual(['2026-12-25']);
  });

  it('shows a stored date and reports a day that does not exist', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 32 }),
      value: '2026-03-01',
    });
    const input = screen.getByLabelText('Entrega');
    expect(input).toHaveProperty('value', '01/03/2026');
    await user.clear(input);
    await user.type(input, '31022026');
    expect(view.inputError()).toBe('A data informada em Entrega é inválida');
    expect(screen.getByText('A data informada em Entrega é inválida')).toBeTruthy();
    expect(view.changes).toEqual([null]);
  });

  it('the calendar (weeks from Sunday) leaves out weekends, holidays and specific dates', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({
        name: 'Entrega',
        componentId: 32,
        componentConfigs: { weekends: true, nationalHolidays: true, specificDates: '10/12/2026' },
      }),
      value: '2026-12-01',
    });
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    const calendar = screen.getByRole('dialog');
    const day = (label: string) => within(calendar).getByRole('button', { name: label });
    expect(within(calendar).getAllByRole('columnheader')[0]?.textContent).toMatch(/^do/i);
    expect(day('05/12/2026')).toHaveProperty('disabled', true); // Saturday
    expect(day('25/12/2026')).toHaveProperty('disabled', true); // Christmas
    expect(day('10/12/2026')).toHaveProperty('disabled', true); // specific date
    expect(day('02/12/2026')).toHaveProperty('disabled', false);
    await user.click(day('02/12/2026'));
    expect(screen.getByLabelText('Entrega')).toHaveProperty('value', '02/12/2026');
    expect(view.changes).toEqual(['2026-12-02']);
  });

  it('the calendar limits follow daysNotGreaterThanToday, daysNotGreaterThan and daysGreaterThan', () => {
    expect(
      pickerLimits({ daysNotGreaterThanToday: true, daysGreaterThan: 30 }, NOW, 'America/Sao_Paulo'),
    ).toMatchObject({
      minDate: '2026-07-15',
      maxDate: '2026-08-14',
    });
    expect(pickerLimits({ daysNotGreaterThan: -7 }, NOW, 'America/Sao_Paulo')).toMatchObject({
      minDate: '2026-07-08',
      maxDate: undefined,
    });
  });

  it('the six date rules of the config give the spec messages for the emitted value', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { daysNotGreaterThanToday: true },
        '14072026',
        'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026',
      ],
      [{ daysGreaterThan: 30 }, '20082026', 'A data/hora digitada não pode ser maior que 14/08/2026'],
      [{ daysNotGreaterThan: -7 }, '01072026', 'A data/hora digitada não pode ser menor que 08/07/2026'],
      [{ nationalHolidays: true }, '07092026', 'A data digitada não pode ser feriado nacional'],
      [{ weekends: true }, '18072026', 'A data digitada não pode ser final de semana'],
      [{ specificDates: ['20/07/2026'] }, '20072026', 'A data digitada não pode ser a especificada'],
    ];
    for (const [configs, typed, expected] of cases) {
      const { attribute, emitted } = await typeDate(32, configs, typed);
      expect(validateValue(attribute, emitted, { now: NOW }).map((e) => e.message)).toEqual([expected]);
    }
  });

  it('shows the rule message the screen passes, and read-only has no calendar', () => {
    renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 32 }),
      value: '2026-07-18',
      error: 'A data digitada não pode ser final de semana',
      readOnly: true,
    });
    expect(screen.getByText('A data digitada não pode ser final de semana')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir calendário' })).toBeNull();
    expect(screen.getByLabelText('Entrega')).toHaveProperty('readOnly', true);
  });
});

describe('date-time editor (11)', () => {
  it('masks dd/MM/yyyy HH:mm and emits the instant read in São Paulo', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 11 }),
    });
    const input = screen.getByLabelText('Entrega');
    await user.type(input, '251220261430');
    expect(input).toHaveProperty('value', '25/12/2026 14:30');
    expect(view.changes).toEqual(['2026-12-25T17:30:00.000Z']);
  });

  it('shows a stored instant in São Paulo time; an incomplete one is reported on leaving', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 11 }),
      value: '2026-07-15T12:00:00.000Z',
    });
    const input = screen.getByLabelText('Entrega');
    expect(input).toHaveProperty('value', '15/07/2026 09:00');
    await user.type(input, '{Backspace}{Backspace}');
    await user.tab();
    expect(view.inputError()).toBe('A data/hora informada em Entrega é inválida');
    expect(screen.getByText('A data/hora informada em Entrega é inválida')).toBeTruthy();
  });

  it('picking a day keeps the typed time', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DateEditor, {
      attribute: contextAttribute({ name: 'Entrega', componentId: 11 }),
      value: '2026-12-01T13:15:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '03/12/2026' }));
    expect(screen.getByLabelText('Entrega')).toHaveProperty('value', '03/12/2026 10:15');
    expect(view.changes).toEqual(['2026-12-03T13:15:00.000Z']);
  });

  it('the date-time rules answer with the time to the minute', async () => {
    const { attribute, emitted } = await typeDate(11, { daysNotGreaterThanToday: true }, '140720260800');
    expect(validateValue(attribute, emitted, { now: NOW }).map((e) => e.message)).toEqual([
      'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026 09:00',
    ]);
  });
});
