import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/**
 * The WAL checkpointer's thread (sqlite-checkpointer.ts): a connection of its own that copies the
 * committed WAL frames into the database file when asked, so the copy and its fsync never stop
 * the server's event loop.
 */
const db = new BetterSqlite3((workerData as { file: string }).file);
db.pragma('busy_timeout = 1000');
parentPort?.on('message', (message: string) => {
  if (message === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  let answer: { log: number; checkpointed: number } | { error: string };
  try {
    // PASSIVE: copies what no reader still needs and never waits for the writer or the readers.
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    answer = { log: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 };
  } catch (err) {
    answer = { error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
