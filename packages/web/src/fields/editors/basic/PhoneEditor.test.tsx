import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { phoneLookupPath, PhoneEditor } from './PhoneEditor.tsx';

const attribute = contextAttribute({ name: 'Telefone', componentId: 6 });
const invalid = 'O número de telefone informado em Telefone é inválido';

describe('phone editor (6)', () => {
  it('masks a landline and a mobile and emits the formatted text', async () => {
    const user = userEvent.setup();
    const view = renderEditor(PhoneEditor, { attribute });
    const input = screen.getByLabelText('Telefone');
    await user.type(input, '1133334444');
    expect(input).toHaveProperty('value', '(11) 3333-4444');
    expect(view.changes.at(-1)).toBe('(11) 3333-4444');
    await user.type(input, '5');
    expect(input).toHaveProperty('value', '(11) 33334-4445');
    expect(view.changes.at(-1)).toBe('(11) 33334-4445');
    expect(input).toHaveProperty('maxLength', 15);
  });

  it('reports an incomplete number once the field is left', async () => {
    const user = userEvent.setup();
    const view = renderEditor(PhoneEditor, { attribute });
    await user.type(screen.getByLabelText('Telefone'), '11333');
    expect(view.inputError()).toBe(invalid);
    expect(view.changes).toEqual([]);
    expect(screen.queryByText(invalid)).toBeNull();
    await user.tab();
    expect(screen.getByText(invalid)).toBeTruthy();
  });

  it('fills the number from the configured lookup path', async () => {
    const calls = stubFetch(on('GET', '/api/account/phone', 200, { phoneNumber: '21988887777' }));
    const user = userEvent.setup();
    const view = renderEditor(PhoneEditor, {
      attribute: contextAttribute({
        name: 'Telefone',
        componentId: 6,
        componentConfigs: { path: 'account/phone' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Buscar telefone' }));
    await waitFor(() => expect(view.changes).toEqual(['(21) 98888-7777']));
    expect(screen.getByLabelText('Telefone')).toHaveProperty('value', '(21) 98888-7777');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/account/phone']);
  });

  it('offers no lookup without a path, nor when read-only', () => {
    renderEditor(PhoneEditor, { attribute, value: '(11) 3333-4444', readOnly: true });
    expect(screen.queryByRole('button', { name: 'Buscar telefone' })).toBeNull();
    expect(screen.getByLabelText('Telefone')).toHaveProperty('value', '(11) 3333-4444');
  });

  it('keeps the lookup under this API', () => {
    expect(phoneLookupPath({ path: '/api/talk/x/{talkId}/phone' }, 'x', 7)).toBe('/api/talk/x/7/phone');
    expect(phoneLookupPath({ lookupPath: 'account/phone' }, 'x', 0)).toBe('/api/account/phone');
    expect(phoneLookupPath({ path: 'https://evil.example/phone' }, 'x', 0)).toBeUndefined();
    expect(phoneLookupPath({ path: '//evil.example/phone' }, 'x', 0)).toBeUndefined();
    expect(phoneLookupPath({}, 'x', 0)).toBeUndefined();
  });
});
