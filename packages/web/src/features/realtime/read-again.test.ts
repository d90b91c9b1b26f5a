import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAgain } from './read-again.ts';

/** A server whose answers the test releases one by one, each with what it holds when it is asked. */
function heldServer() {
  let rows = ['old'];
  const pending: (() => void)[] = [];
  return {
    write: (row: string) => (rows = [...rows, row]),
    read: () =>
      new Promise<string[]>((resolve) => {
        const answer = rows;
        pending.push(() => resolve(answer));
      }),
    releaseAll: () => {
      for (const release of pending.splice(0)) release();
    },
    get asked() {
      return pending.length;
    },
  };
}

function watched(client: QueryClient, read: () => Promise<string[]>) {
  const observer = new QueryObserver(client, { queryKey: ['thread'], queryFn: read });
  const seen: (string[] | undefined)[] = [];
  const stop = observer.subscribe((r) => seen.push(r.data));
  return { observer, seen, stop };
}

describe('readAgain', () => {
  it('shows a change pushed while the first load, read before it, is still in flight', async () => {
    const client = new QueryClient();
    const server = heldServer();
    const { observer, stop } = watched(client, server.read);
    expect(server.asked).toBe(1); // the first load, answered with what was there before the change

    server.write('pushed');
    void readAgain(client, { queryKey: ['thread'] });
    await expect.poll(() => server.asked).toBe(2); // read again, after the push
    // Both answers arrive, the stale first one first: only the read after the push shows.
    server.releaseAll();
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['old', 'pushed']);
    await new Promise((r) => setTimeout(r, 0));
    expect(observer.getCurrentResult().data).toEqual(['old', 'pushed']);
    stop();
    client.clear();
  });

  it('keeps the data shown while a refetch is replaced by the read after the push', async () => {
    const client = new QueryClient();
    const server = heldServer();
    const { observer, seen, stop } = watched(client, server.read);
    server.releaseAll();
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['old']);

    void observer.refetch();
    server.write('pushed');
    void readAgain(client, { queryKey: ['thread'] });
    await expect.poll(() => server.asked).toBe(2);
    server.releaseAll();
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['old', 'pushed']);
    // Once shown, the data stays on screen through the cancelled refetch.
    expect(seen.slice(seen.findIndex((d) => d !== undefined))).not.toContain(undefined);
    stop();
    client.clear();
  });
});
