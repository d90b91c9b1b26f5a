import { HttpError } from '../../http/errors.ts';
import { SUBJECT_NOT_FOUND } from '../../records/subject-catalogue.ts';
import * as checks from './subject-data-checks.ts';

/** The designer's messages: what a subject or attribute change is refused with. */
export const messages = {
  subjectTaken: (id: string) => `Já existe um assunto com o identificador ${id}.`,
  attributeTaken: (id: string) => `Já existe um atributo com o identificador ${id} neste assunto.`,
  relatedNotFound: (id: string) => `Assunto relacionado ${id} não encontrado.`,
  relatedRequired: 'Este tipo de componente precisa de um assunto relacionado.',
  builtIn: 'Este assunto faz parte do sistema e não pode ser removido.',
  referred: (names: string) => `Este assunto é referenciado por: ${names}.`,
  subjectNotFound: SUBJECT_NOT_FOUND,
  attributeNotFound: 'Atributo não encontrado.',
  orderIncomplete: 'Informe todos os atributos do assunto, cada um uma vez, na nova ordem.',
  blockedUnique: (name: string, ids: string) =>
    `Não é possível tornar ${name} único: há valores repetidos nos registros ${ids}.`,
  blockedRequired: (name: string, ids: string) =>
    `Não é possível tornar ${name} obrigatório: há registros sem valor (${ids}).`,
  blockedLength: (name: string, length: number, ids: string) =>
    `Não é possível reduzir ${name} para ${length} caracteres: há valores maiores nos registros ${ids}.`,
  blockedKind: (name: string, ids: string) =>
    `Não é possível mudar o tipo de ${name}: os valores dos registros ${ids} seriam perdidos.`,
  blockedInvalid: (name: string, ids: string) =>
    `Não é possível mudar o tipo de ${name}: os valores dos registros ${ids} não são válidos no novo tipo.`,
  multipleKind: 'Um atributo de vários valores só pode mudar para um tipo que guarda o mesmo tipo de valor.',
};

/** 'nº 3, 7 e 12' (and '…' when more records block than are named). */
export function recordList(ids: number[], more: boolean): string {
  const list = ids.map(String);
  const last = list.pop();
  const text = list.length ? `${list.join(', ')} e ${last}` : (last ?? '');
  return `nº ${text}${more ? ' (entre outros)' : ''}`;
}

/** A change refused because of the records it names (409, their ids in `talkIds`). */
export function blocked(message: (ids: string) => string, ids: number[], field: string): HttpError {
  const shown = ids.slice(0, checks.BLOCKING_SAMPLE);
  return new HttpError(
    409,
    [{ message: message(recordList(shown, ids.length > shown.length)), field }],
    {},
    {
      talkIds: shown,
    },
  );
}
