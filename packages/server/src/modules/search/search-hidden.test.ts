import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

/**
 * What an account may not read decides none of its answers (GUIDE §4): the search index matched a
 * word by prefix over every attribute and checked only that it occurred somewhere readable, so an
 * account that could write a readable field read a hidden one letter by letter. Here the room of
 * `agent` reads `nota` except `segredo` and `anotacoes` (it may fill them in, not see them), and
 * every answer about search — grid term, count, global search, option lookups — is compared with
 * the answer for the same records whose hidden values are other words.
 */

let t: TestApp;
let admin: string;
let agent: string;
let nota: { id: number; attr: Record<string, number> };
let pedido: { id: number; attr: Record<string, number> };

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(as(token, { method, url, ...(payload ? { payload } : {}) }));

async function ok<T>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json<T>();
}

/** Every answer of the account about a term: ids in the order given and the totals. */
async function answers(token: string, term: string) {
  const q = encodeURIComponent(term);
  const grid = await ok<{ itens: { talkId: number }[]; totalResults: number }>(
    call(token, 'POST', '/api/talk/filter/nota', { term, page: 1, fetch: 50 }),
  );
  const search = await ok<{ itens: { talkId: number; talkValues: unknown[] }[]; totalResults: number }>(
    call(token, 'GET', `/api/search?q=${q}&subj=nota&fetch=50`),
  );
  const related = await ok<{ itens: unknown[]; totalResults: number }>(
    call(token, 'GET', `/api/SubjectAttribute/related/${pedido.attr.nota}?term=${q}`),
  );
  const records = await ok<{ itens: unknown[]; totalResults: number }>(
    call(token, 'GET', `/api/talk/nota?term=${q}`),
  );
  return {
    grid: [grid.totalResults, grid.itens.map((i) => i.talkId)],
    search: [search.totalResults, search.itens],
    related: [related.totalResults, related.itens],
    records: [records.totalResults, records.itens],
  };
}

async function write(talkId: number, values: Record<string, unknown>): Promise<void> {
  const res = await call(admin, 'PUT', `/api/talk/nota/${talkId}`, {
    talkValues: Object.entries(values).map(([subjectAttributeIdentifier, value]) => ({
      subjectAttributeIdentifier,
      value,
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'nota',
      name: 'Nota',
      attributes: [
        { identifier: 'aberto', name: 'Aberto', componentId: 1, length: 400 },
        { identifier: 'segredo', name: 'Segredo', componentId: 1, length: 400 },
        { identifier: 'etiquetas', name: 'Etiquetas', componentId: 1, isMultipleValues: true },
        { identifier: 'anotacoes', name: 'Anotações', componentId: 1, isMultipleValues: true },
      ],
    },
    {
      identifier: 'pedido',
      name: 'Pedido',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1 },
        { identifier: 'nota', name: 'Nota', componentId: 4, relatedSubject: 'nota' },
      ],
    },
  ]) {
    const res = await call(admin, 'POST', '/api/subject', payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  nota = await subjectIds(t.app, admin, 'nota');
  pedido = await subjectIds(t.app, admin, 'pedido');
  const roomId = await createRoom(t.app, admin, {
    roomName: 'Digitação',
    permissions: {
      subjects: [
        { resourceId: nota.id, actions: ['read', 'create', 'update'] },
        { resourceId: pedido.id, actions: ['read', 'create', 'update'] },
      ],
    },
  });
  for (const hidden of ['segredo', 'anotacoes'])
    await setRoomAttributeActions(t.db.kysely, 1, roomId, nota.attr[hidden] ?? 0, ['create']);
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;
});
afterAll(async () => {
  await t.close();
});

describe('search never answers from a hidden value', () => {
  it('the probe of the report: writing a readable field recovers nothing of a hidden one', async () => {
    const talkId = await createTalk(t.app, admin, 'nota', { aberto: 'alpha', segredo: 'segredo' });
    try {
      // The readable field holds 'seg' inside a word: the search for the word start 'seg' must
      // not be met by the hidden 'segredo'.
      const edit = await call(agent, 'PUT', `/api/talk/nota/${talkId}`, {
        talkValues: [{ subjectAttributeIdentifier: 'aberto', value: 'alpha xseg' }],
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const mine = await answers(agent, 'alpha seg');
      expect(mine).toEqual({
        grid: [0, []],
        search: [0, []],
        related: [0, []],
        records: [0, []],
      });
      const theirs = await answers(admin, 'alpha seg');
      expect(theirs.grid).toEqual([1, [talkId]]);
      expect(theirs.search[0]).toBe(1);
      expect(theirs.related).toEqual([1, [{ id: talkId, name: 'alpha xseg' }]]);
      // What the agent may read still matches, by word start.
      expect((await answers(agent, 'alpha xse')).grid).toEqual([1, [talkId]]);
      expect((await answers(agent, 'alpha se')).grid).toEqual([0, []]);

      // The probe itself: guess the hidden word letter by letter, writing each guess inside a
      // readable word ('0' + guess: never a word start for a letter) and searching for its start.
      let recovered = '';
      for (let round = 0; round < 3; round++) {
        let found = false;
        for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
          const guess = recovered + letter;
          await call(agent, 'PUT', `/api/talk/nota/${talkId}`, {
            talkValues: [{ subjectAttributeIdentifier: 'aberto', value: `0${guess}` }],
          });
          const hit = await call(agent, 'POST', '/api/talk/filter/nota', { term: guess });
          if (hit.json<{ itens: { talkId: number }[] }>().itens.some((i) => i.talkId === talkId)) {
            recovered = guess;
            found = true;
            break;
          }
        }
        if (!found) break;
      }
      expect(recovered).toBe('');
    } finally {
      await t.app.inject(
        as(admin, { method: 'DELETE', url: '/api/talk/nota', payload: { talkIds: [talkId] } }),
      );
    }
  });

  it('no answer about a term depends on hidden values (property)', async () => {
    // Few letters, so that words share prefixes and readable words hold hidden ones inside them.
    const word = fc.stringMatching(/^[abrsé]{1,4}$/);
    const text = fc
      .array(fc.tuple(word, fc.constantFrom(' ', '-', '.', '/', 'x')), { minLength: 0, maxLength: 3 })
      .map((parts) => parts.map(([w, sep]) => `${w}${sep}`).join(''));
    const list = fc.array(text, { maxLength: 2 }).map((l) => l.filter((v) => v !== ''));
    const record = fc.record({ aberto: text, etiquetas: list, segredo: text, anotacoes: list });
    const hidden = fc.record({ segredo: text, anotacoes: list });
    const ids = [
      await createTalk(t.app, admin, 'nota', {}),
      await createTalk(t.app, admin, 'nota', {}),
      await createTalk(t.app, admin, 'nota', {}),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(record, hidden), { minLength: 3, maxLength: 3 }),
        fc.array(fc.array(word, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        async (rows, randomTerms, picks) => {
          // Terms: random words, and prefixes of the hidden words of either version.
          const hiddenWords = rows
            .flatMap(([a, b]) => [a.segredo, ...a.anotacoes, b.segredo, ...b.anotacoes])
            .flatMap((v) => v.split(/[^a-zé]+/).filter(Boolean));
          const terms = randomTerms.map((ws) => ws.join(' '));
          for (const p of picks) {
            const w = hiddenWords.length ? hiddenWords[p % hiddenWords.length] : undefined;
            const readable = rows[p % rows.length]?.[0].aberto.split(/[^a-zé]+/)[0] ?? '';
            if (w) terms.push(`${readable} ${w.slice(0, 1 + (p % w.length))}`.trim());
          }
          for (const [i, [values]] of rows.entries()) await write(ids[i] ?? 0, values);
          const before = [];
          for (const term of terms) before.push(await answers(agent, term));
          for (const [i, [, other]] of rows.entries()) await write(ids[i] ?? 0, other);
          for (const [i, term] of terms.entries())
            expect(await answers(agent, term), term).toEqual(before[i]);
        },
      ),
      { numRuns: 30 },
    );
  });
});
