import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { SwitchEditor } from './SwitchEditor.tsx';
import { YesNoEditor } from './YesNoEditor.tsx';

describe('yes/no/empty editor (10)', () => {
  it('offers Sim, Não and an empty choice, emitting true, false and null', async () => {
    const user = userEvent.setup();
    const view = renderEditor(YesNoEditor, {
      attribute: contextAttribute({ name: 'Ativo', componentId: 10 }),
    });
    const group = screen.getByRole('radiogroup', { name: 'Ativo' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await user.click(screen.getByRole('radio', { name: 'Vazio' }));
    expect(view.changes).toEqual([true, false, null]);
  });

  it('hides the empty choice when required', () => {
    renderEditor(YesNoEditor, {
      attribute: contextAttribute({ name: 'Ativo', componentId: 10, isRequired: true }),
    });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'true',
      'false',
    ]);
    expect(screen.queryByRole('radio', { name: 'Vazio' })).toBeNull();
  });

  it('shows the stored value, and read-only does not change it', async () => {
    const user = userEvent.setup();
    const view = renderEditor(YesNoEditor, {
      attribute: contextAttribute({ name: 'Ativo', componentId: 10 }),
      value: false,
      readOnly: true,
    });
    expect(screen.getByRole('radio', { name: 'Não' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    expect(view.changes).toEqual([]);
  });

  it("shows the screen's error", () => {
    renderEditor(YesNoEditor, {
      attribute: contextAttribute({ name: 'Ativo', componentId: 10 }),
      error: 'O campo Ativo é obrigatório',
    });
    const group = screen.getByRole('radiogroup', { name: 'Ativo' });
    const described = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('O campo Ativo é obrigatório');
  });
});

describe('switch editor (27)', () => {
  it('turns on to true and off to false', async () => {
    const user = userEvent.setup();
    const view = renderEditor(SwitchEditor, {
      attribute: contextAttribute({ name: 'Notificar', componentId: 27 }),
    });
    const toggle = screen.getByRole('switch', { name: 'Notificar' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    await user.click(toggle);
    expect(view.changes).toEqual([true, false]);
  });

  it('read-only does not toggle', async () => {
    const user = userEvent.setup();
    const view = renderEditor(SwitchEditor, {
      attribute: contextAttribute({ name: 'Notificar', componentId: 27 }),
      value: true,
      readOnly: true,
    });
    const toggle = screen.getByRole('switch', { name: 'Notificar' });
    await user.click(toggle);
    expect(view.changes).toEqual([]);
    expect(toggle).toHaveProperty('checked', true);
  });
});
