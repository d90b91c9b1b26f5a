import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { fillJsdomGaps } from './jsdom-gaps.ts';
import { ScheduleEditor } from './ScheduleEditor.tsx';

fillJsdomGaps();

const attribute = contextAttribute({ identifier: 'agenda', name: 'Frequência', componentId: 18 });
const WARNING =
  'Atenção! Em caso dos mês não possuir um dia que foi selecionado esse agendamento não será disparado.';

describe('schedule editor', { timeout: 20_000 }, () => {
  it('regenerates the cron string on every weekday, hour and minute change, clamping hour and minute', async () => {
    const user = userEvent.setup();
    const view = renderEditor(ScheduleEditor, { attribute });
    await user.click(screen.getByRole('checkbox', { name: 'Segunda' }));
    expect(view.changes.at(-1)).toBe('0 0 0 ? * 2 *');
    await user.click(screen.getByRole('checkbox', { name: 'Sexta' }));
    expect(view.changes.at(-1)).toBe('0 0 0 ? * 2,6 *');
    await user.click(screen.getByRole('checkbox', { name: 'Domingo' }));
    expect(view.changes.at(-1)).toBe('0 0 0 ? * 1,2,6 *');

    const hour = screen.getByRole('textbox', { name: 'Hora' });
    await user.clear(hour);
    await user.type(hour, '8');
    expect(view.changes.at(-1)).toBe('0 0 8 ? * 1,2,6 *');
    const minute = screen.getByRole('textbox', { name: 'Minuto' });
    await user.clear(minute);
    await user.type(minute, '30');
    expect(view.changes.at(-1)).toBe('0 30 8 ? * 1,2,6 *');

    await user.clear(hour);
    await user.type(hour, '30');
    expect(view.changes.at(-1)).toBe('0 30 23 ? * 1,2,6 *');
    expect((hour as HTMLInputElement).value).toBe('23');
    await user.clear(minute);
    await user.type(minute, '75');
    expect(view.changes.at(-1)).toBe('0 59 23 ? * 1,2,6 *');
    expect((minute as HTMLInputElement).value).toBe('59');
    expect(view.inputError()).toBeUndefined();
  });

  it('asks for a weekday when none is left', async () => {
    const user = userEvent.setup();
    const view = renderEditor(ScheduleEditor, { attribute, value: '0 30 8 ? * 2 *' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Segunda' }).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Segunda' }));
    expect(screen.getByText('Selecione no mínimo um dia da semana')).toBeDefined();
    expect(view.inputError()).toBe('Selecione no mínimo um dia da semana');
    expect(view.changes.at(-1)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Quarta' }));
    expect(view.inputError()).toBeUndefined();
    expect(view.changes.at(-1)).toBe('0 30 8 ? * 4 *');
  });

  it('switches to monthly days, asks for one and warns about days 29 to 31', async () => {
    const user = userEvent.setup();
    const view = renderEditor(ScheduleEditor, { attribute, value: '0 30 8 ? * 2 *' });
    await user.click(screen.getByRole('radio', { name: 'Mensal' }));
    expect(screen.getByText('Selecione no mínimo um dia do mês')).toBeDefined();
    expect(view.inputError()).toBe('Selecione no mínimo um dia do mês');
    const days = screen.getByRole('group', { name: 'Dias do mês' });
    await user.click(within(days).getByRole('checkbox', { name: '15' }));
    expect(view.changes.at(-1)).toBe('0 30 8 15 * ? *');
    expect(screen.queryByText(WARNING)).toBeNull();
    await user.click(within(days).getByRole('checkbox', { name: '31' }));
    expect(view.changes.at(-1)).toBe('0 30 8 15,31 * ? *');
    expect(screen.getByText(WARNING)).toBeDefined();
    await user.click(screen.getByRole('radio', { name: 'Semanal' }));
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(view.changes.at(-1)).toBe('0 30 8 ? * 2 *');
  });

  it('builds intervals, with the unit singular for 1 and the number at least 1', async () => {
    const user = userEvent.setup();
    const view = renderEditor(ScheduleEditor, { attribute, value: '0 30 8 ? * 2 *' });
    await user.click(screen.getByRole('radio', { name: 'Intervalo de tempo' }));
    expect(view.changes.at(-1)).toBe('0 0 0/1 ? * 2 *');
    const unit = screen.getByRole('combobox', { name: 'Unidade do intervalo' });
    expect((unit as HTMLInputElement).value).toBe('Hora');
    const every = screen.getByRole('textbox', { name: 'A cada' });
    await user.clear(every);
    await user.type(every, '3');
    expect(view.changes.at(-1)).toBe('0 0 0/3 ? * 2 *');
    expect((unit as HTMLInputElement).value).toBe('Horas');
    await user.click(unit);
    await user.click(await screen.findByRole('option', { name: 'Minutos' }));
    expect(view.changes.at(-1)).toBe('0 0/3 * ? * 2 *');
    await user.clear(every);
    await user.type(every, '0');
    expect(view.changes.at(-1)).toBe('0 0/1 * ? * 2 *');
    await user.tab();
    expect((every as HTMLInputElement).value).toBe('1');
    expect((unit as HTMLInputElement).value).toBe('Minuto');
    await user.click(screen.getByRole('radio', { name: 'Horário especifico' }));
    expect(view.changes.at(-1)).toBe('0 30 8 ? * 2 *');
  });
});
