import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's Node flags (docs/decisions.md "Records engine performance"): the young generation is
 * capped so the process stays within its memory budget. `npm start` (the root `serve` script), the
 * server package's `start`, `npm run dev` and the systemd unit must run it alike; the benches read
 * the flags from `serve`.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const flagsOf = (command: string) =>
  command.split(/\s+/).filter((w) => w.startsWith('--') && w !== '--watch');

describe('the Node flags the server runs with', () => {
  it('are the same for npm start, npm run dev, the server package and the systemd unit', () => {
    const scripts = (file: string) =>
      (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { scripts: Record<string, string> })
        .scripts;
    const serve = flagsOf(scripts('package.json').serve ?? '');
    expect(serve).toContain('--max-semi-space-size=4');
    expect(flagsOf(scripts('package.json').dev ?? '')).toEqual(serve);
    expect(flagsOf(scripts('packages/server/package.json').start ?? '')).toEqual(serve);
    const unit = fs.readFileSync(path.join(root, 'deploy/systemd/talkbase@.service'), 'utf8');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    expect(flagsOf(execStart)).toEqual(serve);
  });

  it("keep Node's compile cache, in the project, from the first module on", () => {
    const serve = flagsOf(
      (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } })
        .scripts.serve,
    );
    expect(serve).toContain('--import=@talkbase/server/compile-cache');
    // What a module loaded after the preload sees: the cache on, in node_modules/.cache.
    const dir = execFileSync(
      process.execPath,
      [
        ...serve,
        '--input-type=module',
        '-e',
        "console.log((await import('node:module')).getCompileCacheDir())",
      ],
      { cwd: root, encoding: 'utf8' },
    ).trim();
    expect(dir).toMatch(/node_modules\/\.cache\/talkbase-compile/);
    expect(fs.existsSync(dir)).toBe(true);
  });
});
