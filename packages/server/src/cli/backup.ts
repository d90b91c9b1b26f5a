import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/**
 * Online backup and restore of a Talkbase installation (docs/deploy.md "Backups"): the database of
 * DATABASE_URL (pg_dump/pg_restore) or DATA_DIR/talkbase.db (SQLite's VACUUM INTO, a consistent
 * copy taken while the server goes on writing), and the uploaded files under DATA_DIR/files.
 *
 *   npm run backup -- /var/backups/talkbase       → /var/backups/talkbase/talkbase-AAAAMMDD-HHMMSS/
 *   npm run restore -- /var/backups/talkbase/talkbase-AAAAMMDD-HHMMSS   (servers stopped)
 *
 * The database is copied before the files: every file a record of the copy points at was stored
 * before that record was committed, so it is in the files copied afterwards (a file uploaded in
 * between is merely extra, and the server's start-up clean-up does not need it).
 */

const USAGE = `Uso:
  npm run backup -- <pasta de destino>
  npm run restore -- <pasta de um backup>   (com os servidores parados)`;

class CliError extends Error {}

function fsProblem(code: string): string {
  if (code === 'EACCES' || code === 'EPERM')
    return 'Sem permissão para este caminho (rode como o usuário dono dele)';
  if (code === 'ENOSPC') return 'Não há espaço em disco';
  if (code === 'ENOENT') return 'Caminho não encontrado';
  return 'Não foi possível ler ou gravar';
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const sqliteFile = (config: Config) => path.join(config.dataDir, 'talkbase.db');
const filesDir = (dir: string) => path.join(dir, 'files');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new CliError(`${command} não pôde ser executado: ${result.error.message}`);
  if (result.status !== 0) throw new CliError(`${command} falhou:\n${result.stderr.trim()}`);
}

function integrityOf(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Copies the uploaded files (their temporary folder left out). */
function copyFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(from, src);
      if (rel === 'tmp' || rel.startsWith(`tmp${path.sep}`)) return false;
      if (fs.statSync(src).isFile()) count++;
      return true;
    },
  });
  return count;
}

export function backup(config: Config, destination: string): string {
  const parent = path.resolve(destination);
  fs.mkdirSync(parent, { recursive: true });
  // A folder of its own, even for two backups within the same second.
  let target = path.join(parent, `talkbase-${stamp()}`);
  for (let n = 2; fs.existsSync(target); n++) target = path.join(parent, `talkbase-${stamp()}-${n}`);
  fs.mkdirSync(target);
  if (config.databaseUrl) {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(target, 'talkbase.dump'),
      config.databaseUrl,
    ]);
  } else {
    const source = sqliteFile(config);
    if (!fs.existsSync(source)) throw new CliError(`Não há banco em ${source} (DATA_DIR).`);
    const db = new BetterSqlite3(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('vacuum into ?').run(path.join(target, 'talkbase.db'));
    } finally {
      db.close();
    }
    const check = integrityOf(path.join(target, 'talkbase.db'));
    if (check !== 'ok')
      throw new CliError(`A cópia do banco não passou na verificação de integridade: ${check}`);
  }
  const files = copyFiles(filesDir(config.dataDir), filesDir(target));
  process.stdout.write(`Backup em ${target} (${files} arquivo(s) anexado(s)).\n`);
  return target;
}

export function restore(config: Config, source: string): void {
  const from = path.resolve(source);
  const dump = path.join(from, 'talkbase.dump');
  const copy = path.join(from, 'talkbase.db');
  const aside = `antes-da-restauracao-${stamp()}`;
  if (config.databaseUrl) {
    if (!fs.existsSync(dump)) throw new CliError(`${dump} não existe: não é um backup de PostgreSQL.`);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      config.databaseUrl,
      dump,
    ]);
  } else {
    if (!fs.existsSync(copy)) throw new CliError(`${copy} não existe: não é um backup de SQLite.`);
    const check = integrityOf(copy);
    if (check !== 'ok') throw new CliError(`O backup não passou na verificação de integridade: ${check}`);
    const live = sqliteFile(config);
    fs.mkdirSync(config.dataDir, { recursive: true });
    if (fs.existsSync(live)) fs.renameSync(live, `${live}.${aside}`);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${live}${suffix}`, { force: true });
    fs.copyFileSync(copy, live);
  }
  const liveFiles = filesDir(config.dataDir);
  if (fs.existsSync(liveFiles)) fs.renameSync(liveFiles, `${liveFiles}.${aside}`);
  const files = copyFiles(filesDir(from), liveFiles);
  process.stdout.write(
    `Restaurado de ${from} (${files} arquivo(s) anexado(s)); o estado anterior ficou ao lado, com o sufixo .${aside}.\n`,
  );
}

function main(argv: string[]): void {
  const [command, dir, ...extra] = argv;
  if (!dir || extra.length > 0 || (command !== 'backup' && command !== 'restore')) throw new CliError(USAGE);
  const config = loadConfig(process.env);
  if (command === 'backup') backup(config, dir);
  else restore(config, dir);
}

if (import.meta.main) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    if (err instanceof CliError || err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    // A folder that cannot be made or read, a full disk: the operator's to fix, said plainly.
    const code = (err as NodeJS.ErrnoException).code;
    if (code && typeof (err as NodeJS.ErrnoException).syscall === 'string') {
      const target = (err as NodeJS.ErrnoException).path ?? '';
      process.stderr.write(`${fsProblem(code)}${target ? `: ${target}` : ''} (${code}).\n`);
      process.exit(1);
    }
    throw err;
  }
}
