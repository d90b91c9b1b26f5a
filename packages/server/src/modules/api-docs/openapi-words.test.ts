import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildOpenApi, permissionTexts, type OpenApiDocument } from './openapi.ts';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  // A built web app, so that its files' operation (`/{webAppFile}`) is in the description too.
  const webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'talkbase-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Talkbase</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'export {};');
  t = await createTestApp({ WEB_DIST: webDist });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

// Words an English sentence cannot do without and a Portuguese one never has.
const ENGLISH =
  /\b(the|of|and|with|every|its|to|from|is|are|this|that|which|whether|runs?|returns?|one|at most|only|when|by|or|not|an|be|each|if|may|must|without|answers?|records?|else|none|their|has|have|than|on|it)\b/i;
// A repository file named by its path (`docs/api.md`, `packages/server/src/http/route.ts`), not
// an address the API answers (`/api/openapi.json`).
const FILE_PATH = /(?<![\w/.-])[\w.-]+\/[\w./-]*\.(?:ts|tsx|js|md|json|sql)\b/;

/** Every call's summary, as `METHOD /path: summary`. */
function summaries(): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path}: ${op.summary}`),
  );
}

/** The prose of each call's description (before the permission line), as `METHOD /path: text`. */
function descriptions(): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, op]) => `${method.toUpperCase()} ${path}: ${op.description.split('\n\n**Permissão**')[0]}`,
    ),
  );
}

const text = (line: string) => line.slice(line.indexOf(': ') + 2);
/** Without the code it names (`{talkIds}`, `/api/job/runs`): identifiers are not prose. */
const prose = (line: string) => text(line).replace(/`[^`]*`/g, '');

describe('/api/docs in the words of a Brazilian integrator (issue 39 item 10)', () => {
  it('summarises every call in Portuguese', () => {
    const all = summaries();
    expect(all.length).toBeGreaterThan(100);
    const english = all.filter((line) => ENGLISH.test(text(line)));
    expect(english).toEqual([]);
    // A summary is a sentence, not a schema: it starts with a capital letter.
    const notSentences = all.filter((line) => !/^\p{Lu}/u.test(text(line)));
    expect(notSentences).toEqual([]);
  });

  it('describes every call in Portuguese, then states its permission', () => {
    const all = descriptions();
    expect(all.length).toBeGreaterThan(100);
    const english = all.filter((line) => ENGLISH.test(prose(line)));
    expect(english).toEqual([]);
    // Sentences: a capital letter first, a full stop (or a list) at the end, more than the summary.
    const notSentences = all.filter((line) => !/^\p{Lu}[\s\S]*[.)]$/u.test(text(line)));
    expect(notSentences).toEqual([]);
    const onlySummary = Object.entries(document.paths).flatMap(([p, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.description.startsWith(`${op.summary}\n\n**Permissão**`))
        .map(([method]) => `${method.toUpperCase()} ${p}`),
    );
    expect(onlySummary).toEqual([]);
    // The document's own introduction, at the top of the page, too.
    expect(ENGLISH.test(document.info.description.replace(/`[^`]*`/g, ''))).toBe(false);
    for (const operations of Object.values(document.paths)) {
      for (const op of Object.values(operations)) {
        expect(op.description).toContain(permissionTexts[op['x-permission']]);
      }
    }
  });

  it('has a Portuguese description for every route of the catalogue, and none for a route that is gone', () => {
    const built = buildOpenApi(t.app.routeCatalogue, '0');
    expect(built.withoutDescription).toEqual([]);
    expect(built.unusedDescriptions).toEqual([]);
    // The web app's files and the certificate listener are routes of the catalogue too.
    expect(Object.keys(built.document.paths)).toEqual(
      expect.arrayContaining(['/{webAppFile}', '/certificado.aspx', '/websocket']),
    );
  });

  it('names no source file, in a summary or anywhere else in the document', () => {
    const named = summaries().filter((line) => FILE_PATH.test(text(line)));
    expect(named).toEqual([]);
    const all = JSON.stringify(document);
    expect(all.match(new RegExp(FILE_PATH, 'g')) ?? []).toEqual([]);
  });
});
