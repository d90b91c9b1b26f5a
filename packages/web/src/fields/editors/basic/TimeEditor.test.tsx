import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { TimeEditor } from './TimeEditor.tsx';

const attribute = contextAttribute({ name: 'Duração', componentId: 19 });

describe('time editor (19)', () => {
  it('masks HH:MM:SS and emits 500 ms after typing stops', async () => {
    const user = userEvent.setup();
    const view = renderEditor(TimeEditor, { attribute });
    const input = screen.getByLabelText('Duração');
    await user.type(input, '013045');
    expect(input).toHaveProperty('value', '01:30:45');
    expect(view.changes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.changes).toEqual([]);
    await waitFor(() => expect(view.changes).toEqual(['01:30:45']), { timeout: 3000 });
  });

  it('caps the tens of minutes and seconds at 5', async () => {
    const user = userEvent.setup();
    renderEditor(TimeEditor, { attribute });
    const input = screen.getByLabelText('Duração');
    await user.type(input, '0179');
    expect(input).toHaveProperty('value', '01');
    await user.type(input, '5969');
    expect(input).toHaveProperty('value', '01:59');
  });

  it("an incomplete duration is 'Duração inválida' and is not emitted", async () => {
    const user = userEvent.setup();
    const view = renderEditor(TimeEditor, { attribute });
    await user.type(screen.getByLabelText('Duração'), '0130');
    await user.tab();
    expect(view.inputError()).toBe('Duração inválida');
    expect(screen.getByText('Duração inválida')).toBeTruthy();
    expect(view.changes).toEqual([]);
  });

  it('emits at once on leaving the field', async () => {
    const user = userEvent.setup();
    const view = renderEditor(TimeEditor, { attribute, value: '00:10:00' });
    const input = screen.getByLabelText('Duração');
    await user.clear(input);
    await user.type(input, '020000');
    await user.tab();
    expect(view.changes).toEqual(['02:00:00']);
  });
});
