import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MAX_PAGE_SIZE, type Paging } from './paging.ts';

/**
 * A page larger than MAX_PAGE_SIZE (the spec's 10,000 and 999,999 fetches, 001 §9) is written as it
 * is read: `{"itens":[` … `],"totalResults":n,"currentPage":p}`, one chunk of at most MAX_PAGE_SIZE
 * rows at a time, read only when the client has taken the previous one (the stream's backpressure).
 * Memory holds one chunk whatever the page size. A failure after the first byte ends the response
 * unfinished — invalid JSON the client notices — never a shorter list that looks complete.
 */
export interface StreamedList<T> {
  totalResults: number;
  currentPage: number;
  chunks: AsyncIterable<T[]>;
}

export function sendStreamedList<T>(reply: FastifyReply, list: StreamedList<T>): FastifyReply {
  async function* body(): AsyncGenerator<string> {
    yield '{"itens":[';
    let first = true;
    for await (const chunk of list.chunks) {
      if (chunk.length === 0) continue;
      const text = chunk.map((item) => JSON.stringify(item)).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield `],"totalResults":${list.totalResults},"currentPage":${list.currentPage}}`;
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(body(), { objectMode: false }));
}

/**
 * The rows of a page read by offset, MAX_PAGE_SIZE at a time. For pages of up to ten chunks (the
 * 10,000-row lists): each chunk is a short query, the connection is free between them.
 */
export async function* offsetChunks<T>(
  p: Paging,
  read: (offset: number, limit: number) => Promise<T[]>,
  chunkSize = MAX_PAGE_SIZE,
): AsyncGenerator<T[]> {
  const end = p.offset + p.fetch;
  for (let offset = p.offset; offset < end; offset += chunkSize) {
    const rows = await read(offset, Math.min(chunkSize, end - offset));
    yield rows;
    if (rows.length < Math.min(chunkSize, end - offset)) return;
  }
}

/**
 * A streamed page read by offset chunks: the first chunk gives the total, each further chunk is read
 * when the client has taken the last one; `present` turns a chunk's rows into the answer's items.
 */
export async function streamedPages<R, T>(
  p: Paging,
  read: (offset: number, limit: number) => Promise<{ rows: R[]; total: number }>,
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<StreamedList<T>> {
  const firstLimit = Math.min(MAX_PAGE_SIZE, p.fetch);
  const first = await read(p.offset, firstLimit);
  async function* chunks(): AsyncGenerator<T[]> {
    yield await present(first.rows);
    if (first.rows.length < firstLimit) return;
    const rest = { ...p, offset: p.offset + firstLimit, fetch: p.fetch - firstLimit };
    for await (const rows of offsetChunks(rest, async (offset, limit) => (await read(offset, limit)).rows))
      yield await present(rows);
  }
  return { totalResults: first.total, currentPage: p.page, chunks: chunks() };
}

/** The chunks of an empty page. */
export async function* emptyChunks(): AsyncGenerator<never[]> {}
