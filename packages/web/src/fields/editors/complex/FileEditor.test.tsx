import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { describe, expect, it, vi } from 'vitest';
import { connectSession } from '../../../api/client.ts';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { FileEditor, FileOnDemandEditor } from './FileEditor.tsx';

const INVALID =
  'O upload desse arquivo não será realizado, pois a extensão é inválida. Envie arquivos .pdf, .xls, .xlsx, .doc, .docx, .xml, .jpg, .jpeg, .png, .bmp, .gif.';
const many = contextAttribute({
  identifier: 'anexos',
  name: 'Anexos',
  componentId: 22,
  isMultipleValues: true,
});
const single = contextAttribute({
  identifier: 'anexo',
  name: 'Anexo',
  componentId: 22,
  isMultipleValues: false,
});
const stored = { name: 'nota.pdf', type: 'application/pdf', url: '/api/value/file/campos/4/101/9' };
const file = (name: string, content = 'conteúdo', type = '') => new File([content], name, { type });
const setup = () => userEvent.setup({ applyAccept: false });

describe('file editor', { timeout: 30_000 }, () => {
  it('adds picked files with their base64 content and keeps an invalid one flagged, without data', async () => {
    const user = setup();
    const view = renderEditor(FileEditor, { attribute: many });
    await user.upload(screen.getByLabelText('Anexos'), [
      file('nota.pdf', '%PDF-1', 'application/pdf'),
      file('programa.exe'),
    ]);
    await waitFor(() => expect(view.changes).toHaveLength(1));
    expect(view.changes[0]).toEqual([
      { name: 'nota.pdf', type: 'application/pdf', url: null, data: btoa('%PDF-1'), error: false },
      { name: 'programa.exe', type: 'application/octet-stream', url: null, data: null, error: true },
    ]);
    const flag = screen.getByLabelText(INVALID);
    await user.hover(flag);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', INVALID);
  });

  it('ignores a name already listed and takes at most 20 files of one selection', async () => {
    const user = setup();
    const view = renderEditor(FileEditor, { attribute: many, value: [stored] });
    const picked = [file('nota.pdf'), ...Array.from({ length: 21 }, (_, i) => file(`foto${i + 1}.png`))];
    await user.upload(screen.getByLabelText('Anexos'), picked);
    await waitFor(() => expect(view.changes).toHaveLength(1));
    const value = view.changes[0] as { name: string }[];
    expect(value).toHaveLength(21);
    expect(value[0]).toEqual(stored);
    expect(value.filter((item) => item.name === 'nota.pdf')).toHaveLength(1);
    expect(value.some((item) => item.name === 'foto21.png')).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('nota.pdf, foto21.png');
  });

  it('confirms a removal: a stored file is recorded as deleted, a new one dropped', async () => {
    const user = setup();
    const required = { ...many, isRequired: true };
    const view = renderEditor(FileEditor, { attribute: required, value: [stored] });
    await user.click(screen.getByRole('button', { name: 'Remover nota.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja realmente remover esse arquivo?')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(view.changes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remover nota.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    expect(view.changes.at(-1)).toEqual([{ ...stored, deleted: true }]);
    expect(screen.queryByText('nota.pdf')).toBeNull();
    // Only a file being removed left: the required field is empty, with the spec's message.
    expect(validateValue(required, view.changes.at(-1), { now: new Date() })).toEqual([
      { message: 'Selecione um arquivo' },
    ]);

    await user.upload(screen.getByLabelText(/^Anexos/), file('novo.pdf'));
    await waitFor(() => expect(view.changes).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remover novo.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    expect(view.changes.at(-1)).toEqual([{ ...stored, deleted: true }]);
  });

  it('in single-file mode, a new pick replaces the file there', async () => {
    const user = setup();
    const view = renderEditor(FileEditor, { attribute: single, value: [stored] });
    const input = screen.getByLabelText<HTMLInputElement>('Anexo');
    expect(input.multiple).toBe(false);
    await user.upload(input, file('contrato.docx'));
    await waitFor(() => expect(view.changes).toHaveLength(1));
    expect(view.changes[0]).toEqual([
      { ...stored, deleted: true },
      expect.objectContaining({ name: 'contrato.docx', url: null, error: false }),
    ]);
    await user.upload(input, file('foto.jpg'));
    await waitFor(() => expect(view.changes).toHaveLength(2));
    expect((view.changes[1] as { name: string }[]).map((item) => item.name)).toEqual([
      'nota.pdf',
      'foto.jpg',
    ]);
    expect(screen.queryByText('contrato.docx')).toBeNull();
  });

  it('downloads a stored file with the session token, named with the product prefix', async () => {
    const user = setup();
    connectSession({ token: () => 'tok', renew: () => Promise.resolve(false) });
    const calls = stubFetch(on('GET', stored.url, 200, 'bytes'));
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderEditor(FileEditor, { attribute: many, value: [stored], talkId: 4 });
    await user.click(screen.getByRole('button', { name: 'Baixar nota.pdf' }));
    await waitFor(() => expect(saved).toEqual(['talkbase-nota.pdf']));
    expect(calls[0]).toMatchObject({ method: 'GET', path: stored.url, authorization: 'Bearer tok' });
    connectSession({ token: () => null, renew: () => Promise.resolve(false) });
  });
});

describe('file on demand editor', { timeout: 30_000 }, () => {
  const onDemand = {
    ...many,
    subjectAttributeId: 134,
    identifier: 'relatorio',
    name: 'Relatório',
    componentId: 34,
  };

  it("offers 'Gerar arquivo' once the record exists", async () => {
    const user = setup();
    const calls = stubFetch(on('GET', '/api/value/filegenerate/campos/4/134', 200, 'bytes'));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fresh = renderEditor(FileOnDemandEditor, { attribute: onDemand, talkId: 0 });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Gerar arquivo' }).disabled).toBe(true);
    fresh.unmount();
    renderEditor(FileOnDemandEditor, { attribute: onDemand, talkId: 4 });
    await user.click(screen.getByRole('button', { name: 'Gerar arquivo' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/value/filegenerate/campos/4/134']));
  });
});
