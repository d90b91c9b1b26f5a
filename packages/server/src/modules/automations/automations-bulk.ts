import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { as } from '../../test/harness.ts';
import type { AutomationFixture } from './automations-setup.ts';

/**
 * What the engine tests of issue 33 share (automations-runs-end, -lanes, -pause): many records
 * written straight into the subject's table (no events, as the bench loads them), a run as the API
 * answers it, the subject's record count, and a poll with a deadline.
 */
type Loose = Kysely<Record<string, Record<string, unknown>>>;
export const loose = (f: AutomationFixture) => f.t.db.kysely as never as Loose;

/** `n` `pedido` records (titulo `R{i}`) inserted straight into the table, 500 a statement. */
export async function insertRecords(f: AutomationFixture, n: number): Promise<void> {
  const now = Date.now();
  const titulo = `a_${f.attr.titulo}`;
  for (let from = 0; from < n; from += 500) {
    const rows = Array.from({ length: Math.min(500, n - from) }, (_, i) => ({
      is_active: 1,
      version: 1,
      created_at: now,
      created_by: f.accountId,
      updated_at: now,
      updated_by: f.accountId,
      search_text: `r${from + i}`,
      [titulo]: `R${from + i}`,
    }));
    await loose(f).insertInto(`subject_${f.subjectId}`).values(rows).execute();
  }
}

export async function countRecords(f: AutomationFixture, where?: [string, unknown]): Promise<number> {
  let q = loose(f)
    .selectFrom(`subject_${f.subjectId}`)
    .select((eb) => eb.fn.countAll().as('n'));
  if (where) q = q.where(`a_${f.attr[where[0]]}`, '=', where[1]);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface RunView {
  runId: number;
  status: string;
  steps: { status: string; error: string | null }[];
  progress?: { done: number; total: number | null };
}

export async function getRun(f: AutomationFixture, runId: number): Promise<RunView> {
  const res = await f.app.inject(as(f.token, { method: 'GET', url: `/api/job/run/${runId}` }));
  expect(res.statusCode).toBe(200);
  return res.json<RunView>();
}

/** POST /api/job/{jobId}/run: the run's id. */
export async function runOnExisting(f: AutomationFixture, jobId: number): Promise<number> {
  const res = await f.app.inject(as(f.token, { method: 'POST', url: `/api/job/${jobId}/run` }));
  expect(res.statusCode).toBe(202);
  return res.json<{ runId: number }>().runId;
}

/** Polls `probe` until it answers something truthy; fails with `what` after `ms`. */
export async function until<T>(what: string, ms: number, probe: () => Promise<T>): Promise<NonNullable<T>> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`esperado em ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
