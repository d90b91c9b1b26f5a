/**
 * The folder-level import graph of the server and of the web app (issue 40), and its circles.
 *
 *   node scripts/import-graph.ts          prints each package's circles; exits 1 when there is one
 *   node scripts/import-graph.ts --dot    prints the graphs in Graphviz's language (`| dot -Tsvg`)
 *
 * A node is a top-level folder of `src` (`http`, `db`, `events`…), a folder under the server's
 * `modules/` or the web app's `features/` (`modules/records`, `features/records`), or a file at the
 * top of `src` (`app.ts`, the composition root; `record-wiring.ts`). Production code only — the files the entry points
 * (`main.ts` and `cli/` of the server, `main.tsx` of the web app) reach: tests and their fixtures
 * may reach across layers to set up what they check. `import type` counts too, since a type is a
 * dependency on the layer that owns it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface Graph {
  name: string;
  nodes: Set<string>;
  edges: Map<string, Map<string, string[]>>;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.tsx?$/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (SOURCE.test(entry)) out.push(full);
  }
  return out;
}

/** The node a file under `src` belongs to. */
function nodeOf(src: string, file: string, grouped: string): string {
  const [top = '', second = '', ...rest] = path.relative(src, file).split(path.sep);
  return top === grouped && rest.length > 0 ? `${grouped}/${second}` : top;
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function resolveFile(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * The graph of what the product runs: the files reachable from the entry points (dynamic imports
 * included). A file only tests reach (a fixture, a test setup) is test support, not a layer.
 */
export function buildGraph(name: string, src: string, grouped: string, entries: readonly string[]): Graph {
  const graph: Graph = { name, nodes: new Set(), edges: new Map() };
  const importsOf = new Map<string, string[]>();
  for (const file of sources(src)) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveFile(file, specifier);
      if (target?.startsWith(src + path.sep)) targets.push(target);
    }
    importsOf.set(file, targets);
  }
  const reached = new Set<string>();
  const queue = entries.map((entry) => path.join(src, entry)).filter((entry) => importsOf.has(entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file) || TEST.test(file)) continue;
    reached.add(file);
    queue.push(...(importsOf.get(file) ?? []));
  }
  for (const file of reached) {
    const from = nodeOf(src, file, grouped);
    graph.nodes.add(from);
    for (const target of importsOf.get(file) ?? []) {
      const to = nodeOf(src, target, grouped);
      if (to === from) continue;
      const targets = graph.edges.get(from) ?? new Map<string, string[]>();
      graph.edges.set(from, targets);
      const files = targets.get(to) ?? [];
      files.push(path.relative(src, file).split(path.sep).join('/'));
      targets.set(to, files);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan): each is a circle of folders. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const lowOf = (node: string) => low.get(node) ?? Infinity;
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.edges.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(lowOf(node), lowOf(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(lowOf(node), indexOf.get(next) ?? Infinity));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.nodes].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}

const serverSrc = path.join(root, 'packages/server/src');
export const GRAPHS: readonly [name: string, src: string, grouped: string, entries: readonly string[]][] = [
  [
    'server',
    serverSrc,
    'modules',
    ['main.ts', ...readdirSync(path.join(serverSrc, 'cli')).map((file) => `cli/${file}`)],
  ],
  ['web', path.join(root, 'packages/web/src'), 'features', ['main.tsx']],
];

function dot(graph: Graph): string {
  const lines = [`digraph ${graph.name} {`, '  rankdir=LR; node [shape=box, fontname="sans-serif"];'];
  for (const [from, targets] of [...graph.edges].sort()) {
    for (const to of [...targets.keys()].sort()) lines.push(`  "${from}" -> "${to}";`);
  }
  lines.push('}');
  return lines.join('\n');
}

if (import.meta.main) {
  let failed = false;
  for (const [name, src, grouped, entries] of GRAPHS) {
    const graph = buildGraph(name, src, grouped, entries);
    if (process.argv.includes('--dot')) {
      console.log(dot(graph));
      continue;
    }
    const found = circles(graph);
    if (found.length === 0) {
      console.log(`${name}: ${graph.nodes.size} folders, no circle`);
      continue;
    }
    failed = true;
    for (const circle of found) {
      console.log(`${name}: a circle of ${circle.length} folders: ${circle.join(', ')}`);
      const members = new Set(circle);
      for (const from of circle) {
        for (const [to, files] of graph.edges.get(from) ?? []) {
          if (members.has(to))
            console.log(
              `  ${from} → ${to}  (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''})`,
            );
        }
      }
    }
  }
  if (failed) process.exit(1);
}
