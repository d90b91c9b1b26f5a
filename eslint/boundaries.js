// Import and syntax boundaries that hold the architecture (GUIDE §8; docs/decisions.md, "How access
// is decided"). Kept apart from eslint.config.js so a test can lint code against exactly these rules
// (packages/server/src/access/boundary.test.ts).

const namedExports = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

const accessInternals = [
  {
    group: ['**/access/access-policy.ts'],
    importNames: ['visibleRows', 'accountRows', 'subjectGrants', 'toAccountLimits'],
    message: 'Row conditions and grants are built in access/ only: read policy.rows and the policy.',
  },
  {
    group: ['**/access/row-scope.ts'],
    importNames: ['scopeOf'],
    message: 'A row scope comes from the access policy (policy.rows) or everyRow(reason).',
  },
];

/**
 * Access is decided in packages/server/src/access only: nothing else builds an identity or a row
 * scope (their types are branded, so a literal does not compile; a cast is what is left), the
 * visibility conditions or the grants, or reads the room tables they come from.
 */
export const accessBoundary = {
  files: ['packages/server/src/**/*.ts'],
  ignores: ['packages/server/src/access/**'],
  rules: {
    'no-restricted-imports': ['error', { patterns: accessInternals }],
    'no-restricted-syntax': [
      'error',
      namedExports,
      {
        selector: 'TSAsExpression > TSTypeReference[typeName.name=/^(AuthContext|RowScope)$/]',
        message: 'Identities and row scopes are built by access/ (identity.ts, row-scope.ts), never cast.',
      },
      {
        selector: 'TSTypeAssertion > TSTypeReference[typeName.name=/^(AuthContext|RowScope)$/]',
        message: 'Identities and row scopes are built by access/ (identity.ts, row-scope.ts), never cast.',
      },
    ],
  },
};

const repositoryInternals = {
  group: ['**/access/permissions.repository.ts'],
  // Room 1 is granted every action on a subject as it is made (subjects.service).
  allowImportNames: ['grantAdminRooms'],
  message: 'The grants are read through the access module (PermissionsService), not its tables.',
};

const routeFiles = {
  group: ['**/*.routes.ts'],
  message: "A module's routes are registered from route-plugins.ts, the one list of route plugins.",
};

/**
 * The room tables behind the grants are read by access/ (tests may set them up directly); a
 * module's routes file is imported by the one list of route plugins only (routeListBoundary).
 */
export const accessRepositoryBoundary = {
  files: ['packages/server/src/**/*.ts'],
  ignores: ['packages/server/src/access/**', '**/*.test.ts', 'packages/server/src/test/**'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [...accessInternals, repositoryInternals, routeFiles] }],
  },
};

/** The list of route plugins, and a module's routes files among themselves, import routes files. */
export const routeListBoundary = {
  files: ['packages/server/src/route-plugins.ts', 'packages/server/src/**/*.routes.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [...accessInternals, repositoryInternals] }],
  },
};

/**
 * The server's layers, lowest first (docs/ARCHITECTURE.md, "Server layers"): each imports only
 * those before it, and no layer imports a module (`modules/`, which register with them) or the
 * composition root. `node scripts/import-graph.ts` shows the whole folder graph and its circles.
 */
const SERVER_LAYERS = ['db', 'http', 'records', 'realtime', 'access', 'events'];

/** One config per layer; each keeps the access boundary's patterns (a later config replaces a rule's options). */
export const serverLayerBoundaries = SERVER_LAYERS.map((layer, index) => {
  const above = [...SERVER_LAYERS.slice(index + 1), 'modules', 'runtime'];
  return {
    files: [`packages/server/src/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(layer === 'access' ? [] : [...accessInternals, repositoryInternals]),
            {
              // A relative path into a folder above this layer, or the composition root.
              regex: `^(\\.\\./)+(?:(?:${above.join('|')})/|(?:app|main|services|route-plugins|record-wiring)\\.ts$)`,
              message: `${layer}/ sits below ${above.join(', ')}: it imports none of them (they register with it instead).`,
            },
          ],
        },
      ],
    },
  };
});

/**
 * The web app's folders import downwards only (docs/ARCHITECTURE.md, "Web app layers"): i18n/, api/,
 * ui/ and fields/ import no feature and not app/; a feature never imports app/ (features reach each
 * other only downwards; `node scripts/import-graph.ts` shows any circle).
 */
export const webLayerBoundaries = [
  {
    files: ['packages/web/src/{fields,ui,api,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message:
                'i18n/, api/, ui/ and fields/ sit below every feature and the app: move the shared piece down, or let the feature register it (fields/editor-sources.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**'],
              message:
                'A feature does not import the app shell: the app wires features together (app/record-slots.ts, app/Shell.tsx).',
            },
          ],
        },
      ],
    },
  },
];

/**
 * packages/domain/src imports neither @talkbase/server nor @talkbase/web, and no relative path
 * leaves packages/domain: a file `depth` folders below src may climb `depth + 1` levels at most.
 */
export const domainBoundaries = [0, 1, 2, 3, 4, 5].map((depth) => ({
  files: [`packages/domain/src/${'*/'.repeat(depth)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@talkbase/server', '@talkbase/server/**', '@talkbase/web', '@talkbase/web/**'],
            message: 'The domain package is shared by the server and the web app and imports neither.',
          },
          {
            regex: `^(\\.\\./){${depth + 2},}`,
            message: 'The domain package imports nothing outside packages/domain.',
          },
        ],
      },
    ],
  },
}));
