import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTER_DEPTH } from '@talkbase/domain/filters/filter-tree';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';

let t: TestApp;
let customerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app);
  await createCrm(t.app, admin.token);
  const customer = await createPerson(t.app, admin.token, { roomId: 1196 });
  customerToken = (await login(t.app, customer.email, customer.password)).token;
});
afterAll(async () => {
  await t.close();
});

/** The JSON text of `levels` groups around one rule (JSON.stringify itself would overflow at depth). */
function nestedJson(levels: number): string {
  const rule = '{"attribute":"titulo","operator":"equal","value":"x"}';
  return '{"condition":"E","rules":['.repeat(levels) + rule + ']}'.repeat(levels);
}

describe('a filter tree nested past the limit (security probe: 1,000 levels gave 500)', () => {
  it.each([
    ['an object', 1_000, false],
    ['an object', 15_000, false],
    ['JSON text', 1_000, true],
    ['JSON text', 3_000, true],
  ])('as %s, %i levels deep, is refused with 400 and the depth message', async (_form, levels, asText) => {
    const tree = nestedJson(levels);
    const filterJson = asText ? JSON.stringify(tree) : tree;
    const res = await t.app.inject(
      as(customerToken, {
        method: 'POST',
        url: '/api/talk/filter/chamado',
        headers: { 'content-type': 'application/json' },
        payload: `{"currentPage":1,"resultsPerPage":10,"filterJson":${filterJson}}`,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]?.message).toContain(`no máximo ${MAX_FILTER_DEPTH} níveis`);
  });
});
