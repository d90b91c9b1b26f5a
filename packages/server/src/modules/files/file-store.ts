import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the bytes of uploaded files live. The database says whose they are (talk_files); the store
 * only keeps bytes under opaque keys it makes, so another backend (object storage) fits behind the
 * same four calls.
 */
export interface FileStore {
  /** Streams `source` in under a new key; once it resolves the bytes are durable under that key. */
  put(source: Readable, prefix: string): Promise<string>;
  /** The stored bytes; rejects with `FileMissingError` before any byte when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Forgets a key; a key already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key with when it was written, for the sweep of bytes no row refers to. */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>;
}

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`Arquivo ausente no armazenamento: ${key}`);
  }
}

const PREFIX = /^[a-z0-9-]{1,40}$/;
const KEY = /^([a-z0-9-]{1,40})\/([0-9a-f]{2})\/([0-9a-f]{32})$/;
/** Temporary files older than this were left by a crash, not by an upload in progress. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/**
 * The local disk: `{root}/{prefix}/{ab}/{32 hex}`, one file per upload (never shared by two rows,
 * so deleting one row's bytes can never take another's). Bytes are written to `{root}/tmp` first,
 * flushed, then renamed into place, so a crash never leaves half a file under its final name;
 * `tmp` is inside `root` so the rename stays on one filesystem and is atomic.
 */
export class LocalFileStore implements FileStore {
  readonly root: string;
  private readonly tmp: string;
  private ready: Promise<void> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmp = path.join(this.root, 'tmp');
  }

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await fs.promises.mkdir(this.tmp, { recursive: true });
      const now = Date.now();
      for (const name of await fs.promises.readdir(this.tmp)) {
        const file = path.join(this.tmp, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.promises.rm(file, { force: true });
      }
    })();
    return this.ready;
  }

  async put(source: Readable, prefix: string): Promise<string> {
    if (!PREFIX.test(prefix)) throw new Error(`Prefixo de armazenamento inválido: ${prefix}`);
    await this.init();
    const id = crypto.randomBytes(16).toString('hex');
    const key = `${prefix}/${id.slice(0, 2)}/${id}`;
    const temp = path.join(this.tmp, `${id}.part`);
    try {
      // `flush` fsyncs before close: the rename below must not publish bytes still in the page cache.
      await pipeline(source, fs.createWriteStream(temp, { flags: 'wx', flush: true }));
      const final = this.pathOf(key);
      await fs.promises.mkdir(path.dirname(final), { recursive: true });
      await fs.promises.rename(temp, final);
      await syncDirectory(path.dirname(final));
      return key;
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    // Opening first turns a missing file into an error before the caller has answered anything.
    const handle = await fs.promises.open(this.pathOf(key), 'r').catch((err: unknown) => {
      throw (err as NodeJS.ErrnoException).code === 'ENOENT' ? new FileMissingError(key) : err;
    });
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: number }> {
    const prefixes = await fs.promises.readdir(this.root).catch(() => [] as string[]);
    for (const prefix of prefixes) {
      if (prefix === 'tmp' || !PREFIX.test(prefix)) continue;
      const shards = await fs.promises.readdir(path.join(this.root, prefix)).catch(() => [] as string[]);
      for (const shard of shards) {
        const dir = path.join(this.root, prefix, shard);
        for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
          const key = `${prefix}/${shard}/${name}`;
          if (!KEY.test(key)) continue;
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
          if (stat) yield { key, modifiedAt: stat.mtimeMs };
        }
      }
    }
  }

  /** Keys are made here; anything else (a path with `..`) is refused before touching the disk. */
  private pathOf(key: string): string {
    const m = KEY.exec(key);
    if (!m) throw new Error(`Chave de armazenamento inválida: ${key}`);
    return path.join(this.root, key);
  }
}

/** The rename is durable only once its directory entry is. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on a directory; the file itself was flushed.
  } finally {
    await handle.close();
  }
}

/**
 * Forgets keys whose rows are gone. A failure here only leaves bytes behind for the sweep, so it
 * never fails the call that already committed.
 */
export async function discard(store: FileStore, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.delete(key)));
}
