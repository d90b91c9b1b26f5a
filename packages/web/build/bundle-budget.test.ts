import { describe, expect, it } from 'vitest';
import { initialChunks } from './bundle-budget.ts';

describe('first-load JavaScript', () => {
  it('counts the entry and what it imports statically, not lazily loaded screens', () => {
    const chunks = new Map([
      ['index.js', { isEntry: true, imports: ['vendor.js'] }],
      ['vendor.js', { isEntry: false, imports: ['shared.js'] }],
      ['shared.js', { isEntry: false, imports: [] }],
      ['SystemPage.js', { isEntry: false, imports: ['shared.js'] }],
    ]);
    expect(initialChunks(chunks)).toEqual(['index.js', 'shared.js', 'vendor.js']);
  });
});
