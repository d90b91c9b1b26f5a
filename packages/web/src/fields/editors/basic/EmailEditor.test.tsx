import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { EmailEditor } from './EmailEditor.tsx';
import { MultiEmailEditor } from './MultiEmailEditor.tsx';

const now = { now: new Date() };

describe('e-mail editor (13)', () => {
  it('is an e-mail input that emits the address, null when emptied', async () => {
    const user = userEvent.setup();
    const view = renderEditor(EmailEditor, {
      attribute: contextAttribute({ name: 'E-mail', componentId: 13 }),
    });
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('type')).toBe('email');
    await user.type(input, 'ana@x.com');
    expect(view.changes.at(-1)).toBe('ana@x.com');
    await user.clear(input);
    expect(view.changes.at(-1)).toBeNull();
  });
});

describe('multiple e-mails editor (17, 33)', () => {
  const attribute = contextAttribute({ name: 'Contatos', componentId: 17 });

  it("joins the entries with ';' and adds entries", async () => {
    const user = userEvent.setup();
    const view = renderEditor(MultiEmailEditor, { attribute });
    await user.type(screen.getByLabelText('Contatos 1'), 'a@x.com');
    await user.click(screen.getByRole('button', { name: 'Adicionar e-mail' }));
    await user.type(screen.getByLabelText('Contatos 2'), 'b@y.com');
    expect(view.changes.at(-1)).toBe('a@x.com;b@y.com');
    expect(validateValue(attribute, view.changes.at(-1), now)).toEqual([]);
  });

  it('shows a stored value as one entry per address; removal only while more than one', async () => {
    const user = userEvent.setup();
    const view = renderEditor(MultiEmailEditor, { attribute, value: 'a@x.com;b@y.com' });
    expect(screen.getByLabelText('Contatos 1')).toHaveProperty('value', 'a@x.com');
    expect(screen.getByLabelText('Contatos 2')).toHaveProperty('value', 'b@y.com');
    await user.click(screen.getByRole('button', { name: 'Remover o e-mail 1' }));
    expect(view.changes).toEqual(['b@y.com']);
    expect(screen.getByLabelText('Contatos 1')).toHaveProperty('value', 'b@y.com');
    expect(screen.queryByRole('button', { name: /Remover o e-mail/ })).toBeNull();
  });

  it('each entry must be filled and an address (messages of domain checkEmails)', async () => {
    const user = userEvent.setup();
    const view = renderEditor(MultiEmailEditor, { attribute, value: 'a@x.com' });
    await user.click(screen.getByRole('button', { name: 'Adicionar e-mail' }));
    await user.click(screen.getByLabelText('Contatos 2'));
    await user.tab();
    expect(screen.getByText('Preencha todos os e-mails de Contatos')).toBeTruthy();
    await user.type(screen.getByLabelText('Contatos 2'), 'nao-e-email');
    expect(screen.getByText('O e-mail nao-e-email é inválido')).toBeTruthy();
    expect(view.changes.at(-1)).toBe('a@x.com;nao-e-email');
    expect(validateValue(attribute, view.changes.at(-1), now).map((e) => e.message)).toEqual([
      'O e-mail nao-e-email é inválido',
    ]);
  });

  it('read-only shows the addresses without add or remove', () => {
    renderEditor(MultiEmailEditor, {
      attribute: contextAttribute({ name: 'Contatos', componentId: 33 }),
      value: 'a@x.com;b@y.com',
      readOnly: true,
    });
    expect(screen.getByLabelText('Contatos 1')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
