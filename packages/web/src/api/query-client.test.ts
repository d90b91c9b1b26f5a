import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../test/fetch-stub.ts';
import { apiRequest } from './client.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** How many times the app's query client asks the server before it gives up on an answer. */
async function attempts(status: number): Promise<number> {
  const calls = stubFetch(on('GET', '/api/thing', status, { errors: [{ message: 'Falhou.' }] }));
  const client = createQueryClient();
  await expect(
    client.query({
      queryKey: ['thing', status],
      queryFn: () => apiRequest('/api/thing'),
      retryDelay: 0,
    }),
  ).rejects.toThrow('Falhou.');
  client.clear();
  return calls.length;
}

describe('query retries', () => {
  it('tries a server failure three times in all', async () => {
    expect(await attempts(500)).toBe(3);
    expect(await attempts(503)).toBe(3);
  });

  it('asks once when the answer will not change: a client error, or a query the database gave up on (504)', async () => {
    expect(await attempts(422)).toBe(1);
    expect(await attempts(404)).toBe(1);
    expect(await attempts(504)).toBe(1);
  });
});
