import { describe, expect, it } from 'vitest';
import { fontsOf, initialChunks, staticClosure } from './bundle-budget.ts';

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

describe('first-load screens', () => {
  it('counts a lazily loaded screen with what it imports statically', () => {
    const chunks = new Map([
      ['index.js', { imports: ['vendor.js'] }],
      ['vendor.js', { imports: [] }],
      ['ContextPage.js', { imports: ['Select.js', 'vendor.js'] }],
      ['Select.js', { imports: [] }],
      ['SystemPage.js', { imports: ['Chart.js'] }],
    ]);
    expect(staticClosure(chunks, ['index.js', 'ContextPage.js'])).toEqual([
      'ContextPage.js',
      'Select.js',
      'index.js',
      'vendor.js',
    ]);
  });

  it('finds the fonts a stylesheet names, relative or from the root', () => {
    const css = `@font-face{src:url(./material-symbols-app-Dr51sOQU.woff2) format("woff2")}
      @font-face{src:url("/assets/inter-AbCd1234.woff2?v=1")}.x{background:url(./bg.png)}`;
    expect(fontsOf(css, 'assets/index-DERp9mVh.css')).toEqual([
      'assets/material-symbols-app-Dr51sOQU.woff2',
      'assets/inter-AbCd1234.woff2',
    ]);
  });
});
