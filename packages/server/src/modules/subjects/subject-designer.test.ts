import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject, SubjectUsage } from '@talkbase/domain/contracts/subjects';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';
import { png, uploadTo } from '../files/files-test-helpers.ts';

/**
 * The calls of the subject designer (issue 17): usage before a removal, reordering, and changes
 * refused because of the records they would break, each in one transaction with the catalogue
 * version moving.
 */
let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
});
afterEach(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(as(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const catalogVersion = async (): Promise<number> => {
  const row = await t.db.kysely.selectFrom('companies').select('catalog_version').executeTakeFirstOrThrow();
  // PostgreSQL answers a bigint as text.
  return Number(String(row.catalog_version));
};

async function createEquipamento() {
  const res = await call('POST', '/api/subject', {
    identifier: 'equipamento',
    name: 'Equipamento',
    icon: 'build',
    attributes: [
      { identifier: 'descricao', name: 'Descrição', componentId: 1, length: 150 },
      { identifier: 'documento', name: 'CPF/CNPJ', componentId: 1 },
      { identifier: 'serie', name: 'Série', componentId: 1 },
      { identifier: 'quantidade', name: 'Quantidade', componentId: 3 },
      { identifier: 'manual', name: 'Manual', componentId: 22, componentConfigs: { isMultiple: true } },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Subject>();
}

describe('subject designer calls', () => {
  it('counts what removing a subject or an attribute loses: records and files', async () => {
    const s = await createEquipamento();
    const first = await createTalk(t.app, admin, 'equipamento', { descricao: 'Torno', serie: 'A1' });
    await createTalk(t.app, admin, 'equipamento', { descricao: 'Fresa' });
    await createTalk(t.app, admin, 'equipamento', { descricao: 'Prensa', serie: '' });
    const manual = s.subjectAttributes.find((a) => a.identifier === 'manual')?.subjectAttributeId;
    const up = await uploadTo(t.app, admin, `/api/value/file/equipamento/${first}/${manual}`, [
      { name: 'manual.png', data: png(4) },
      { name: 'foto.png', data: png(8) },
    ]);
    expect(up.statusCode, up.body).toBe(201);

    const whole = await call('GET', '/api/subject/equipamento/usage');
    expect(whole.statusCode).toBe(200);
    expect(whole.json<SubjectUsage>()).toEqual({ records: 3, files: 2 });
    expect((await call('GET', '/api/subject/equipamento/attribute/serie/usage')).json()).toEqual({
      records: 1,
      files: 0,
    });
    expect((await call('GET', '/api/subject/equipamento/attribute/manual/usage')).json()).toEqual({
      records: 1,
      files: 2,
    });
    expect((await call('GET', '/api/subject/equipamento/attribute/nada/usage')).statusCode).toBe(404);
    expect((await call('GET', '/api/subject/nada/usage')).statusCode).toBe(404);
  });

  it('reorders attributes (every one, once) and moves the catalogue version', async () => {
    await createEquipamento();
    const before = await catalogVersion();
    const res = await call('PUT', '/api/subject/equipamento/attribute-order', {
      attributes: ['manual', 'quantidade', 'descricao', 'documento', 'serie'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subject>().subjectAttributes.map((a) => a.identifier)).toEqual([
      'manual',
      'quantidade',
      'descricao',
      'documento',
      'serie',
    ]);
    expect(await catalogVersion()).toBeGreaterThan(before);
    const again = (await call('GET', '/api/subject/equipamento')).json<Subject>();
    expect(again.subjectAttributes.map((a) => a.identifier)[0]).toBe('manual');

    const missing = await call('PUT', '/api/subject/equipamento/attribute-order', {
      attributes: ['manual', 'quantidade'],
    });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)[0]?.message).toBe(
      'Informe todos os atributos do assunto, cada um uma vez, na nova ordem.',
    );
  });

  it('a change leaves out what it does not name (a rename keeps flags and configs)', async () => {
    await call('POST', '/api/subject/cliente/attribute', {
      identifier: 'obs',
      name: 'Obs',
      componentId: 1,
      isOrderable: true,
      componentConfigs: { minChars: 3 },
    });
    const res = await call('PUT', '/api/subject/cliente/attribute/obs', { name: 'Observação' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Subject>().subjectAttributes.find((a) => a.identifier === 'obs')).toMatchObject({
      name: 'Observação',
      isOrderable: true,
      componentConfigs: { minChars: 3 },
    });
  });

  it('refuses a unique flag over repeated values, naming the records, and changes nothing', async () => {
    await createEquipamento();
    const a = await createTalk(t.app, admin, 'equipamento', { descricao: 'Torno', serie: 'X' });
    await createTalk(t.app, admin, 'equipamento', { descricao: 'Fresa', serie: 'Y' });
    const c = await createTalk(t.app, admin, 'equipamento', { descricao: 'Prensa', serie: 'X' });
    const before = await catalogVersion();
    const res = await call('PUT', '/api/subject/equipamento/attribute/serie', {
      name: 'Número de série',
      isNaturalKey: true,
    });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([
      {
        message: `Não é possível tornar Série único: há valores repetidos nos registros nº ${a} e ${c}.`,
        field: 'isNaturalKey',
      },
    ]);
    expect(res.json<{ talkIds: number[] }>().talkIds).toEqual([a, c]);
    // One transaction: the name did not change either, and the version did not move.
    const s = (await call('GET', '/api/subject/equipamento')).json<Subject>();
    expect(s.subjectAttributes.find((x) => x.identifier === 'serie')).toMatchObject({
      name: 'Série',
      isNaturalKey: false,
    });
    expect(await catalogVersion()).toBe(before);

    // Once the repeated value is gone the flag applies, and the index refuses a new duplicate.
    expect(
      (
        await call('PUT', `/api/talk/equipamento/${c}`, {
          talkValues: [{ subjectAttributeIdentifier: 'serie', value: 'Z' }],
        })
      ).statusCode,
    ).toBeLessThan(300);
    const ok = await call('PUT', '/api/subject/equipamento/attribute/serie', { isNaturalKey: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await catalogVersion()).toBeGreaterThan(before);
  });

  it('refuses a required flag while records have no value, and a shorter length than stored texts', async () => {
    await createEquipamento();
    const a = await createTalk(t.app, admin, 'equipamento', { descricao: 'Torno', serie: 'S1' });
    const b = await createTalk(t.app, admin, 'equipamento', { descricao: 'Fresa' });
    const required = await call('PUT', '/api/subject/equipamento/attribute/serie', { isRequired: true });
    expect(required.statusCode).toBe(409);
    expect(errorsOf(required)[0]).toEqual({
      message: `Não é possível tornar Série obrigatório: há registros sem valor (nº ${b}).`,
      field: 'isRequired',
    });
    const files = await call('PUT', '/api/subject/equipamento/attribute/manual', { isRequired: true });
    expect(files.statusCode).toBe(409);
    expect(files.json<{ talkIds: number[] }>().talkIds).toEqual([a, b]);

    const shorter = await call('PUT', '/api/subject/equipamento/attribute/descricao', { length: 4 });
    expect(shorter.statusCode).toBe(409);
    expect(errorsOf(shorter)[0]?.message).toBe(
      `Não é possível reduzir Descrição para 4 caracteres: há valores maiores nos registros nº ${a} e ${b}.`,
    );
    expect(
      (await call('PUT', '/api/subject/equipamento/attribute/descricao', { length: 5 })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', '/api/subject/equipamento/attribute/descricao', { isRequired: true })).statusCode,
    ).toBe(200);
  });

  it('changes a type only when no value would be lost or left invalid', async () => {
    await createEquipamento();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1)
      ids.push(await createTalk(t.app, admin, 'equipamento', { descricao: `Item ${i}`, quantidade: i }));
    // Whole numbers → date: every stored number would be lost.
    const lost = await call('PUT', '/api/subject/equipamento/attribute/quantidade', { componentId: 32 });
    expect(lost.statusCode).toBe(409);
    expect(errorsOf(lost)[0]?.message).toBe(
      `Não é possível mudar o tipo de Quantidade: os valores dos registros nº ${ids
        .slice(0, 5)
        .join(', ')
        .replace(/, (\d+)$/, ' e $1')} (entre outros) seriam perdidos.`,
    );
    expect(lost.json<{ talkIds: number[] }>().talkIds).toEqual(ids.slice(0, 5));

    // Text → CPF/CNPJ: the same stored kind, but values must be valid identifications.
    const good = await createTalk(t.app, admin, 'equipamento', {
      descricao: 'Com CNPJ',
      documento: '11.222.333/0001-81',
    });
    const bad = await createTalk(t.app, admin, 'equipamento', { descricao: 'Ruim', documento: '123' });
    const invalid = await call('PUT', '/api/subject/equipamento/attribute/documento', {
      componentId: 'Identificacao',
    });
    expect(invalid.statusCode).toBe(409);
    expect(errorsOf(invalid)[0]?.message).toBe(
      `Não é possível mudar o tipo de CPF/CNPJ: os valores dos registros nº ${bad} não são válidos no novo tipo.`,
    );
    expect((await call('DELETE', '/api/talk/equipamento', { talkIds: [bad] })).statusCode).toBeLessThan(300);
    const changed = await call('PUT', '/api/subject/equipamento/attribute/documento', { componentId: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed.json<Subject>().subjectAttributes.find((a) => a.identifier === 'documento')?.componentId,
    ).toBe(2);
    expect(good).toBeGreaterThan(0);

    // A type of another kind applies while no record has a value: the column is made again.
    const serie = await call('PUT', '/api/subject/equipamento/attribute/serie', { componentId: 32 });
    expect(serie.statusCode, serie.body).toBe(200);
    const dated = await createTalk(t.app, admin, 'equipamento', { descricao: 'Datado', serie: '2026-03-02' });
    const talk = (await call('GET', `/api/talk/equipamento/${dated}`)).json<{
      talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
    }>();
    expect(talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'serie')?.value).toBe('2026-03-02');

    // A select needs its related subject.
    const select = await call('PUT', '/api/subject/equipamento/attribute/descricao', { componentId: 4 });
    expect(select.statusCode).toBe(422);
  });

  it('a new subject is readable by the administrators room at once (the Registros menu)', async () => {
    await createEquipamento();
    const list = (await call('GET', '/api/context/subjects')).json<ReadableSubject[]>();
    expect(list.map((s) => s.subjectIdentifier)).toContain('equipamento');
    const removed = await call('DELETE', '/api/subject/equipamento');
    expect(removed.statusCode).toBe(204);
    const after = (await call('GET', '/api/context/subjects')).json<ReadableSubject[]>();
    expect(after.map((s) => s.subjectIdentifier)).not.toContain('equipamento');
  });

  it('is for administrators only', async () => {
    await createEquipamento();
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    for (const [method, url, payload] of [
      ['GET', '/api/subject/equipamento/usage', undefined],
      ['GET', '/api/subject/equipamento/attribute/serie/usage', undefined],
      ['PUT', '/api/subject/equipamento/attribute-order', { attributes: ['serie'] }],
    ] as const) {
      const res = await t.app.inject(as(customer, { method, url, ...(payload ? { payload } : {}) }));
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/subject/equipamento/usage' })).statusCode).toBe(
      401,
    );
  });
});
