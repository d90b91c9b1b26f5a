import { z } from 'zod';

/**
 * The largest id of any row: PostgreSQL keys rows by 32-bit `serial`, so a larger id can name no
 * row, and taking one into a query would fail there. Every id the API takes is checked against it.
 */
export const MAX_ID = 2147483647;

export const idSchema = z.coerce.number().int().positive().max(MAX_ID, 'Identificador inválido.');
