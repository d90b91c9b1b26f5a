import { describe, expect, it } from 'vitest';
import { fieldMessages, formatMessage, message } from './messages.ts';

describe('messages', () => {
  it('fills placeholders', () => {
    expect(message('textMinChars', { name: 'Descrição', n: 10 })).toBe(
      'Descrição deve conter pelo menos 10 caracteres',
    );
    expect(message('textMinWords', { name: 'Nome', n: 2 })).toBe('Nome deve conter pelo menos 2 palavras');
  });

  it('substitutes in one pass: a value holding braces is not filled again', () => {
    expect(formatMessage('{name} e {n}', { name: '{n}', n: 3 })).toBe('{n} e 3');
  });

  it('leaves unknown placeholders and ignores inherited keys', () => {
    expect(formatMessage('{a} {toString}', {})).toBe('{a} {toString}');
  });

  it('keeps the spec texts verbatim', () => {
    expect(fieldMessages.identificationInvalid).toBe(
      'O número do CNPJ/CPF/identificação informado é inválido',
    );
    expect(fieldMessages.selectRequired).toBe('É obrigatório selecionar um item da lista.');
    expect(fieldMessages.scheduleMonthDayWarning).toBe(
      'Atenção! Em caso dos mês não possuir um dia que foi selecionado esse agendamento não será disparado.',
    );
    expect(fieldMessages.durationExceedsPeriod).toBe(
      'A duração não pode ser maior do que o período entre a previsão de início e a previsão de término',
    );
  });
});
