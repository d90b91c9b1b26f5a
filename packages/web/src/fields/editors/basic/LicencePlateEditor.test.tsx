import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { LicencePlateEditor } from './LicencePlateEditor.tsx';

const attribute = contextAttribute({ name: 'Placa', componentId: 31 });

describe('licence plate editor (31)', () => {
  it('masks SSS-#X## in upper case (Mercosul and old plates)', async () => {
    const user = userEvent.setup();
    const view = renderEditor(LicencePlateEditor, { attribute });
    const input = screen.getByLabelText('Placa');
    await user.type(input, 'abc1c34');
    expect(input).toHaveProperty('value', 'ABC-1C34');
    expect(view.changes).toEqual(['ABC-1C34']);
    await user.clear(input);
    await user.type(input, 'xyz9876');
    expect(view.changes.at(-1)).toBe('XYZ-9876');
  });

  it('drops what does not fit the mask and reports an incomplete plate on leaving', async () => {
    const user = userEvent.setup();
    const view = renderEditor(LicencePlateEditor, { attribute });
    const input = screen.getByLabelText('Placa');
    await user.type(input, '1ab2c');
    expect(input).toHaveProperty('value', 'ABC');
    await user.tab();
    expect(view.inputError()).toBe('A placa informada em Placa é inválida');
    expect(screen.getByText('A placa informada em Placa é inválida')).toBeTruthy();
  });
});
