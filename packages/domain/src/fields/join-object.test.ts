import { describe, expect, it } from 'vitest';
import { addJoinItem, isEmptyJoin, readJoinObject } from './join-object.ts';

describe('join object', () => {
  it('reads stored values, plain labels included', () => {
    expect(
      readJoinObject({
        labelFrom: ['Carga 1', { id: 7, label: 'Carga 7' }, { label: '' }],
        labelTo: 'Transp',
      }),
    ).toEqual({
      labelFrom: [
        { id: null, label: 'Carga 1' },
        { id: 7, label: 'Carga 7' },
      ],
      labelTo: 'Transp',
    });
    expect(readJoinObject(null)).toEqual({ labelFrom: [], labelTo: '' });
    expect(isEmptyJoin(readJoinObject(null))).toBe(true);
  });

  it('adds an item once', () => {
    let v = readJoinObject(null);
    v = addJoinItem(v, { id: 3, label: 'Carga 3' });
    v = addJoinItem(v, { id: 3, label: 'Carga 3 de novo' });
    v = addJoinItem(v, { id: null, label: ' Avulsa ' });
    v = addJoinItem(v, { id: null, label: 'avulsa' });
    v = addJoinItem(v, { id: null, label: '  ' });
    expect(v.labelFrom).toEqual([
      { id: 3, label: 'Carga 3' },
      { id: null, label: 'Avulsa' },
    ]);
  });
});
