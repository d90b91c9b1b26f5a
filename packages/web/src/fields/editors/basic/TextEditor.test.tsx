import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { contextAttribute, renderEditor, TestProviders } from '../../test-utils.tsx';
import { TextEditor } from './TextEditor.tsx';

describe('text editor (1, 26, 30)', () => {
  it('emits once typing pauses for 300 ms, not per keystroke', async () => {
    const user = userEvent.setup();
    const view = renderEditor(TextEditor, { attribute: contextAttribute({ name: 'Assunto' }) });
    await user.type(screen.getByLabelText('Assunto'), 'abc');
    expect(view.changes).toEqual([]);
    await waitFor(() => expect(view.changes).toEqual(['abc']), { timeout: 3000 });
  });

  it('emits at once on leaving the field, and an emptied field is null', async () => {
    const user = userEvent.setup();
    const view = renderEditor(TextEditor, {
      attribute: contextAttribute({ name: 'Assunto', componentId: 30 }),
      value: 'antes',
    });
    const input = screen.getByLabelText('Assunto');
    expect(input).toHaveProperty('value', 'antes');
    await user.clear(input);
    await user.tab();
    expect(view.changes).toEqual([null]);
  });

  it('takes at most attribute.length characters, 800 when unset', async () => {
    const user = userEvent.setup();
    renderEditor(TextEditor, {
      attribute: contextAttribute({ identifier: 'sigla', name: 'Sigla', length: 3 }),
    });
    await user.type(screen.getByLabelText('Sigla'), 'abcdef');
    expect(screen.getByLabelText('Sigla')).toHaveProperty('value', 'abc');
    renderEditor(TextEditor, { attribute: contextAttribute({ identifier: 'longo', name: 'Longo' }) });
    expect(screen.getByLabelText('Longo')).toHaveProperty('maxLength', 800);
  });

  it('multiline text (26) is a text area', () => {
    renderEditor(TextEditor, {
      attribute: contextAttribute({ name: 'Obs', componentId: 26 }),
      value: 'a\nb',
    });
    const box = screen.getByLabelText('Obs');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveProperty('value', 'a\nb');
  });

  it("shows the screen's rule message (minChars from validateValue)", () => {
    const attribute = contextAttribute({ name: 'Resumo', componentConfigs: { minChars: 5 } });
    const [problem] = validateValue(attribute, 'abc', { now: new Date() });
    expect(problem?.message).toBe('Resumo deve conter pelo menos 5 caracteres');
    renderEditor(TextEditor, { attribute, value: 'abc', error: problem?.message });
    expect(screen.getByText('Resumo deve conter pelo menos 5 caracteres')).toBeTruthy();
    expect(screen.getByLabelText('Resumo').getAttribute('aria-invalid')).toBe('true');
  });

  it('read-only cannot be edited', async () => {
    const user = userEvent.setup();
    const view = renderEditor(TextEditor, {
      attribute: contextAttribute({ name: 'Assunto' }),
      value: 'fixo',
      readOnly: true,
    });
    await user.type(screen.getByLabelText('Assunto'), 'x');
    await user.tab();
    expect(screen.getByLabelText('Assunto')).toHaveProperty('value', 'fixo');
    expect(view.changes).toEqual([]);
  });

  it('shows description, tooltip and the required marker; a cell has only an aria-label', () => {
    renderEditor(TextEditor, {
      attribute: contextAttribute({
        name: 'Assunto',
        description: 'Resumo do chamado',
        tooltip: 'Use poucas palavras',
        isRequired: true,
      }),
    });
    const input = screen.getByRole('textbox', { name: /Assunto/ });
    expect(input).toHaveProperty('required', true);
    expect(screen.getByText('Resumo do chamado')).toBeTruthy();
    expect(input.getAttribute('aria-description')).toBe('Use poucas palavras');

    renderEditor(TextEditor, {
      attribute: contextAttribute({ identifier: 'celula', name: 'Celula', description: 'não aparece' }),
      variant: 'cell',
    });
    expect(screen.getByLabelText('Celula')).toBeTruthy();
    expect(screen.queryByText('não aparece')).toBeNull();
    expect(screen.queryByText('Celula')).toBeNull();
  });

  it('follows a value changed by the screen, and keeps what the user typed otherwise', async () => {
    const user = userEvent.setup();
    function Screen() {
      const [value, setValue] = useState<unknown>('um');
      return (
        <>
          <TextEditor
            attribute={contextAttribute({ name: 'Assunto' })}
            label="Assunto"
            id="assunto"
            value={value}
            onChange={setValue}
            readOnly={false}
            required={false}
            subject="campos"
            talkId={1}
          />
          <button type="button" onClick={() => setValue('recarregado')}>
            recarregar
          </button>
        </>
      );
    }
    render(
      <TestProviders>
        <Screen />
      </TestProviders>,
    );
    const input = screen.getByLabelText('Assunto');
    await user.type(input, ' dois');
    await user.tab();
    expect(input).toHaveProperty('value', 'um dois');
    await user.click(screen.getByRole('button', { name: 'recarregar' }));
    expect(input).toHaveProperty('value', 'recarregado');
  });
});
