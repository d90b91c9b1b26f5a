import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// The boundaries eslint.config.js applies: this test lints code against exactly them.
import {
  accessBoundary,
  accessRepositoryBoundary,
  domainBoundaries,
  routeListBoundary,
  serverLayerBoundaries,
  webLayerBoundaries,
} from '../../../../eslint/boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function problems(code: string, file: string): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    code,
    [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      accessBoundary,
      accessRepositoryBoundary,
      routeListBoundary,
      ...serverLayerBoundaries,
      ...webLayerBoundaries,
      ...domainBoundaries,
    ],
    { filename: path.join(root, file) },
  );
  return messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const IN_A_MODULE = 'packages/server/src/modules/reports/reports.service.ts';

describe('the access boundary fails lint where access is decided outside access/', () => {
  it('refuses building a row condition or a row scope outside access/', () => {
    expect(
      problems(
        "import { visibleRows } from '../../access/access-policy.ts';\nexport const x = visibleRows;\n",
        IN_A_MODULE,
      ),
    ).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(
      problems(
        "import { scopeOf } from '../../access/row-scope.ts';\nexport const x = scopeOf;\n",
        IN_A_MODULE,
      ),
    ).toEqual([expect.stringContaining('no-restricted-imports')]);
  });

  it('refuses casting an object into an identity or a row scope', () => {
    const cast = problems(
      "import type { AuthContext } from '../../access/identity.ts';\n" +
        'export const me = { accountId: 1, companyId: 1, roomId: 1, isAdmin: true } as unknown as AuthContext;\n',
      IN_A_MODULE,
    );
    expect(cast).toEqual([expect.stringContaining('never cast')]);
    expect(problems('export const all = { condition: undefined } as RowScope;\n', IN_A_MODULE)).toEqual([
      expect.stringContaining('never cast'),
    ]);
  });

  it('refuses reading the room tables outside access/, except the grant of room 1 on a new subject', () => {
    expect(
      problems(
        "import { accountLimits } from '../../access/permissions.repository.ts';\nexport const x = accountLimits;\n",
        IN_A_MODULE,
      ),
    ).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(
      problems(
        "import { grantAdminRooms } from '../../access/permissions.repository.ts';\nexport const x = grantAdminRooms;\n",
        IN_A_MODULE,
      ),
    ).toEqual([]);
  });

  it('lets access/ itself and the policy readers do their work', () => {
    expect(
      problems(
        "import { scopeOf } from './row-scope.ts';\nexport const x = scopeOf(undefined);\n",
        'packages/server/src/access/permissions.service.ts',
      ),
    ).toEqual([]);
    expect(
      problems(
        "import { everyRow } from '../../access/row-scope.ts';\nexport const x = everyRow('automation');\n",
        IN_A_MODULE,
      ),
    ).toEqual([]);
  });
});

describe('the server layers fail lint on an import that points up (issue 40)', () => {
  const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

  it('refuses a module, or a higher layer, imported by a lower layer', () => {
    expect(
      problems(importing('../modules/records/records.service.ts'), 'packages/server/src/records/catalog.ts'),
    ).toEqual([expect.stringContaining('records/ sits below')]);
    expect(
      problems(importing('../access/identity.ts'), 'packages/server/src/records/record-values.ts'),
    ).toEqual([expect.stringContaining('records/ sits below')]);
    expect(
      problems(importing('../../records/catalog.ts'), 'packages/server/src/db/migrations/0030-x.ts'),
    ).toEqual([expect.stringContaining('db/ sits below')]);
    expect(problems(importing('../app.ts'), 'packages/server/src/events/event-log.ts')).toEqual([
      expect.stringContaining('events/ sits below'),
    ]);
    expect(
      problems(importing('../modules/auth/auth.repository.ts'), 'packages/server/src/access/x.ts'),
    ).toEqual([expect.stringContaining('access/ sits below')]);
  });

  it('lets a layer import the layers below it and the domain package, and a module any layer', () => {
    expect(problems(importing('../records/catalog.ts'), 'packages/server/src/access/x.ts')).toEqual([]);
    expect(problems(importing('../db/schema.ts'), 'packages/server/src/records/x.ts')).toEqual([]);
    expect(
      problems(importing('@talkbase/domain/records/value-kinds'), 'packages/server/src/db/x.ts'),
    ).toEqual([]);
    expect(problems(importing('../../events/event-stream.ts'), IN_A_MODULE)).toEqual([]);
  });

  it("refuses a module's routes file imported anywhere but the one list of route plugins", () => {
    expect(problems(importing('./modules/tags/tags.routes.ts'), 'packages/server/src/app.ts')).toEqual([
      expect.stringContaining('route-plugins.ts, the one list'),
    ]);
    expect(problems(importing('../tags/tags.routes.ts'), IN_A_MODULE)).toEqual([
      expect.stringContaining('route-plugins.ts, the one list'),
    ]);
    expect(problems(importing('../services.ts'), 'packages/server/src/realtime/hub.ts')).toEqual([
      expect.stringContaining('realtime/ sits below'),
    ]);
    expect(
      problems(importing('./modules/tags/tags.routes.ts'), 'packages/server/src/route-plugins.ts'),
    ).toEqual([]);
    expect(
      problems(
        importing('./account-life.routes.ts'),
        'packages/server/src/modules/accounts/accounts.routes.ts',
      ),
    ).toEqual([]);
  });
});

describe('the web app and domain layers fail lint on an import that points up (issue 40)', () => {
  const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

  it('refuses a feature or the app imported by fields/, ui/, api/ or i18n/, and the app by a feature', () => {
    expect(
      problems(
        importing('../../../features/filters/useSavedFilters.ts'),
        'packages/web/src/fields/editors/complex/X.tsx',
      ),
    ).toEqual([expect.stringContaining('sit below every feature')]);
    expect(problems(importing('../app/screens.ts'), 'packages/web/src/ui/Thing.tsx')).toEqual([
      expect.stringContaining('sit below every feature'),
    ]);
    expect(problems(importing('../../app/Shell.tsx'), 'packages/web/src/features/tags/TagChips.tsx')).toEqual(
      [expect.stringContaining('does not import the app shell')],
    );
  });

  it('refuses the server, the web app or a path outside the package in the domain', () => {
    expect(problems(importing('@talkbase/server/app'), 'packages/domain/src/records/x.ts')).toEqual([
      expect.stringContaining('imports neither'),
    ]);
    expect(problems(importing('../../../server/src/app.ts'), 'packages/domain/src/records/x.ts')).toEqual([
      expect.stringContaining('imports nothing outside'),
    ]);
  });

  it('lets features use the lower layers and each other, and the domain its own files', () => {
    expect(
      problems(importing('../../fields/registry.ts'), 'packages/web/src/features/tags/TagChips.tsx'),
    ).toEqual([]);
    expect(problems(importing('../records/slots.ts'), 'packages/web/src/features/tags/TagChips.tsx')).toEqual(
      [],
    );
    expect(
      problems(importing('../fields/select.ts'), 'packages/domain/src/search/attribute-words.ts'),
    ).toEqual([]);
  });
});
