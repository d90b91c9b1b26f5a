import { z } from 'zod';

/**
 * Every list answers one page: `{ itens, totalResults, currentPage }` (the spec's spelling). The
 * answer schemas of the API (issue 17 item 3) build theirs with this.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    itens: z.array(item),
    totalResults: z.number().int().min(0),
    currentPage: z.number().int().min(1),
  });

/** `{ resourceId }`: what a create answers (with 201 and `Location`). */
export const resourceIdSchema = z.object({ resourceId: z.number().int() });
