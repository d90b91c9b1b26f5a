import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { saveJoinRecords } from './designers-api.ts';
import { JoinObjectEditor } from './JoinObjectEditor.tsx';

const typed = contextAttribute({ name: 'Averbação', identifier: 'averbacao', componentId: 29 });

describe('carrier relationship (component 29)', () => {
  it('lists the from items and the to label, and emits the join object', async () => {
    const user = userEvent.setup();
    const view = renderEditor(JoinObjectEditor, {
      attribute: typed,
      value: { labelFrom: [{ id: null, label: 'Carga 1' }], labelTo: 'Transportes XP' },
    });
    expect(screen.getByRole('list', { name: 'Cargas' }).textContent).toContain('Carga 1');
    expect(screen.getByLabelText<HTMLInputElement>('Transportadora').value).toBe('Transportes XP');

    await user.type(screen.getByLabelText('Nova carga'), 'Carga 2{Enter}');
    expect(view.changes.at(-1)).toEqual({
      labelFrom: [
        { id: null, label: 'Carga 1' },
        { id: null, label: 'Carga 2' },
      ],
      labelTo: 'Transportes XP',
    });
    await user.click(screen.getByRole('button', { name: 'Remover Carga 1' }));
    expect(view.changes.at(-1)).toEqual({
      labelFrom: [{ id: null, label: 'Carga 2' }],
      labelTo: 'Transportes XP',
    });
    await user.click(screen.getByRole('button', { name: 'Remover Carga 2' }));
    await user.clear(screen.getByLabelText('Transportadora'));
    expect(view.changes.at(-1)).toBeNull();
    expect(screen.getByText('Nenhuma carga vinculada')).toBeTruthy();
  });

  it('picks the loads among the related subject records', async () => {
    stubFetch(
      on('GET', '/api/SubjectAttribute/related/101', 200, {
        itens: [
          { id: 5, name: 'Carga 5' },
          { id: 6, name: 'Carga 6' },
        ],
        totalResults: 2,
        currentPage: 1,
      }),
    );
    const user = userEvent.setup();
    const view = renderEditor(JoinObjectEditor, {
      attribute: contextAttribute({
        name: 'Averbação',
        componentId: 29,
        relatedSubject: { subjectId: 8, subjectIdentifier: 'carga', subjectName: 'Carga', icon: null },
      }),
    });
    await user.click(screen.getAllByLabelText('Buscar carga')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Carga 6' }));
    expect(view.changes.at(-1)).toEqual({ labelFrom: [{ id: 6, label: 'Carga 6' }], labelTo: '' });
  });

  it('saves the join records in one call', async () => {
    const calls = stubFetch(
      on('POST', '/api/talk/averbacaocargatransportadora/many', 201, { resourceIds: [41, 42] }),
    );
    const ids = await saveJoinRecords({
      value: {
        labelFrom: [
          { id: 5, label: 'Carga 5' },
          { id: null, label: 'Avulsa' },
        ],
        labelTo: 'Transportes XP',
      },
      attributes: { from: 'carga', to: 'transportadora' },
      extra: { averbacao: 9 },
    });
    expect(ids).toEqual([41, 42]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      talks: [
        {
          talkValues: [
            { subjectAttributeIdentifier: 'carga', value: 5 },
            { subjectAttributeIdentifier: 'transportadora', value: 'Transportes XP' },
            { subjectAttributeIdentifier: 'averbacao', value: 9 },
          ],
        },
        {
          talkValues: [
            { subjectAttributeIdentifier: 'carga', value: 'Avulsa' },
            { subjectAttributeIdentifier: 'transportadora', value: 'Transportes XP' },
            { subjectAttributeIdentifier: 'averbacao', value: 9 },
          ],
        },
      ],
    });
    expect(
      await saveJoinRecords({ value: { labelFrom: [], labelTo: 'X' }, attributes: { from: 'a', to: 'b' } }),
    ).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('reports the server errors of the join call', async () => {
    stubFetch(
      on('POST', '/api/talk/averbacaocargatransportadora/many', 404, {
        errors: [{ message: 'Recurso não encontrado.' }],
      }),
    );
    await expect(
      saveJoinRecords({
        value: { labelFrom: [{ id: 5, label: 'Carga 5' }], labelTo: 'T' },
        attributes: { from: 'carga', to: 'transportadora' },
      }),
    ).rejects.toMatchObject({ status: 404, message: 'Recurso não encontrado.' });
  });
});
