import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../src/ui/theme.ts';

/**
 * The names a screen reader says are in Portuguese (issue 39 item 10): the app's own labels, the
 * ones Mantine writes in English for its controls, and whatever the built bundle ends up holding.
 */
const web = path.join(import.meta.dirname, '..');
const mantineCore = path.join(web, '../../node_modules/@mantine/core/esm/components');
const built = path.join(web, 'dist/assets');

// Words an English label is made of and a Portuguese one is not.
const ENGLISH =
  /\b(the|of|and|with|toggle|show|hide|close|open|search|clear|next|previous|page|remove|delete|add|edit|save|cancel|select|password|visibility|actions?|scroll|left|right|resize|window|more|settings|expand|collapse|loading|upload|download|drag|sort|back|go|to)\b/i;
// Names that read the same in both languages.
const ALLOWED = new Set(['Talkbase', 'CSV', 'JSON', 'E-mail']);

const LITERAL_LABEL =
  /(?:aria-label|aria-roledescription|title)(?:=|["']?\s*:\s*)(?:"([^"{}$]+)"|'([^'{}$]+)'|`([^`{}$]+)`|\{\s*['"]([^'"]+)['"]\s*\})/g;

function files(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file, keep);
    return keep(entry.name) ? [file] : [];
  });
}

function englishLabels(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(LITERAL_LABEL)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '')
    .filter((label) => !ALLOWED.has(label) && ENGLISH.test(label))
    .map((label) => `${path.relative(web, file)}: ${label}`);
}

describe('aria-labels a Brazilian user hears', () => {
  it('are Portuguese wherever the app writes one', () => {
    const sources = files(path.join(web, 'src'), (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap(englishLabels)).toEqual([]);
  });

  it("replace Mantine's English labels on the components the app uses", () => {
    const appText = files(path.join(web, 'src'), (n) => /\.tsx?$/.test(n))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const overridden = Object.keys(buildTheme('#1976d2').theme.components ?? {});
    const english = files(mantineCore, (n) => n.endsWith('.mjs') && !n.includes('.module.'))
      .filter((f) => englishLabels(f).length > 0)
      .map((f) => path.basename(f, '.mjs'))
      .filter((component) => new RegExp(`\\b${component}\\b`).test(appText));
    expect(english.length).toBeGreaterThan(0); // PasswordInput's "Toggle password visibility"
    expect(english.filter((component) => !overridden.includes(component))).toEqual([]);
  });

  it.skipIf(!fs.existsSync(built))('are Portuguese in the built bundle', () => {
    const bundle = files(built, (n) => n.endsWith('.js'));
    expect(bundle.length).toBeGreaterThan(0);
    const text = bundle.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    const labels = [...text.matchAll(/"aria-label":(?:"([^"$]*)"|`([^`$]*)`)/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    // Mantine's English default stays in its code, replaced by the theme's label at run time.
    expect(labels.filter((l) => ENGLISH.test(l) && l !== 'Toggle password visibility')).toEqual([]);
  });
});
