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

/** The room tables behind the grants are read by access/ (tests may set them up directly). */
export const accessRepositoryBoundary = {
  files: ['packages/server/src/**/*.ts'],
  ignores: ['packages/server/src/access/**', '**/*.test.ts', 'packages/server/src/test/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...accessInternals,
          {
            group: ['**/access/permissions.repository.ts'],
            // Room 1 is granted every action on a subject as it is made (subjects.service).
            allowImportNames: ['grantAdminRooms'],
            message: 'The grants are read through the access module (PermissionsService), not its tables.',
          },
        ],
      },
    ],
  },
};
