import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stylesheetOf } from './mantine-styles.ts';

const mantine = path.join(import.meta.dirname, '../../../node_modules/@mantine');

function classMaps(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return classMaps(file);
    return entry.name.endsWith('.module.mjs') ? [file] : [];
  });
}

describe('Mantine styles by component', () => {
  it("names a core component's own stylesheet and the dates package's single one", () => {
    expect(stylesheetOf('/x/node_modules/@mantine/core/esm/components/Combobox/Combobox.module.mjs')).toBe(
      '@mantine/core/styles/Combobox.layer.css',
    );
    expect(
      stylesheetOf('/x/node_modules/@mantine/core/esm/components/Button/ButtonGroup/ButtonGroup.module.mjs'),
    ).toBe('@mantine/core/styles/ButtonGroup.layer.css');
    expect(stylesheetOf('/x/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs')).toBe(
      '@mantine/dates/styles.layer.css',
    );
    expect(
      stylesheetOf('/x/node_modules/@mantine/core/esm/components/Combobox/Combobox.mjs'),
    ).toBeUndefined();
    expect(stylesheetOf('/x/packages/web/src/app/app.module.mjs')).toBeUndefined();
  });

  // A Mantine update that renames or merges stylesheets would leave components unstyled.
  it('finds, for every class map of the installed Mantine, a stylesheet that exists', () => {
    const maps = [
      ...classMaps(path.join(mantine, 'core/esm')),
      ...classMaps(path.join(mantine, 'dates/esm')),
    ];
    expect(maps.length).toBeGreaterThan(100);
    const missing = maps.filter((file) => {
      const sheet = stylesheetOf(file);
      return !sheet || !fs.existsSync(path.join(mantine, sheet.replace('@mantine/', '')));
    });
    expect(missing).toEqual([]);
  });
});
