import { describe, expect, it } from 'vitest';
import { eraseVariables, insertVariable, opensPicker, typePair, variablesIn } from './template-editing.ts';

describe('typing a notification template', () => {
  it('closes quotes, braces and brackets, wraps a selection and steps over an inserted closer', () => {
    expect(typePair('Olá ', 4, 4, '"')).toEqual({ value: 'Olá ""', caret: 5 });
    expect(typePair('a', 1, 1, '[')).toEqual({ value: 'a[]', caret: 2 });
    expect(typePair('nome', 0, 4, '{')).toEqual({ value: '{nome}', caret: 5 });
    expect(typePair('a""', 2, 2, '"')).toEqual({ value: 'a""', caret: 3 });
    expect(typePair('${x}', 3, 3, '}')).toEqual({ value: '${x}', caret: 4 });
    expect(typePair('abc', 3, 3, '}')).toBeNull();
    expect(typePair('abc', 3, 3, 'd')).toBeNull();
  });

  it("opens the picker after '${' and puts the chosen variable inside the braces", () => {
    const typed = typePair('Olá $', 5, 5, '{') ?? { value: '', caret: 0 };
    expect(typed).toEqual({ value: 'Olá ${}', caret: 6 });
    expect(opensPicker(typed.value, typed.caret)).toBe(true);
    expect(insertVariable(typed.value, typed.caret, 'User.Name')).toEqual({
      value: 'Olá ${User.Name}',
      caret: 16,
    });
    expect(insertVariable('Olá ${ e tchau', 6, 'User.Email')).toEqual({
      value: 'Olá ${User.Email} e tchau',
      caret: 17,
    });
    expect(insertVariable('Olá ', 4, 'IdentificadorConversa').value).toBe('Olá ${IdentificadorConversa}');
    expect(opensPicker('Olá {', 5)).toBe(false);
  });

  it('lists and erases the variables of a text', () => {
    const text = 'Caro ${User.Name}, ${titulo} mudou (${cliente.nome})';
    expect(variablesIn(text)).toEqual(['User.Name', 'titulo', 'cliente.nome']);
    expect(eraseVariables(text, (v) => v.startsWith('User.'))).toBe('Caro ${User.Name},  mudou ()');
  });
});
