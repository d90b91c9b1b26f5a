import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { TalkAttachment } from '@talkbase/domain/contracts/files';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders, contextResponse } from '../../../fields/test-utils.tsx';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { AttachmentsView } from './AttachmentsView.tsx';

const TALK = '/api/talk/pedido/7';
const DOCUMENTS = '/api/value/file/pedido/7/1';
const INVALID_TOOLTIP =
  'O upload desse arquivo não será realizado, pois a extensão é inválida. Envie arquivos .pdf, .xls, .xlsx, .doc, .docx, .xml, .jpg, .jpeg, .png, .bmp, .gif.';

const documentos = contextAttribute({
  subjectAttributeId: 1,
  identifier: 'documentos',
  name: 'Documentos',
  componentId: 22,
  isMultipleValues: true,
  order: 1,
});
const nota = contextAttribute({
  subjectAttributeId: 2,
  identifier: 'nota',
  name: 'Nota',
  componentId: 34,
  order: 2,
});
const titulo = contextAttribute({
  subjectAttributeId: 3,
  identifier: 'titulo',
  name: 'Título',
  componentId: 1,
});
const contrato = contextAttribute({
  subjectAttributeId: 4,
  identifier: 'contrato',
  name: 'Contrato',
  componentId: 22,
  order: 3,
});

function context(
  attributes: ContextSubjectAttribute[],
  actions: Partial<ContextResponse['subject']['actions']> = {},
): ContextResponse {
  return contextResponse(attributes, { scenario: 'attachments', actions });
}

function attachment(over: Partial<TalkAttachment>): TalkAttachment {
  return {
    talkAttachmentId: 55,
    subjectAttributeId: 1,
    value: 'contrato.pdf',
    type: 'application/pdf',
    size: 1_572_864,
    url: '/api/value/file/pedido/7/1/55',
    actorName: 'Ana Souza',
    insertedIn: '2026-11-23T17:05:00.000Z',
    ...over,
  };
}

function talk(attachments: TalkAttachment[], over: Record<string, unknown> = {}) {
  return {
    talkId: 7,
    subject: 'pedido',
    subjectId: 3,
    isActive: true,
    displayName: 'Pedido 7',
    isReadOnly: false,
    version: 3,
    talkValues: [],
    talkAttachments: attachments,
    ...over,
  };
}

const twoDocuments = [
  attachment({}),
  attachment({
    talkAttachmentId: 56,
    value: 'foto.png',
    type: 'image/png',
    size: 2048,
    url: '/api/value/file/pedido/7/1/56',
    actorName: null,
    insertedIn: '2026-11-20T12:00:00.000Z',
  }),
];

function renderView(ctx: ContextResponse) {
  return render(
    <TestProviders>
      <AttachmentsView context={ctx} talkId={7} />
    </TestProviders>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const rows = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('attachments view', () => {
  beforeEach(() => {
    window.localStorage.setItem('talkbase.token', 'token-1');
    window.localStorage.setItem(
      'talkbase.user',
      JSON.stringify({ accountId: 1, name: 'Ana Souza', roomId: 1, isAdmin: false }),
    );
  });

  it('lists the files of each file attribute with size, who and when', async () => {
    stubFetch(on('GET', TALK, 200, talk(twoDocuments)));
    renderView(context([titulo, documentos, nota, contrato]));

    const docs = await screen.findByRole('region', { name: 'Documentos' });
    expect(rows(docs)).toEqual([
      expect.stringContaining('contrato.pdf'),
      expect.stringContaining('foto.png'),
    ]);
    const [first, second] = within(docs).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('1,5 MB · Enviado por Ana Souza em 23/11/2026 14:05');
    expect(second.textContent).toContain('2 KB · Enviado em 20/11/2026 09:00');
    expect(docs.textContent).toContain('2 arquivos');

    expect(section('Nota').textContent).toContain('Nenhum arquivo anexado.');
    expect(within(section('Nota')).getByRole('button', { name: 'Gerar arquivo de Nota' })).toBeTruthy();
    expect(section('Contrato').textContent).toContain('Nenhum arquivo anexado.');
    expect(screen.queryByRole('region', { name: 'Título' })).toBeNull();
  });

  it('says so when the subject has no file attribute', () => {
    stubFetch(on('GET', TALK, 200, talk([])));
    renderView(context([titulo]));
    expect(screen.getByText('Este assunto não possui campos de arquivo.')).toBeTruthy();
  });

  it('uploads the valid files as base64 and flags an invalid extension, which is not sent', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', TALK, 200, talk([])),
      on('POST', DOCUMENTS, 201, { files: [attachment({})], ignored: [], removed: [] }),
    );
    renderView(context([documentos]));
    const picker = await screen.findByLabelText('Selecionar arquivos para Documentos');
    await user.upload(picker, [
      new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'programa.exe', { type: 'application/octet-stream' }),
    ]);

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: DOCUMENTS,
      body: { files: [{ name: 'contrato.pdf', type: 'application/pdf', data: 'JVBERi0xLjQ=' }] },
    });
    // The record is read again after the upload.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === TALK)).toHaveLength(2));

    const flagged = within(section('Documentos'))
      .getAllByRole('listitem')
      .find((li) => li.textContent.includes('programa.exe'));
    expect(flagged?.textContent).toContain('Não enviado');
    await user.hover(within(flagged as HTMLElement).getByText('Não enviado'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(INVALID_TOOLTIP);
  });

  it("shows the server's error when an upload fails", async () => {
    const user = userEvent.setup();
    stubFetch(
      on('GET', TALK, 200, talk([])),
      on('POST', DOCUMENTS, 413, { errors: [{ message: 'O arquivo grande.pdf passa do limite de 20 MB.' }] }),
    );
    renderView(context([documentos]));
    await user.upload(await screen.findByLabelText('Selecionar arquivos para Documentos'), [
      new File(['%PDF'], 'grande.pdf', { type: 'application/pdf' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('O arquivo grande.pdf passa do limite de 20 MB.');
  });

  it('removes a file only after the confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', TALK, 200, talk(twoDocuments)),
      on('DELETE', '/api/value/file/pedido/7/1/55', 204),
    );
    renderView(context([documentos]));

    await user.click(await screen.findByRole('button', { name: 'Remover contrato.pdf' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Deseja realmente remover esse arquivo?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remover contrato.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        '/api/value/file/pedido/7/1/55',
      ]),
    );
  });

  it('offers no upload or removal to an account that may not update the record', async () => {
    stubFetch(on('GET', TALK, 200, talk(twoDocuments)));
    renderView(context([documentos, contrato], { Update: false }));
    await screen.findByRole('region', { name: 'Documentos' });
    expect(screen.queryByRole('button', { name: /^Enviar arquivo/ })).toBeNull();
    expect(screen.queryByLabelText(/^Selecionar arquivos/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Baixar contrato.pdf' })).toBeTruthy();
  });

  it('offers no upload or removal on an attribute the account may not update', async () => {
    stubFetch(on('GET', TALK, 200, talk(twoDocuments)));
    renderView(
      context([{ ...documentos, actions: { create: true, update: false, delete: true } }, contrato]),
    );
    const docs = await screen.findByRole('region', { name: 'Documentos' });
    expect(within(docs).queryByRole('button', { name: /^Enviar arquivo/ })).toBeNull();
    expect(within(docs).queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(
      within(section('Contrato')).getByRole('button', { name: 'Enviar arquivos em Contrato' }),
    ).toBeTruthy();
  });

  it('downloads one file with the bearer token and saves it with the product prefix', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', TALK, 200, talk(twoDocuments)),
      on('GET', '/api/value/file/pedido/7/1/55', 200, 'conteudo'),
      on('GET', DOCUMENTS, 200, 'zip'),
    );
    const saved: string[] = [];
    // jsdom has no object URLs: a subclass adds them for this test only.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:x';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderView(context([documentos]));

    await user.click(await screen.findByRole('button', { name: 'Baixar contrato.pdf' }));
    await waitFor(() => expect(saved).toEqual(['talkbase-contrato.pdf']));
    expect(calls.find((c) => c.path === '/api/value/file/pedido/7/1/55')?.authorization).toBe(
      'Bearer token-1',
    );

    await user.click(screen.getByRole('button', { name: 'Baixar todos os arquivos de Documentos' }));
    await waitFor(() => expect(saved).toEqual(['talkbase-contrato.pdf', 'documentos-7.zip']));
  });
});
