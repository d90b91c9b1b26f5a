import { z } from 'zod';

/** Every error answer of the API: `{ errors: [{ message, field? }] }` (GUIDE §4). */
export const apiErrorSchema = z.object({
  errors: z.array(z.object({ message: z.string(), field: z.string().optional() })),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
