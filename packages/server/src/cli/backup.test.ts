import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { pdf, uploadTo } from '../modules/files/files-test-helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, as, login, testDatabaseUrl } from '../test/harness.ts';
import { createTalk } from '../test/records.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup` / `npm run restore` on SQLite (PostgreSQL's are pg_dump and pg_restore of the
 * whole database, which a test sharing one database with others must not run).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-backup-'));
const config = loadConfig({
  DATA_DIR: path.join(root, 'data'),
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SEED: 'none',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(root, 'no-web'),
});

async function openServer() {
  const db = openDatabase({ sqliteFile: path.join(config.dataDir, 'talkbase.db') });
  const app = await buildApp({ config, db, logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(testDatabaseUrl)('backup and restore (SQLite)', () => {
  it('copies the database and the files while the server runs, and restores them to a working server', async () => {
    let server = await openServer();
    let token = (await login(server.app)).token;
    const subject = await server.app.inject(
      as(token, {
        method: 'POST',
        url: '/api/subject',
        payload: {
          identifier: 'contrato',
          name: 'Contrato',
          attributes: [
            { identifier: 'titulo', name: 'Título', componentId: 1 },
            { identifier: 'anexo', name: 'Anexo', componentId: 22 },
          ],
        },
      }),
    );
    expect(subject.statusCode, subject.body).toBe(201);
    const anexo =
      subject
        .json<{ subjectAttributes: { subjectAttributeId: number; identifier: string }[] }>()
        .subjectAttributes.find((a) => a.identifier === 'anexo')?.subjectAttributeId ?? 0;
    const kept = await createTalk(server.app, token, 'contrato', { titulo: 'Antes do backup' });
    const document = pdf('contrato assinado');
    const upload = await uploadTo(server.app, token, `/api/value/file/contrato/${kept}/${anexo}`, [
      { name: 'contrato.pdf', data: document, type: 'application/pdf' },
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    const fileUrl = upload.json<{ files: { url: string }[] }>().files[0]?.url ?? '';

    // Taken while the server is open and has written (WAL not checkpointed).
    const target = backup(config, path.join(root, 'backups'));
    expect(fs.readdirSync(target).sort()).toEqual(['files', 'talkbase.db']);

    // Life goes on after the backup: a record the backup must not bring back.
    const later = await createTalk(server.app, token, 'contrato', { titulo: 'Depois do backup' });
    await server.close();

    restore(config, target);
    expect(
      fs.readdirSync(config.dataDir).some((f) => f.startsWith('talkbase.db.antes-da-restauracao-')),
    ).toBe(true);

    server = await openServer();
    token = (await login(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const read = (id: number) =>
      server.app.inject(as(token, { method: 'GET', url: `/api/talk/contrato/${id}` }));
    expect((await read(kept)).statusCode).toBe(200);
    expect((await read(later)).statusCode).toBe(404);
    const download = await server.app.inject(as(token, { method: 'GET', url: fileUrl }));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(document)).toBe(true);
    // The restored server takes writes.
    await createTalk(server.app, token, 'contrato', { titulo: 'Depois da restauração' });
    await server.close();
  });

  it('refuses a folder that is not a backup, saying why', () => {
    const empty = fs.mkdtempSync(path.join(root, 'vazio-'));
    expect(() => restore(config, empty)).toThrow(/não é um backup de SQLite/);
  });

  it('says plainly, without a stack trace, when the backup folder cannot be made', () => {
    // A folder inside a file: refused to root too (a read-only folder is not, to root).
    const file = path.join(root, 'um-arquivo');
    fs.writeFileSync(file, '');
    const run = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'backup.ts'), 'backup', path.join(file, 'copia')],
      {
        env: { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Não foi possível ler ou gravar: .*um-arquivo.* \(ENOTDIR\)\.\n$/);
    expect(run.stderr).not.toMatch(/\bat \S+ \(/);
  });
});
