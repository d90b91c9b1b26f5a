import { describe, expect, it } from 'vitest';
import {
  columnProblems,
  draftProblems,
  draftToInput,
  emptyDraft,
  moveColumn,
  newColumn,
  searchFields,
  toggleSort,
  type FieldOption,
} from './template-draft.ts';

const field = (id: number, attributeName: string, alias: string | null = null): FieldOption => ({
  subjectAttributeId: id,
  attributeName,
  alias,
});

describe('available-field search (001 §5)', () => {
  const fields = [
    field(1, 'Data de abertura'),
    field(2, 'Data de fechamento'),
    field(3, 'Título', 'Assunto do chamado'),
    field(4, 'Prioridade'),
  ];

  it('every word of the term must be found in the label or the alias, in any order, accents aside', () => {
    expect(searchFields(fields, 'data abertura').shown.map((f) => f.subjectAttributeId)).toEqual([1]);
    expect(searchFields(fields, 'ABERTURA data').shown.map((f) => f.subjectAttributeId)).toEqual([1]);
    expect(searchFields(fields, 'data').shown.map((f) => f.subjectAttributeId)).toEqual([1, 2]);
    expect(searchFields(fields, 'assunto titulo').shown.map((f) => f.subjectAttributeId)).toEqual([3]);
    expect(searchFields(fields, 'data prioridade').shown).toEqual([]);
  });

  it('an empty term shows every field; a search shows at most 50 and says it cut', () => {
    const many = Array.from({ length: 120 }, (_, i) => field(i + 1, `Campo ${i + 1}`));
    expect(searchFields(many, '  ').shown).toHaveLength(120);
    const hit = searchFields(many, 'campo');
    expect(hit.shown).toHaveLength(50);
    expect(hit.capped).toBe(true);
    expect(hit.shown[0]?.subjectAttributeId).toBe(1);
    const few = searchFields(many, 'campo 11');
    expect(few.capped).toBe(false);
    expect(few.shown.map((f) => f.attributeName)).toEqual([
      'Campo 11',
      'Campo 110',
      'Campo 111',
      'Campo 112',
      'Campo 113',
      'Campo 114',
      'Campo 115',
      'Campo 116',
      'Campo 117',
      'Campo 118',
      'Campo 119',
    ]);
  });
});

describe('ordering the selected columns', () => {
  const cols = [newColumn(field(1, 'A')), newColumn(field(2, 'B')), newColumn(field(3, 'C'))];
  const ids = (c: typeof cols) => c.map((x) => x.subjectAttributeId);

  it('a dragged column takes the place of the one it is dropped on', () => {
    expect(ids(moveColumn(cols, 3, 1))).toEqual([3, 1, 2]);
    expect(ids(moveColumn(cols, 1, 3))).toEqual([2, 3, 1]);
    expect(ids(moveColumn(cols, 2, 3))).toEqual([1, 3, 2]);
  });

  it('a drop outside the list or on itself changes nothing', () => {
    expect(moveColumn(cols, 2, null)).toBe(cols);
    expect(moveColumn(cols, 2, 2)).toBe(cols);
  });

  it('the saved body numbers the columns in the shown order, with their widths and sorting', () => {
    const draft = { ...emptyDraft(5), templateName: ' Semana ', areas: moveColumn(cols, 3, 1) };
    const body = draftToInput(draft, 'custom');
    expect(body.templateType).toBe(7);
    expect(body.templateName).toBe('Semana');
    expect(body.templateAreas.map((a) => [a.subjectAttributeId, a.order])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    // A new column writes the editor's width; unsorted is what no IsOrderable already means.
    expect(body.templateAreas[0]?.templateAreaConfigs).toEqual([{ configIdentifier: 'Width', value: 200 }]);
  });
});

describe("'Edição de coluna' limits (001 §5, §9)", () => {
  it('a new column is 200 wide and unsorted', () => {
    expect(newColumn(field(1, 'A'))).toMatchObject({ width: 200, sort: false, alias: '' });
  });

  it('alias up to 150 characters', () => {
    expect(columnProblems({ alias: 'x'.repeat(150), width: 200 })).toEqual({});
    expect(columnProblems({ alias: 'x'.repeat(151), width: 200 }).alias).toBe('Máximo de 150 caracteres.');
  });

  it('width a number from 100 to 1000', () => {
    for (const ok of [100, 1000, '550'])
      expect(columnProblems({ alias: '', width: ok }).width).toBeUndefined();
    for (const bad of [99, 1001, '', 'abc', Number.NaN])
      expect(columnProblems({ alias: '', width: bad }).width).toBe(
        'A largura deve ser um número entre 100 e 1000.',
      );
  });

  it('switching sorting on defaults to ascending; off clears it', () => {
    expect(toggleSort(false, true)).toBe(1);
    expect(toggleSort(0, true)).toBe(0);
    expect(toggleSort(1, false)).toBe(false);
  });
});

describe('draft problems (001 §5)', () => {
  it('custom and users need a name; users a base template and a user; every kind a subject and a column', () => {
    const none = emptyDraft();
    expect([...draftProblems(none, 'custom')]).toEqual([
      ['templateName', 'Digite um nome'],
      ['subjectId', 'Selecione um assunto'],
      ['columns', 'Selecione pelo menos um campo.'],
    ]);
    expect(draftProblems(none, 'users').get('parentTemplateId')).toBe('Selecione um template base');
    expect(draftProblems(none, 'users').get('accountId')).toBe('Selecione um usuário');
    expect(draftProblems(none, 'default').has('templateName')).toBe(false);
    expect(draftProblems({ ...none, templateName: 'x'.repeat(101) }, 'custom').get('templateName')).toBe(
      'Máximo de 100 caracteres.',
    );
  });
});
