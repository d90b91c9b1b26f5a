import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settled } from './browser.ts';

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** The WCAG levels the suite holds every screen to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The rules a change of colour scheme can turn: what the night palette changes is colour, so in
 * the second mode of `bothModes` only these run (the structure — names, roles, labels — is the
 * same as in the first).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

let axeSource: string | undefined;
function source(): string {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Serious and critical WCAG A/AA violations on the page as it is now (all rules, or only `rules`).
 * axe-core is put into the page once per document and run there directly: through AxeBuilder a
 * check took ~1.25 s (it injects the 650 KB script again on every call and merges per-frame
 * results), this way ~0.45 s, and ~0.25 s for the colour rules alone (measured on the tickets grid,
 * four checks each, one worker; docs/decisions.md, "CI time").
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  // Colours mid-transition (night mode just switched) are not what the user reads: wait for the
  // page's finite CSS transitions and animations to end (spinners run forever and are skipped).
  // Icons are ligatures of the symbols font: until it has loaded, axe reads 'dark_mode' as the
  // visible text of an icon button and reports a name mismatch.
  await page.evaluate(async () => {
    await document.fonts.load('24px "Material Symbols Outlined"', 'dark_mode');
    await document.fonts.ready;
  });
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const options = {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_TAGS },
    // Only violations carry their nodes' selectors: the nodes that pass each rule are not read.
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate(async (o) => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const results = await axe.run(document, o);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, options);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
