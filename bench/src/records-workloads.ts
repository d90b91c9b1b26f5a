import type { LoadSpec } from './cannon.ts';

/** The records bench's admin (bench:records signs in as it; bench:alloc on the same data set). */
export const RECORDS_ADMIN = { email: 'records@talkbase.test', password: 'Records-Bench-2026' };

/**
 * The records bench's workloads on the `chamado` subject of N loaded tickets: the peer's five
 * (read one, filtered+sorted page of 50, search hit, search miss, create) and the global search's
 * hit and miss. `createFrom` numbers the new tickets after the loaded ones.
 */
export function recordsWorkloads(
  n: number,
  createFrom: number,
): { name: string; workload: LoadSpec['workload'] }[] {
  const filter = (body: unknown): LoadSpec['workload'] => ({
    factory: 'fixed',
    args: { method: 'POST', path: '/api/talk/filter/chamado', body: JSON.stringify(body) },
  });
  const get = (p: string): LoadSpec['workload'] => ({ factory: 'fixed', args: { method: 'GET', path: p } });
  return [
    { name: 'get_by_id', workload: { factory: 'randomId', args: { prefix: '/api/talk/chamado/', n } } },
    {
      name: 'list_filter_sort',
      workload: filter({
        fetch: 50,
        filterJson: { attribute: 'situacao', operator: 'equal', value: 'open' },
        order: { attribute: 'prazo', direction: 1 },
      }),
    },
    { name: 'search_hit', workload: filter({ fetch: 50, term: 'refund' }) },
    { name: 'search_miss', workload: filter({ fetch: 50, term: 'zqxj' }) },
    // The global search (GET /api/search, issue 14): every subject the account reads, a page of 10.
    { name: 'global_search_hit', workload: get('/api/search?q=refund') },
    { name: 'global_search_miss', workload: get('/api/search?q=zqxj') },
    // New tickets from the peer's generator.
    { name: 'create', workload: { factory: 'createTicket', args: { from: createFrom } } },
  ];
}
