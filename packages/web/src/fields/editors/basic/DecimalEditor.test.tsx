import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { DecimalEditor } from './DecimalEditor.tsx';

describe('money and measurement editor (5, 23, 24, 25)', () => {
  it('fills digits from the right with "." thousands and "," decimals, emitting the number', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DecimalEditor, {
      attribute: contextAttribute({ name: 'Valor', componentId: 5 }),
    });
    const input = screen.getByLabelText('Valor');
    await user.type(input, '123456');
    expect(input).toHaveProperty('value', '1.234,56');
    expect(view.changes.at(-1)).toBe(1234.56);
    await user.type(input, '{Backspace}');
    expect(input).toHaveProperty('value', '123,45');
    expect(view.changes.at(-1)).toBe(123.45);
  });

  it('takes numeric keys only', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DecimalEditor, {
      attribute: contextAttribute({ name: 'Valor', componentId: 5 }),
    });
    const input = screen.getByLabelText('Valor');
    await user.type(input, 'a1b,2x');
    expect(input).toHaveProperty('value', '0,12');
    expect(view.changes.at(-1)).toBe(0.12);
    // Keys that are not numbers are refused before they reach the text.
    expect(fireEvent.keyDown(input, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
  });

  it('reads precision and the thousands separator from the config', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DecimalEditor, {
      attribute: contextAttribute({
        name: 'Peso',
        componentId: 23,
        componentConfigs: { precision: 3, thousandsSeparator: false },
      }),
    });
    const input = screen.getByLabelText('Peso');
    await user.type(input, '1234567');
    expect(input).toHaveProperty('value', '1234,567');
    expect(view.changes.at(-1)).toBe(1234.567);
  });

  it('types a negative amount and empties to null', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DecimalEditor, {
      attribute: contextAttribute({ name: 'Saldo', componentId: 24 }),
    });
    const input = screen.getByLabelText('Saldo');
    await user.type(input, '-150');
    expect(input).toHaveProperty('value', '-1,50');
    expect(view.changes.at(-1)).toBe(-1.5);
    await user.clear(input);
    expect(view.changes.at(-1)).toBeNull();
  });

  it('shows a stored number in pt-BR; read-only does not change', async () => {
    const user = userEvent.setup();
    const view = renderEditor(DecimalEditor, {
      attribute: contextAttribute({ name: 'Valor', componentId: 25 }),
      value: 1234567.8,
      readOnly: true,
    });
    const input = screen.getByLabelText('Valor');
    expect(input).toHaveProperty('value', '1.234.567,80');
    await user.type(input, '9');
    expect(view.changes).toEqual([]);
  });
});
