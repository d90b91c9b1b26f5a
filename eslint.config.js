import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  accessBoundary,
  accessRepositoryBoundary,
  domainBoundaries,
  routeListBoundary,
  serverLayerBoundaries,
  webLayerBoundaries,
} from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.builds/**', 'data/**', 'bench/out/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', '*.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  accessBoundary,
  accessRepositoryBoundary,
  routeListBoundary,
  ...serverLayerBoundaries,
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through web/src/api, never fetch directly.' },
      ],
    },
  },
  // ── Web app and domain layers (issue 40) ──────────────────────────────────────────────────────
  // The web app's folders import downwards only (docs/ARCHITECTURE.md, "Web app layers"):
  // i18n/, api/, ui/ and fields/ import no feature and not app/; a feature never imports app/
  // (features reach each other only downwards; `node scripts/import-graph.ts` shows any circle).
  // The domain package stays pure: neither the server nor the web app, nor anything outside it.
  ...webLayerBoundaries,
  ...domainBoundaries,
  // ── end of web app and domain layers ──────────────────────────────────────────────────────────
  {
    // Config files are consumed by tools that expect a default export.
    files: ['*.config.{js,ts}', '**/*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
