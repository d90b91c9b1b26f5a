import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
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
});
