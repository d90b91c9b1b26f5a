import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph, circles, GRAPHS } from './import-graph.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A source tree from `{ 'path/file.ts': 'content' }`, answered as its `src` folder. */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  const src = path.join(dir, 'src');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  }
  return src;
}

describe('the folder import graph (issue 40)', () => {
  it('finds a circle through modules, with a type import and a dynamic import counted', () => {
    const src = tree({
      'main.ts': "import './app.ts';",
      'app.ts': "import { a } from './modules/a/a.service.ts';\nexport const x = a;",
      'modules/a/a.service.ts': "import type { B } from '../b/b.ts';\nexport const a = 1;",
      'modules/b/b.ts': "export type B = 1;\nexport const load = () => import('../../db/db.ts');",
      'db/db.ts': "import { a } from '../modules/a/a.service.ts';\nexport const d = a;",
      'http/errors.ts': 'export const e = 1;',
    });
    const graph = buildGraph('t', src, 'modules', ['main.ts']);
    expect(circles(graph)).toEqual([['db', 'modules/a', 'modules/b']]);
  });

  it('leaves out what only tests reach, and answers no circle for a graph that points down', () => {
    const src = tree({
      'main.ts': "import { a } from './modules/a/a.ts';\nexport const m = a;",
      'modules/a/a.ts': "import { e } from '../../http/errors.ts';\nexport const a = e;",
      'http/errors.ts': 'export const e = 1;',
      // A fixture may reach up to set up a test: it is not a layer of the product.
      'http/errors.test.ts': "import { a } from '../modules/a/a.ts';",
      'http/fixture.ts': "import { a } from '../modules/a/a.ts';\nexport const f = a;",
    });
    const graph = buildGraph('t', src, 'modules', ['main.ts']);
    expect(circles(graph)).toEqual([]);
    expect([...graph.nodes].sort()).toEqual(['http', 'main.ts', 'modules/a']);
  });

  it('finds no circle in the server or the web app', () => {
    for (const [name, src, grouped, entries] of GRAPHS) {
      expect({ name, circles: circles(buildGraph(name, src, grouped, entries)) }).toEqual({
        name,
        circles: [],
      });
    }
  });
});
