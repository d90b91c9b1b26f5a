import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// The rules eslint.config.js applies to the server: this test lints code against exactly them.
import { accessBoundary, accessRepositoryBoundary } from '../../../../eslint/boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function problems(code: string, file: string): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    code,
    [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      accessBoundary,
      accessRepositoryBoundary,
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
