import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { badRequest, HttpError } from '../../http/errors.ts';
import { importMessages } from './import-messages.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, tooLarge, Turn } from './import-limits.ts';

/**
 * A CSV file read from a stream (csv-parse's streaming parser) with the caps of import-limits.ts
 * checked while it is read: the bytes as they arrive, the cells of a line as they are parsed, the
 * rows as they come out. The first cap passed stops the reading (413) and nothing more is taken.
 */

/**
 * A read file. Each row is kept as one string, its cells joined by NUL (a file with a NUL byte is
 * not a CSV and is refused): a file of many short cells costs about its own size, not one string
 * and one array slot per cell.
 */
export interface CsvTable {
  header: string[];
  rows: string[];
}

const CELL_SEPARATOR = '\u0000';
export const cellsOf = (row: string | undefined): string[] =>
  row === undefined ? [] : row.split(CELL_SEPARATOR);
/** One cell of a row (r counts data rows from 0), or '' when there is none. */
export const cellAt = (rows: string[], r: number, c: number): string => cellsOf(rows[r])[c] ?? '';

/** Slices handed to the parser: a chunk is parsed in one go, so none may be large. */
const SLICE = 64 * 1024;
/** Most of the first line read to choose the delimiter. */
const HEAD_BYTES = 1024 * 1024;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts the cells of each line in the bytes, before the parser builds the line: csv-parse holds a
 * whole line's cells until its end and has no cap on their number (its per-cell hook, `cast`,
 * doubles the parsing time). A delimiter outside quotes starts a cell; a line break outside quotes
 * ends the line. A quote toggles the state, which `""` inside a quoted cell leaves as it was; a
 * quote anywhere else is an error of the parser's.
 */
function cellCounter(delimiter: number): (slice: Buffer) => void {
  let quoted = false;
  let cells = 1;
  return (slice) => {
    for (let i = 0; i < slice.length; i++) {
      const byte = slice[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (quoted) continue;
      else if (byte === delimiter) {
        if (++cells > MAX_IMPORT_COLUMNS)
          throw new HttpError(413, importMessages.tooManyColumns(MAX_IMPORT_COLUMNS), {
            connection: 'close',
          });
      } else if (byte === LF || byte === CR) cells = 1;
    }
  };
}

/** The file's bytes as they arrive, in slices, refused past the size cap or with a NUL byte. */
async function* capped(file: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of file) {
    bytes += chunk.length;
    if (bytes > MAX_IMPORT_BYTES) throw tooLarge();
    // A binary file (or UTF-16 text): not a CSV.
    if (chunk.includes(0)) throw badRequest(importMessages.notCsv(undefined));
    for (let at = 0; at < chunk.length; at += SLICE) yield chunk.subarray(at, at + SLICE);
  }
}

/** ';' (pt-BR) unless the first line has more ',' or tabs (`head` ends at its line break). */
function delimiterOf(head: Buffer[]): string {
  const count = { '\t': 0, ';': 0, ',': 0 };
  for (const slice of head)
    for (const byte of slice) {
      if (byte === LF) break;
      if (byte === 0x09) count['\t']++;
      else if (byte === 0x3b) count[';']++;
      else if (byte === 0x2c) count[',']++;
    }
  if (count['\t'] > count[';'] && count['\t'] > count[',']) return '\t';
  return count[','] > count[';'] ? ',' : ';';
}

/** Reads a CSV upload: its header and rows, BOM dropped, empty lines skipped. */
export async function readCsvStream(file: AsyncIterable<Buffer>): Promise<CsvTable> {
  const input = capped(file);
  // The delimiter is chosen from the first line (its first megabyte, if it is longer): the slices
  // up to its end are held to choose it.
  const head: Buffer[] = [];
  let held = 0;
  let next = await input.next();
  while (!next.done) {
    head.push(next.value);
    held += next.value.length;
    if (next.value.includes(LF) || held >= HEAD_BYTES) break;
    next = await input.next();
  }
  const ended = next.done === true;
  const delimiter = delimiterOf(head);
  const countCells = cellCounter(delimiter.charCodeAt(0));
  async function* whole(): AsyncGenerator<Buffer> {
    try {
      for (const slice of head) {
        countCells(slice);
        yield slice;
      }
      if (ended) return;
      for await (const slice of input) {
        countCells(slice);
        yield slice;
      }
    } finally {
      // Stopped early (a cap, a parse error): the upload's stream is let go, not read on.
      await input.return(undefined);
    }
  }
  const parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true });
  // Errors of the source (a cap, a NUL byte) and of the parser end the iteration below.
  const records = pipeline(whole(), parser, () => {}) as AsyncIterable<string[]>;
  let header: string[] | undefined;
  const rows: string[] = [];
  const turn = new Turn();
  try {
    for await (const record of records) {
      if (rows.length === MAX_IMPORT_ROWS)
        throw new HttpError(413, importMessages.tooManyRows(MAX_IMPORT_ROWS), { connection: 'close' });
      const row = record.join(CELL_SEPARATOR);
      // Bytes that are not UTF-8 (another encoding, a binary file) decode to U+FFFD.
      if (row.includes('\uFFFD')) throw badRequest(importMessages.notCsv(undefined));
      if (header) rows.push(row);
      else header = record;
      if (turn.due()) await turn.next();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const line = (err as { lines?: unknown }).lines;
    throw badRequest(importMessages.notCsv(typeof line === 'number' ? line : undefined));
  }
  return { header: header ?? [], rows };
}
