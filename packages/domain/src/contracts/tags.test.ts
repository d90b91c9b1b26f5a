import { describe, expect, it } from 'vitest';
import { tagWriteSchema } from './tags.ts';

const filter = {
  filterName: 'Alta',
  filter: { attribute: 'prioridade', operator: 'equal', value: 3 },
  subject: 'chamado',
};

describe('tagWriteSchema', () => {
  it('defaults the colour to #000000 and keeps colours in lower case', () => {
    expect(tagWriteSchema.parse({ tagName: 'A', tagFilters: [filter] }).tagColor).toBe('#000000');
    expect(tagWriteSchema.parse({ tagName: 'A', tagColor: '#ABCDEF', tagFilters: [filter] }).tagColor).toBe(
      '#abcdef',
    );
    expect(tagWriteSchema.safeParse({ tagName: 'A', tagColor: '#abc', tagFilters: [filter] }).success).toBe(
      false,
    );
  });

  it('takes a filter tree as an object or as its JSON text, and refuses a malformed one', () => {
    const asText = tagWriteSchema.parse({
      tagName: 'A',
      tagFilters: [{ ...filter, filter: JSON.stringify(filter.filter) }],
    });
    expect(asText.tagFilters[0]?.filter).toEqual(filter.filter);
    expect(tagWriteSchema.safeParse({ tagName: 'A', tagFilters: [{ ...filter, filter: '{' }] }).success).toBe(
      false,
    );
    const badOperator = { ...filter, filter: { attribute: 'x', operator: 'like', value: 1 } };
    expect(tagWriteSchema.safeParse({ tagName: 'A', tagFilters: [badOperator] }).success).toBe(false);
  });

  it('asks each filter for its subject, by attribute or by name', () => {
    const res = tagWriteSchema.safeParse({ tagName: 'A', tagFilters: [{ ...filter, subject: undefined }] });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.path).toEqual(['tagFilters', 0, 'subjectAttributeId']);
    const blank = tagWriteSchema.safeParse({ tagName: 'A', tagFilters: [{ ...filter, subject: '' }] });
    expect(blank.error?.issues.map((i) => i.path)).toEqual([['tagFilters', 0, 'subjectAttributeId']]);
    expect(
      tagWriteSchema.safeParse({
        tagName: 'A',
        tagFilters: [{ ...filter, subject: undefined, subjectAttributeId: 7 }],
      }).success,
    ).toBe(true);
  });

  it('limits the name to 50 characters and the filter name to 100', () => {
    expect(tagWriteSchema.safeParse({ tagName: 'x'.repeat(50), tagFilters: [filter] }).success).toBe(true);
    expect(tagWriteSchema.safeParse({ tagName: 'x'.repeat(51), tagFilters: [filter] }).success).toBe(false);
    expect(
      tagWriteSchema.safeParse({ tagName: 'A', tagFilters: [{ ...filter, filterName: 'f'.repeat(101) }] })
        .success,
    ).toBe(false);
  });
});
