import { describe, expect, it } from 'vitest';
import {
  changesOf,
  configKindOf,
  emptyAttribute,
  hasColumn,
  identifierError,
  identifierFromName,
  toInput,
  toPreviewAttribute,
} from './attribute-draft.ts';

describe('attribute drafts', () => {
  it('derives identifiers from names: lower case, no accents, a letter first', () => {
    expect(identifierFromName('Data de instalação')).toBe('data_de_instalacao');
    expect(identifierFromName('  CPF/CNPJ do Proprietário ')).toBe('cpf_cnpj_do_proprietario');
    expect(identifierFromName('2ª via')).toBe('via');
    expect(identifierError('data_de_instalacao')).toBeUndefined();
    expect(identifierError('Drop Table;')).toBe(
      'Use letras minúsculas, números e _, começando por uma letra.',
    );
    expect(identifierError('')).toBe('Campo obrigatório.');
  });

  it('sends only what changed, and drops empty configs', () => {
    const before = {
      ...emptyAttribute(),
      identifier: 'serie',
      name: 'Série',
      componentConfigs: { minChars: 3 },
    };
    expect(changesOf(before, { ...before })).toEqual({});
    expect(changesOf(before, { ...before, name: 'Número de série', isNaturalKey: true })).toEqual({
      name: 'Número de série',
      isNaturalKey: true,
    });
    expect(changesOf(before, { ...before, componentConfigs: { minChars: '' } })).toEqual({
      componentConfigs: {},
    });
    // A related subject goes only with the types that take one.
    expect(toInput({ ...before, relatedSubject: 'cliente' }).relatedSubject).toBeNull();
    expect(toInput({ ...before, componentId: 4, relatedSubject: 'cliente' }).relatedSubject).toBe('cliente');
  });

  it('knows which types have a column and which configuration block they take', () => {
    expect(hasColumn({ componentId: 22, isMultipleValues: false })).toBe(false);
    expect(hasColumn({ componentId: 4, isMultipleValues: true })).toBe(false);
    expect(hasColumn({ componentId: 32, isMultipleValues: false })).toBe(true);
    expect([1, 2, 5, 11, 32, 22, 34, 28, 29, 6, 10].map(configKindOf)).toEqual([
      'text',
      'identification',
      'measurement',
      'date',
      'date',
      'file',
      'file',
      'time-window',
      'join-object',
      'masked',
      'none',
    ]);
  });

  it('gives the preview a context attribute with the related subject resolved and no uniqueness lookups', () => {
    const a = toPreviewAttribute(
      {
        ...emptyAttribute(),
        identifier: 'cliente',
        name: 'Cliente',
        componentId: 4,
        relatedSubject: 'cliente',
        isNaturalKey: true,
      },
      0,
      [{ subjectId: 7, subjectIdentifier: 'cliente', subjectName: 'Cliente', icon: 'business' }],
    );
    expect(a.subjectAttributeId).toBe(-1);
    expect(a.relatedSubject).toEqual({
      subjectId: 7,
      subjectIdentifier: 'cliente',
      subjectName: 'Cliente',
      icon: 'business',
    });
    expect(a.isNaturalKey).toBe(false);
  });
});
