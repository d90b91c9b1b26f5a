import fs from 'node:fs';
import path from 'node:path';

/** bench/RESULTS.md: the one page of figures every bench script writes its own section of. */
export const resultsFile = path.join(import.meta.dirname, '..', 'RESULTS.md');

/**
 * Writes one script's section of RESULTS.md between its own markers (`<!-- key -->` … `<!-- /key -->`),
 * replacing the previous run's and leaving every other section as it is; a new section goes at the
 * end. `markdown` starts with its `## ` heading.
 */
export function writeResultsSection(key: string, markdown: string): void {
  const begin = `<!-- ${key}: written by bench/src -->`;
  const end = `<!-- /${key} -->`;
  const doc = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '# Bench results\n';
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${doc.slice(0, from)}${block}${doc.slice(to + end.length)}`
      : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(resultsFile, next);
}
