import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { NumberEditor } from './NumberEditor.tsx';

const attribute = contextAttribute({ name: 'Quantidade', componentId: 3 });

describe('number editor (3)', () => {
  it('keeps digits and a leading minus, and emits a number', async () => {
    const user = userEvent.setup();
    const view = renderEditor(NumberEditor, { attribute });
    const input = screen.getByLabelText('Quantidade');
    await user.type(input, '-1a2.3');
    expect(input).toHaveProperty('value', '-123');
    expect(view.changes.at(-1)).toBe(-123);
    expect(view.inputError()).toBeUndefined();
  });

  it('reports a number outside −2147483648…2147483648 and does not emit it', async () => {
    const user = userEvent.setup();
    const view = renderEditor(NumberEditor, { attribute });
    const input = screen.getByLabelText('Quantidade');
    await user.type(input, '2147483648');
    expect(view.changes.at(-1)).toBe(2147483648);
    await user.type(input, '9');
    expect(input).toHaveProperty('value', '2147483648');
    await user.clear(input);
    await user.type(input, '2147483649');
    const outOfRange = 'Quantidade deve estar entre -2147483648 e 2147483648';
    expect(view.inputError()).toBe(outOfRange);
    expect(screen.getByText(outOfRange)).toBeTruthy();
    expect(view.changes).not.toContain(2147483649);
    await user.clear(input);
    expect(view.changes.at(-1)).toBeNull();
    expect(view.inputError()).toBeUndefined();
  });

  it('a lone minus is not a number yet (shown on leaving the field)', async () => {
    const user = userEvent.setup();
    const view = renderEditor(NumberEditor, { attribute });
    await user.type(screen.getByLabelText('Quantidade'), '-');
    expect(view.inputError()).toBe('Quantidade deve conter apenas números');
    expect(screen.queryByText('Quantidade deve conter apenas números')).toBeNull();
    await user.tab();
    expect(screen.getByText('Quantidade deve conter apenas números')).toBeTruthy();
  });

  it('shows a stored number and cannot be edited when read-only', async () => {
    const user = userEvent.setup();
    const view = renderEditor(NumberEditor, { attribute, value: 42, readOnly: true });
    const input = screen.getByLabelText('Quantidade');
    expect(input).toHaveProperty('value', '42');
    await user.type(input, '1');
    expect(view.changes).toEqual([]);
  });
});
