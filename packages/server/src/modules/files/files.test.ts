import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { FileUploadAnswer } from '@talkbase/domain/contracts/files';
import { invalidFileMessage } from '@talkbase/domain/fields/file';
import { loadConfig } from '../../config.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';
import { setRoomSubjectActions } from '../../access/permissions.repository.ts';
import type { ApiTalk } from '../records/record-presenter.ts';
import { multipartBody, pdf, png, unzip, uploadTo } from './files-test-helpers.ts';

const LIMIT = 64 * 1024;
let t: TestApp;
let admin: string;
let subjectId: number;
let attrs: Record<string, number>;

beforeEach(async () => {
  t = await createTestApp({ FILE_SIZE_LIMIT: String(LIMIT) });
  admin = (await login(t.app)).token;
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'contrato',
        name: 'Contrato',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
          { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
          { identifier: 'capa', name: 'Capa', componentId: 22 },
          { identifier: 'resumo', name: 'Resumo', componentId: 34 },
          {
            identifier: 'assinado',
            name: 'Assinado',
            componentId: 22,
            isMultipleValues: true,
            isRequired: true,
          },
        ],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const subject = res.json<{
    subjectId: number;
    subjectAttributes: { subjectAttributeId: number; identifier: string }[];
  }>();
  subjectId = subject.subjectId;
  attrs = Object.fromEntries(subject.subjectAttributes.map((a) => [a.identifier, a.subjectAttributeId]));
});
afterEach(async () => {
  await t.close();
});

const base = (talkId: number, attr = 'anexos') => `/api/value/file/contrato/${talkId}/${attrs[attr]}`;
const getTalk = async (talkId: number, token = admin) =>
  (await t.app.inject(as(token, { method: 'GET', url: `/api/talk/contrato/${talkId}` }))).json<ApiTalk>();
const download = (url: string, token = admin) => t.app.inject(as(token, { method: 'GET', url }));
/** Every stored file under DATA_DIR/files (the temporary folder left out). */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => !p.startsWith('tmp') && fs.statSync(path.join(root, p)).isFile())
    .sort();
}

describe('files of records', () => {
  it('has a 25 MB limit unless configured', () => {
    expect(loadConfig({}).fileSizeLimit).toBe(25 * 1024 * 1024);
    expect(loadConfig({ FILE_SIZE_LIMIT: '1048576' }).fileSizeLimit).toBe(1048576);
  });

  it('uploads a PNG and a PDF, lists them on the talk, and gives each back with its bytes, name and type', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'Locação' });
    const image = png(4);
    const doc = pdf();
    const res = await uploadTo(t.app, admin, base(talkId), [
      { name: 'foto.png', data: image, type: 'image/png' },
      { name: 'relatório ação.pdf', data: doc, type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<FileUploadAnswer>();
    expect(answer.ignored).toEqual([]);
    expect(answer.files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['foto.png', 'image/png', image.length],
      ['relatório ação.pdf', 'application/pdf', doc.length],
    ]);
    expect(storedFiles()).toHaveLength(2);

    const talk = await getTalk(talkId);
    expect(valuesOf(talk).anexos).toEqual(
      answer.files.map((f) => ({ name: f.name, type: f.type, url: f.url })),
    );
    expect(valuesOf(talk).capa).toEqual([]);
    const attachments = talk.talkAttachments;
    expect(attachments.map((a) => [a.value, a.type, a.actorName])).toEqual([
      ['foto.png', 'image/png', 'Administrador'],
      ['relatório ação.pdf', 'application/pdf', 'Administrador'],
    ]);
    expect(attachments[0]?.talkAttachmentId).toBe(answer.files[0]?.talkAttachmentId);
    expect(Date.parse(attachments[0]?.insertedIn ?? '')).toBeGreaterThan(0);

    const one = await download(answer.files[1]?.url ?? '');
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(doc)).toBe(true);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="relat_rio a__o.pdf"; filename*=UTF-8''relat%C3%B3rio%20a%C3%A7%C3%A3o.pdf`,
    );
  });

  it('answers the only file of an attribute as itself, and several as a zip', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'Obra' });
    const image = png(8);
    await uploadTo(t.app, admin, base(talkId), [{ name: 'planta.png', data: image }]);
    const single = await download(base(talkId));
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toBe('image/png');
    expect(single.headers['content-disposition']).toContain('filename="planta.png"');
    expect(single.rawPayload.equals(image)).toBe(true);

    const doc = pdf('Memorial');
    await uploadTo(t.app, admin, base(talkId), [{ name: 'memorial.pdf', data: doc }]);
    const zipped = await download(base(talkId));
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    expect(zipped.headers['content-disposition']).toContain(`filename="anexos-${talkId}.zip"`);
    const entries = await unzip(zipped.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['memorial.pdf', 'planta.png']);
    expect(entries.get('planta.png')?.equals(image)).toBe(true);
    expect(entries.get('memorial.pdf')?.equals(doc)).toBe(true);

    expect((await download(base(talkId, 'capa'))).statusCode).toBe(404);
  });

  it('refuses a forbidden extension and a file whose content is not what its name says, keeping nothing', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const exe = await uploadTo(t.app, admin, base(talkId), [
      { name: 'ok.png', data: png() },
      { name: 'programa.exe', data: Buffer.from('MZ\x90\x00rest') },
    ]);
    expect(exe.statusCode).toBe(422);
    expect(errorsOf(exe)).toEqual([{ message: invalidFileMessage(), field: 'anexos' }]);
    expect(invalidFileMessage()).toBe(
      'O upload desse arquivo não será realizado, pois a extensão é inválida. Envie arquivos .pdf, .xls, .xlsx, .doc, .docx, .xml, .jpg, .jpeg, .png, .bmp, .gif.',
    );
    const fake = await uploadTo(t.app, admin, base(talkId), [
      { name: 'foto.png', data: Buffer.from('isto é só texto, não uma imagem') },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(errorsOf(fake)[0]?.message).toBe(invalidFileMessage());
    expect(valuesOf(await getTalk(talkId)).anexos).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over the size limit with 413 while it streams, keeping nothing', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const big = png(LIMIT / 3 + 100);
    expect(big.length).toBeGreaterThan(LIMIT);
    const res = await uploadTo(t.app, admin, base(talkId), [{ name: 'grande.png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(errorsOf(res)[0]?.message).toBe('O arquivo grande.png excede o tamanho máximo de 64 KB.');
    expect(storedFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('takes at most 20 files per selection', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const files = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.png`, data: png() }));
    const res = await uploadTo(t.app, admin, base(talkId), files);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.message).toBe('Selecione no máximo 20 arquivos por vez');
    expect(storedFiles()).toEqual([]);
    const ok = await uploadTo(t.app, admin, base(talkId), files.slice(0, 20));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<FileUploadAnswer>().files).toHaveLength(20);
  });

  it('ignores a name already on the attribute or repeated in the selection', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    await uploadTo(t.app, admin, base(talkId), [{ name: 'a.png', data: png() }]);
    const res = await uploadTo(t.app, admin, base(talkId), [
      { name: 'a.png', data: png(2) },
      { name: 'b.png', data: png() },
      { name: 'b.png', data: png(3) },
    ]);
    expect(res.statusCode).toBe(201);
    const answer = res.json<FileUploadAnswer>();
    expect(answer.files.map((f) => f.name)).toEqual(['b.png']);
    expect(answer.ignored).toEqual(['a.png', 'b.png']);
    expect((valuesOf(await getTalk(talkId)).anexos as { name: string }[]).map((f) => f.name)).toEqual([
      'a.png',
      'b.png',
    ]);
    expect(storedFiles()).toHaveLength(2);
  });

  it('records a removal as deleted: gone from downloads and attachments, kept in the history', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const up = (
      await uploadTo(t.app, admin, base(talkId), [
        { name: 'a.png', data: png() },
        { name: 'b.pdf', data: pdf() },
      ])
    ).json<FileUploadAnswer>();
    const [a, b] = up.files;
    const del = await t.app.inject(as(admin, { method: 'DELETE', url: a?.url ?? '' }));
    expect(del.statusCode).toBe(204);
    expect((await download(a?.url ?? '')).statusCode).toBe(404);
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: a?.url ?? '' }))).statusCode).toBe(404);
    const only = await download(base(talkId));
    expect(only.headers['content-type']).toBe('application/pdf');
    const talk = await getTalk(talkId);
    expect(talk.talkAttachments.map((x) => x.value)).toEqual(['b.pdf']);

    const row = await t.db.kysely
      .selectFrom('talk_files')
      .selectAll()
      .where('id', '=', a?.talkAttachmentId ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(storedFiles()).toHaveLength(2);
    // Added and removed files are events of the stream (issue 33), with the file they are about.
    const events = await t.db.kysely
      .selectFrom('outbox_events')
      .select(['kind', 'event_type', 'payload'])
      .where('talk_id', '=', talkId)
      .where('kind', 'like', 'file.%')
      .orderBy('id')
      .execute();
    expect(
      events.map((e) => [e.kind, e.event_type, (JSON.parse(e.payload) as { name: string }).name]),
    ).toEqual([
      ['file.added', 9, 'a.png'],
      ['file.added', 9, 'b.pdf'],
      ['file.removed', null, 'a.png'],
    ]);

    const timeline = await t.app.inject(
      as(admin, { method: 'GET', url: `/api/talk/contrato/${talkId}/timeline` }),
    );
    const changes = timeline.json<{ itens: { action: string; attributeName: string; newValue: unknown }[] }>()
      .itens;
    // The file names the attribute held after each change, as a list.
    expect(changes[0]).toMatchObject({ action: 'updated', attributeName: 'Anexos', newValue: ['b.pdf'] });
    expect(changes[1]).toMatchObject({ newValue: ['a.png', 'b.pdf'] });
    expect(b?.name).toBe('b.pdf');
  });

  it('takes the editor list as JSON: base64 data added, deleted items removed, flagged items skipped', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const image = png(5);
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: base(talkId),
        payload: [
          { name: 'foto.png', type: 'image/png', data: `data:image/png;base64,${image.toString('base64')}` },
          { name: 'virus.exe', type: 'application/octet-stream', data: null, error: true },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<FileUploadAnswer>();
    expect(added.ignored).toEqual(['virus.exe']);
    expect((await download(added.files[0]?.url ?? '')).rawPayload.equals(image)).toBe(true);

    const doc = pdf();
    const again = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: base(talkId),
        payload: {
          files: [
            { name: 'foto.png', type: 'image/png', url: added.files[0]?.url, deleted: true },
            { name: 'contrato.pdf', type: 'application/pdf', data: doc.toString('base64') },
          ],
        },
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<FileUploadAnswer>().removed).toEqual([added.files[0]?.talkAttachmentId]);
    expect((valuesOf(await getTalk(talkId)).anexos as { name: string }[]).map((f) => f.name)).toEqual([
      'contrato.pdf',
    ]);

    const bad = await t.app.inject(
      as(admin, { method: 'POST', url: base(talkId), payload: [{ name: 'x.pdf', data: '%%%not base64' }] }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('replaces the file of a single-file attribute, and keeps a required one from being emptied', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const first = (
      await uploadTo(t.app, admin, base(talkId, 'capa'), [{ name: 'capa.png', data: png() }])
    ).json<FileUploadAnswer>();
    const second = await uploadTo(t.app, admin, base(talkId, 'capa'), [{ name: 'capa.png', data: png(2) }]);
    expect(second.statusCode).toBe(201);
    expect(second.json<FileUploadAnswer>().removed).toEqual([first.files[0]?.talkAttachmentId]);
    expect((valuesOf(await getTalk(talkId)).capa as unknown[]).length).toBe(1);
    const two = await uploadTo(t.app, admin, base(talkId, 'capa'), [
      { name: 'a.png', data: png() },
      { name: 'b.png', data: png() },
    ]);
    expect(two.statusCode).toBe(422);
    expect(errorsOf(two)[0]?.message).toBe('O campo Capa aceita um único arquivo.');

    const signed = (
      await uploadTo(t.app, admin, base(talkId, 'assinado'), [{ name: 'assinado.pdf', data: pdf() }])
    ).json<FileUploadAnswer>();
    const refused = await t.app.inject(as(admin, { method: 'DELETE', url: signed.files[0]?.url ?? '' }));
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)[0]?.message).toBe('Selecione um arquivo');
  });

  it('never shows a file to an account whose room may not read the talk: 404, not 403', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'Sigiloso' });
    const other = await createTalk(t.app, admin, 'contrato', { titulo: 'Visível' });
    const file = (
      await uploadTo(t.app, admin, base(talkId), [{ name: 'a.png', data: png() }])
    ).json<FileUploadAnswer>().files[0];
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    const calls = [
      { method: 'GET' as const, url: base(talkId) },
      { method: 'GET' as const, url: file?.url ?? '' },
      { method: 'DELETE' as const, url: file?.url ?? '' },
      { method: 'GET' as const, url: `/api/value/filegenerate/contrato/${talkId}/${attrs.resumo}` },
    ];
    for (const call of calls) expect((await t.app.inject(as(customer, call))).statusCode, call.url).toBe(404);
    const up = await uploadTo(t.app, customer, base(talkId), [{ name: 'b.png', data: png() }]);
    expect(up.statusCode).toBe(404);

    // Readable subject, but a delimitation that shows only the other talk.
    await setRoomSubjectActions(t.db.kysely, 1, CUSTOMER_ROOM_ID, subjectId, ['read', 'update']);
    await t.db.kysely
      .insertInto('room_subject_scopes')
      .values({
        company_id: 1,
        room_id: CUSTOMER_ROOM_ID,
        subject_id: subjectId,
        filter: null,
        talk_ids: JSON.stringify([other]),
        name: null,
      })
      .execute();
    for (const call of calls) expect((await t.app.inject(as(customer, call))).statusCode, call.url).toBe(404);
    const mine = await uploadTo(t.app, customer, base(other), [{ name: 'c.png', data: png() }]);
    expect(mine.statusCode).toBe(201);
    expect((await download(base(other), customer)).statusCode).toBe(200);
  });

  it('lets a create-only room attach files to the talk it has just created, and nothing more', async () => {
    await setRoomSubjectActions(t.db.kysely, 1, CUSTOMER_ROOM_ID, subjectId, ['read', 'create']);
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    const own = await createTalk(t.app, customer, 'contrato', { titulo: 'Meu pedido' });
    const up = await uploadTo(t.app, customer, base(own), [{ name: 'pedido.pdf', data: pdf() }]);
    expect(up.statusCode, up.body).toBe(201);
    const someoneElses = await createTalk(t.app, admin, 'contrato', { titulo: 'Outro' });
    const refused = await uploadTo(t.app, customer, base(someoneElses), [{ name: 'x.pdf', data: pdf() }]);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe('Você não tem permissão para alterar registros de Contrato.');
  });

  it('deletes the files, rows and bytes, with the talk', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const keep = await createTalk(t.app, admin, 'contrato', { titulo: 'Y' });
    const removed = (
      await uploadTo(t.app, admin, base(talkId), [{ name: 'a.png', data: png() }])
    ).json<FileUploadAnswer>();
    await t.app.inject(as(admin, { method: 'DELETE', url: removed.files[0]?.url ?? '' }));
    await uploadTo(t.app, admin, base(talkId), [{ name: 'b.png', data: png() }]);
    await uploadTo(t.app, admin, base(keep), [{ name: 'c.png', data: png() }]);
    expect(storedFiles()).toHaveLength(3);
    const res = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/talk/contrato', payload: { talkIds: [talkId] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.kysely.selectFrom('talk_files').select(['talk_id']).execute();
    expect(rows.map((r) => r.talk_id)).toEqual([keep]);
    expect(storedFiles()).toHaveLength(1);
    expect((await download(base(keep))).statusCode).toBe(200);
  });

  it('sweeps stored bytes that no row names, and only those', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    await uploadTo(t.app, admin, base(talkId), [{ name: 'a.png', data: png() }]);
    const orphan = path.join(t.dataDir, 'files', 'c1', 'ab', 'ab'.padEnd(32, '0'));
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, 'left by a crash');
    expect(storedFiles()).toHaveLength(2);
    expect(await t.app.services.files.sweep(60_000)).toBe(0);
    expect(await t.app.services.files.sweep(0)).toBe(1);
    expect(storedFiles()).toHaveLength(1);
    expect((await download(base(talkId))).statusCode).toBe(200);
  });

  it('a starting server sweeps the bytes a crash left without their row, once older than the grace', async () => {
    const leaveOrphan = (dataDir: string) => {
      const orphan = path.join(dataDir, 'files', 'c1', 'cd', 'cd'.padEnd(32, '0'));
      fs.mkdirSync(path.dirname(orphan), { recursive: true });
      fs.writeFileSync(orphan, 'left by a crash');
      return orphan;
    };
    // Another instance starting with the default grace (10 minutes) leaves a fresh one alone: it
    // could be an upload in flight on another instance.
    const fresh = leaveOrphan(t.dataDir);
    await t.sibling();
    expect(fs.existsSync(fresh)).toBe(true);

    // With no grace (one instance), a start sweeps it; the bytes a row names stay.
    const own = await createTestApp({ FILE_SWEEP_GRACE_SECONDS: '0' });
    try {
      const token = (await login(own.app)).token;
      const subject = await own.app.inject(
        as(token, {
          method: 'POST',
          url: '/api/subject',
          payload: {
            identifier: 'nota',
            name: 'Nota',
            attributes: [
              { identifier: 'titulo', name: 'Título', componentId: 1 },
              { identifier: 'anexo', name: 'Anexo', componentId: 22 },
            ],
          },
        }),
      );
      expect(subject.statusCode, subject.body).toBe(201);
      const anexo =
        subject
          .json<{ subjectAttributes: { subjectAttributeId: number; identifier: string }[] }>()
          .subjectAttributes.find((a) => a.identifier === 'anexo')?.subjectAttributeId ?? 0;
      const talkId = await createTalk(own.app, token, 'nota', { titulo: 'X' });
      const url = `/api/value/file/nota/${talkId}/${anexo}`;
      expect((await uploadTo(own.app, token, url, [{ name: 'a.png', data: png() }])).statusCode).toBe(201);
      const orphan = leaveOrphan(own.dataDir);
      await own.sibling();
      await expect.poll(() => fs.existsSync(orphan), { timeout: 5_000 }).toBe(false);
      expect((await own.app.inject(as(token, { method: 'GET', url }))).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('makes the file on demand of a component-34 attribute from the values the account reads', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: '=HYPERLINK("x");"aspas"' });
    const res = await download(`/api/value/filegenerate/contrato/${talkId}/${attrs.resumo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="contrato-${talkId}.csv"`);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFCampo;Valor\r\nAssunto;Contrato\r\n')).toBe(true);
    expect(text).toContain(`Registro;#${talkId}\r\n`);
    expect(text).toContain(`Título;"'=HYPERLINK(""x"");""aspas"""\r\n`);
    const notOnDemand = await download(`/api/value/filegenerate/contrato/${talkId}/${attrs.anexos}`);
    expect(notOnDemand.statusCode).toBe(422);
    expect((await download(`/api/value/filegenerate/contrato/${talkId}/${attrs.titulo}`)).statusCode).toBe(
      404,
    );
  });

  it('answers an icon for each file type', async () => {
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/presentation/getIconByFileTypeQuery',
        payload: {
          FileTypes: ['pdf', '.XLSX', 'image/png', 'relatorio.docx', 'xml', 'application/zip', 'exe'],
        },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: [
        { fileType: 'pdf', icon: { iconIdentifier: 'picture_as_pdf' } },
        { fileType: '.XLSX', icon: { iconIdentifier: 'table_chart' } },
        { fileType: 'image/png', icon: { iconIdentifier: 'image' } },
        { fileType: 'relatorio.docx', icon: { iconIdentifier: 'description' } },
        { fileType: 'xml', icon: { iconIdentifier: 'code' } },
        { fileType: 'application/zip', icon: { iconIdentifier: 'folder_zip' } },
        { fileType: 'exe', icon: { iconIdentifier: 'draft' } },
      ],
    });
  });

  it('answers 400 to a multipart body cut short, malformed or without files, keeping nothing', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const body = multipartBody([{ name: 'a.png', data: png(100) }]);
    const send = (payload: Buffer) =>
      t.app.inject(as(admin, { method: 'POST', url: base(talkId), payload, headers: body.headers }));
    for (const payload of [body.payload.subarray(0, body.payload.length - 60), Buffer.from('lixo')]) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]?.message).toBe(
        'O envio dos arquivos foi interrompido ou está malformado. Tente novamente.',
      );
    }
    const empty = await send(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]?.message).toBe('Selecione um arquivo');
    expect(storedFiles()).toEqual([]);
  });

  it('asks for a session on every file call, and refuses a body that is neither JSON nor multipart', async () => {
    const talkId = await createTalk(t.app, admin, 'contrato', { titulo: 'X' });
    const body = multipartBody([{ name: 'a.png', data: png() }]);
    const anonymous = await t.app.inject({ method: 'POST', url: base(talkId), ...body });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: base(talkId) })).statusCode).toBe(401);
    const text = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: base(talkId),
        payload: Buffer.from('a'),
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    expect(text.statusCode, text.body).toBe(415);
  });
});
