import type { Plugin } from 'vite';

/** A Mantine component's class map, e.g. `@mantine/core/esm/components/Combobox/Combobox.module.mjs`. */
const CLASS_MAP = /[\\/]@mantine[\\/](core|dates)[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/** The stylesheet a Mantine class map belongs to; `@mantine/dates` ships only one, whole. */
export function stylesheetOf(id: string): string | undefined {
  const match = CLASS_MAP.exec(id);
  if (!match) return undefined;
  return match[1] === 'core'
    ? `@mantine/core/styles/${match[2]}.layer.css`
    : '@mantine/dates/styles.layer.css';
}

/**
 * Mantine's styles by component (issue 18): in the build, every component's class map imports
 * that component's stylesheet (`@mantine/core/styles/X.layer.css` beside `X.module.mjs`), so the
 * CSS travels in the chunk with the component's code and a screen downloads the styles of the
 * components it shows, not Mantine's whole sheet (33 KB brotli). A component's code imports the
 * components it builds on first, so their styles come first, as in Mantine's own sheet; all are
 * layered (`@layer mantine`), so the app's stylesheets win whatever order the files arrive in.
 * `src/main.tsx` imports what every screen needs (baseline, CSS variables, global classes).
 *
 * The dev server serves dependencies pre-bundled, without this transform: there the whole
 * sheets are added to `src/main.tsx` instead.
 */
export function mantineStyles(): Plugin[] {
  return [
    {
      name: 'talkbase-mantine-styles',
      apply: 'build',
      transform(code, id) {
        const sheet = stylesheetOf(id);
        return sheet ? { code: `import '${sheet}';${code}`, map: null } : null;
      },
    },
    {
      name: 'talkbase-mantine-styles-dev',
      apply: 'serve',
      transform(code, id) {
        if (!/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        // On the first line, so the file's other lines keep their numbers.
        const sheets = "import '@mantine/core/styles.layer.css';import '@mantine/dates/styles.layer.css';";
        return { code: `${sheets}${code}`, map: null };
      },
    },
  ];
}
