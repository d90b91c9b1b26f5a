import { describe, expect, it } from 'vitest';
import { appClosure } from './chunk-groups.ts';

describe('the signed-in layout group', () => {
  it("takes the app modules the roots import statically, not node_modules' own imports", () => {
    const graph: Record<string, string[]> = {
      '/r/packages/web/src/app/Shell.tsx': [
        '/r/packages/web/src/app/TopBar.tsx',
        '/r/node_modules/x/index.js',
      ],
      '/r/packages/web/src/app/TopBar.tsx': ['/r/packages/domain/src/fields/time.ts'],
      '/r/packages/domain/src/fields/time.ts': [],
      '/r/node_modules/x/index.js': ['/r/packages/web/src/features/records/ContextPage.tsx'],
      '/r/packages/web/src/features/records/ContextPage.tsx': [],
    };
    const closure = appClosure(['/r/packages/web/src/app/Shell.tsx'], (id) => graph[id] ?? []);
    expect([...closure].sort()).toEqual([
      '/r/packages/domain/src/fields/time.ts',
      '/r/packages/web/src/app/Shell.tsx',
      '/r/packages/web/src/app/TopBar.tsx',
    ]);
  });
});
