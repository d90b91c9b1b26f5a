import fs from 'node:fs';
import path from 'node:path';

/** bench/RESULTS.md: the one page of figures every bench script writes its own section of. */
export const resultsFile = path.join(import.meta.dirname, '..', 'RESULTS.md');

const beginOf = (key: string) => `<!-- ${key}: written by bench/src -->`;
const endOf = (key: string) => `<!-- /${key} -->`;

/** A section between its markers, as writeResultsSection writes it (to nest one inside another). */
export function resultsBlock(key: string, markdown: string): string {
  return `${beginOf(key)}\n${markdown.trim()}\n${endOf(key)}`;
}

/**
 * Writes one script's section of RESULTS.md between its own markers (`<!-- key -->` … `<!-- /key -->`),
 * replacing the previous run's and leaving every other section as it is; a new section goes at the
 * end — of the section `within` when given and present (a part of a script's section, written by a
 * run of that part alone), else of the page. `markdown` starts with its heading.
 */
export function writeResultsSection(key: string, markdown: string, within?: string): void {
  const begin = beginOf(key);
  const end = endOf(key);
  const doc = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '# Bench results\n';
  const block = resultsBlock(key, markdown);
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  const parentEnd = within && doc.includes(beginOf(within)) ? doc.indexOf(endOf(within)) : -1;
  const next =
    from >= 0 && to > from
      ? `${doc.slice(0, from)}${block}${doc.slice(to + end.length)}`
      : parentEnd >= 0
        ? `${doc.slice(0, parentEnd).trimEnd()}\n\n${block}\n${doc.slice(parentEnd)}`
        : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(resultsFile, next);
}
