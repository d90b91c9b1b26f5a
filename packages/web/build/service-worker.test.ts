import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { buildVersion, shellFiles } from './service-worker.ts';

const chunk = (
  fileName: string,
  o: { isEntry?: boolean; imports?: string[]; modules?: string[]; css?: string[] },
) =>
  ({
    type: 'chunk',
    fileName,
    isEntry: o.isEntry ?? false,
    imports: o.imports ?? [],
    moduleIds: o.modules ?? [],
    viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;
const asset = (fileName: string, source: string) =>
  ({ type: 'asset', fileName, source }) as unknown as Rolldown.OutputAsset;

function bundle(): Rolldown.OutputBundle {
  return {
    'assets/index-AAAAAAAA.js': chunk('assets/index-AAAAAAAA.js', {
      isEntry: true,
      imports: ['assets/vendor-BBBBBBBB.js'],
      css: ['assets/index-CCCCCCCC.css'],
    }),
    'assets/vendor-BBBBBBBB.js': chunk('assets/vendor-BBBBBBBB.js', {}),
    'assets/shell-DDDDDDDD.js': chunk('assets/shell-DDDDDDDD.js', { modules: ['/src/app/Shell.tsx'] }),
    'assets/SystemPage-EEEEEEEE.js': chunk('assets/SystemPage-EEEEEEEE.js', {
      modules: ['/src/features/system/SystemPage.tsx'],
    }),
    'assets/index-CCCCCCCC.css': asset(
      'assets/index-CCCCCCCC.css',
      '@font-face{src:url(/assets/icons-FFFFFFFF.woff2)}',
    ),
    'assets/icons-FFFFFFFF.woff2': asset('assets/icons-FFFFFFFF.woff2', ''),
    'index.html': asset('index.html', '<!doctype html>'),
  };
}

describe('service worker build', () => {
  it('keeps the entry, the shell modules with their imports, their CSS and its fonts; not lazy screens', () => {
    expect(shellFiles(bundle(), [/app\/Shell\.tsx$/])).toEqual([
      'assets/icons-FFFFFFFF.woff2',
      'assets/index-AAAAAAAA.js',
      'assets/index-CCCCCCCC.css',
      'assets/shell-DDDDDDDD.js',
      'assets/vendor-BBBBBBBB.js',
    ]);
  });

  it('a build with any file changed has another version (another cache)', () => {
    const a = bundle();
    const b = bundle();
    expect(buildVersion(a)).toBe(buildVersion(b));
    const changed = { ...b, 'assets/vendor-GGGGGGGG.js': b['assets/vendor-BBBBBBBB.js'] };
    delete (changed as Record<string, unknown>)['assets/vendor-BBBBBBBB.js'];
    expect(buildVersion(changed as Rolldown.OutputBundle)).not.toBe(buildVersion(a));
  });
});
