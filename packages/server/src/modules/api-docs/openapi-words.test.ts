import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { OpenApiDocument } from './openapi.ts';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

// Words an English sentence cannot do without and a Portuguese one never has.
const ENGLISH =
  /\b(the|of|and|with|every|its|to|from|is|are|this|that|which|whether|runs?|returns?|one|at most|only)\b/i;
// A repository file named by its path (`docs/api.md`, `packages/server/src/http/route.ts`), not
// an address the API answers (`/api/openapi.json`).
const FILE_PATH = /(?<![\w/.-])[\w.-]+\/[\w./-]*\.(?:ts|tsx|js|md|json|sql)\b/;

/** Every call's summary, as `METHOD /path: summary`. */
function summaries(): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path}: ${op.summary}`),
  );
}

describe('/api/docs in the words of a Brazilian integrator (issue 39 item 10)', () => {
  it('summarises every call in Portuguese', () => {
    const all = summaries();
    expect(all.length).toBeGreaterThan(100);
    const english = all.filter((line) => ENGLISH.test(line.slice(line.indexOf(': ') + 2)));
    expect(english).toEqual([]);
    // A summary is a sentence, not a schema: it starts with a capital letter.
    const notSentences = all.filter((line) => !/^\p{Lu}/u.test(line.slice(line.indexOf(': ') + 2)));
    expect(notSentences).toEqual([]);
  });

  it('names no source file, in a summary or anywhere else in the document', () => {
    const named = summaries().filter((line) => FILE_PATH.test(line.slice(line.indexOf(': ') + 2)));
    expect(named).toEqual([]);
    const text = JSON.stringify(document);
    expect(text.match(new RegExp(FILE_PATH, 'g')) ?? []).toEqual([]);
  });
});
