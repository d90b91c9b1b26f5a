// Types only: the contract module's schemas (zod) stay out of the grid's first load.
import type { SlaActiveAnswer } from '@talkbase/domain/contracts/sla';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

/** Service levels count the tickets' subject only (modules/sla). */
export const isTicketSubject = (subject: string) => subject.toLowerCase() === 'chamado';

/**
 * Whether the subject's grid has its SLA column: the tickets' grid of a company with an active
 * policy (GET /api/sla/active). Other subjects ask nothing.
 */
export function useSlaColumn(subject: string): boolean {
  const tickets = isTicketSubject(subject);
  const query = useQuery({
    queryKey: ['sla', 'active', subject.toLowerCase()],
    queryFn: ({ signal }) =>
      apiRequest<SlaActiveAnswer>(`/api/sla/active?subject=${encodeURIComponent(subject)}`, { signal }),
    enabled: tickets,
    staleTime: 60_000,
  });
  return tickets && query.data?.active === true;
}
