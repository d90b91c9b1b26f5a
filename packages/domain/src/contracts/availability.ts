import { z } from 'zod';
import { parseIsoDate } from '../fields/civil-date.ts';
import { MAX_AVAILABILITY_DAYS, type AvailabilityDay } from '../fields/time-window.ts';
import { idSchema } from './ids.ts';

/**
 * The time window's free slots (spec 002 §3 "Availability window data"; §7 leaves the call
 * unnamed): `GET /api/availability/{subject}/{attributeId}?from=YYYY-MM-DD&days=7&talkId=`.
 */
export const availabilityPath = '/api/availability/:subject/:attributeId';

export const availabilityParamsSchema = z.object({
  subject: z.string().trim().min(1).max(60),
  attributeId: idSchema,
});

export const availabilityQuerySchema = z.object({
  /** The first day; today (company time zone) when absent. */
  from: z
    .string()
    .refine((s) => parseIsoDate(s) !== undefined, 'Informe a data no formato AAAA-MM-DD.')
    .optional(),
  days: z.coerce.number().int().min(1).max(MAX_AVAILABILITY_DAYS).default(7),
  /** The record being edited: its own booking does not take its slot from itself. */
  talkId: z.coerce.number().int().min(0).optional(),
});

export type AvailabilityAnswer = AvailabilityDay[];

/** The answer: each day with its slots (`horario` hh:mm) and the places left in each (`janelas`). */
export const availabilityAnswerSchema = z.array(
  z.object({
    id: z.string(),
    date: z.string(),
    hours: z.array(z.object({ horario: z.string(), janelas: z.number().int() })),
  }),
) satisfies z.ZodType<AvailabilityAnswer>;
