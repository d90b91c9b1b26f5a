import { describe, expect, it } from 'vitest';
import { pageAfterRemoval } from './page-after-removal.ts';

describe('the page after a deletion (001 §4)', () => {
  it('goes back one page when a later page is left empty, and stays otherwise', () => {
    expect(pageAfterRemoval(3, 1)).toBe(2);
    expect(pageAfterRemoval(3, 4)).toBe(3);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });
});
