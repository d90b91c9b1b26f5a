import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

const mainTs = path.join(import.meta.dirname, 'main.ts');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [mainTs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

describe('the server process', () => {
  it('exits with code 1 and names a bad setting', async () => {
    const p = run({ PORT: '99999', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tb-')) });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT: PORT deve estar entre 0 e 65535');
  });

  it('starts, prints a generated admin password once, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tb-'));
    const port = String(await freePort());
    const env = {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: '',
      DATABASE_URL: '',
      SEED: 'none',
    };
    const first = run(env);
    const health = async () => {
      for (let i = 0; i < 100; i++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (res.ok) return res;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start: ${first.output()}`);
    };
    await health();
    expect(first.output()).toMatch(/senha gerada: \S{20,}/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'talkbase.db'))).toBe(true);

    // Second start on the same data: no new password is generated or printed.
    const second = run(env);
    await health();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('senha gerada');
  });

  it("gives the heap's garbage back once no request has come for a while, and keeps answering", async () => {
    const port = String(await freePort());
    const p = run({
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tb-')),
      ADMIN_PASSWORD: 'Idle-Memory-Test-2026',
      DATABASE_URL: '',
      SEED: 'none',
      LOG_LEVEL: 'debug',
    });
    const url = `http://127.0.0.1:${port}/api/health`;
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up).toBe(true);
    // Start-up (migrations, the first admin) leaves garbage; 5 s after the last request it is collected.
    const released = /memória liberada após período ocioso: heap (\d+) → (\d+) MiB/;
    for (let i = 0; i < 150 && !released.test(p.output()); i++) await new Promise((r) => setTimeout(r, 100));
    const [, before, after] = released.exec(p.output()) ?? [];
    expect(Number(after)).toBeLessThan(Number(before));
    expect((await fetch(url)).ok).toBe(true);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 30_000);
});
