import { describe, expect, it } from 'vitest';
import { contextAttribute } from '../../../fields/test-utils.tsx';
import { fieldAccess, talkValuesToSave } from './field-rules.ts';

const all = { create: true, update: true, delete: true };

describe('field access (002 §5)', () => {
  it('is read-only without update on an existing record, or without insert on a new one', () => {
    const noUpdate = contextAttribute({ actions: { create: true, update: false, delete: true } });
    expect(fieldAccess(noUpdate, { isNew: false, value: 'x' }).readOnly).toBe(true);
    expect(fieldAccess(noUpdate, { isNew: true, value: null }).readOnly).toBe(false);
    const noInsert = contextAttribute({ actions: { create: false, update: true, delete: true } });
    expect(fieldAccess(noInsert, { isNew: true, value: null }).readOnly).toBe(true);
    expect(fieldAccess(noInsert, { isNew: false, value: null }).readOnly).toBe(false);
  });

  it('is read-only when configured so, or when not editable after creation', () => {
    expect(
      fieldAccess(contextAttribute({ componentConfigs: { readonly: true } }), { isNew: true, value: null })
        .readOnly,
    ).toBe(true);
    const fixed = contextAttribute({ isEditable: false, actions: all });
    expect(fieldAccess(fixed, { isNew: true, value: null }).readOnly).toBe(false);
    expect(fieldAccess(fixed, { isNew: false, value: 'x' }).readOnly).toBe(true);
    expect(fieldAccess(contextAttribute(), { isNew: false, value: 'x', recordReadOnly: true }).readOnly).toBe(
      true,
    );
  });

  it('is required when it has a value the account may not delete', () => {
    const noDelete = contextAttribute({ actions: { create: true, update: true, delete: false } });
    expect(fieldAccess(noDelete, { isNew: false, value: 'x' }).required).toBe(true);
    expect(fieldAccess(noDelete, { isNew: false, value: '' }).required).toBe(false);
    expect(fieldAccess(contextAttribute(), { isNew: false, value: 'x' }).required).toBe(false);
  });

  it("follows the template's isrequired and ishidden over the attribute", () => {
    const a = contextAttribute({ isRequired: true });
    expect(
      fieldAccess(a, { isNew: true, value: null, area: { isrequired: false, ishidden: false } }).required,
    ).toBe(false);
    expect(
      fieldAccess(contextAttribute(), {
        isNew: true,
        value: null,
        area: { isrequired: true, ishidden: true },
      }),
    ).toEqual({
      readOnly: false,
      required: true,
      hidden: true,
    });
  });
});

describe('saving a talk (002 §5)', () => {
  const titulo = contextAttribute({ subjectAttributeId: 1, identifier: 'titulo' });
  const cliente = contextAttribute({ subjectAttributeId: 2, identifier: 'cliente', componentId: 4 });
  const tags = contextAttribute({
    subjectAttributeId: 3,
    identifier: 'tags',
    componentId: 4,
    isMultipleValues: true,
  });
  const locked = contextAttribute({
    subjectAttributeId: 4,
    identifier: 'locked',
    actions: { create: true, update: false, delete: false },
  });
  const internal = contextAttribute({ subjectAttributeId: 5, identifier: 'interno', isInternal: true });
  const anexos = contextAttribute({ subjectAttributeId: 6, identifier: 'anexos', componentId: 22 });
  const attributes = [titulo, cliente, tags, locked, internal, anexos];

  it('sends on update only what changed and may be updated', () => {
    const initial = new Map<number, unknown>([
      [1, 'A'],
      [2, 7],
      [3, [1]],
      [4, 'x'],
      [5, 'i'],
    ]);
    const values = new Map<number, unknown>([
      [1, 'B'],
      [2, { id: 7 }],
      [3, []],
      [4, 'y'],
      [5, 'j'],
      [6, [{ name: 'a.pdf' }]],
    ]);
    expect(talkValuesToSave(attributes, values, initial, false)).toEqual([
      { subjectAttributeId: 1, value: 'B' },
      { subjectAttributeId: 3, value: null },
    ]);
  });

  it('sends on create what may be inserted and is filled, selects as ids', () => {
    const values = new Map<number, unknown>([
      [1, 'Novo'],
      [2, { id: 9 }],
      [3, [{ id: 1 }, 2]],
      [4, 'x'],
      [5, 'i'],
    ]);
    expect(talkValuesToSave(attributes, values, new Map(), true)).toEqual([
      { subjectAttributeId: 1, value: 'Novo' },
      { subjectAttributeId: 2, value: 9 },
      { subjectAttributeId: 3, value: [1, 2] },
      { subjectAttributeId: 4, value: 'x' },
    ]);
  });
});
