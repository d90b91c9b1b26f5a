import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor, TestProviders } from '../../test-utils.tsx';
import { FilterPickerEditor } from './FilterPickerEditor.tsx';
import { fillJsdomGaps } from './jsdom-gaps.ts';
import { ModelPickerEditor } from './ModelPickerEditor.tsx';

fillJsdomGaps();

const software = { subjectId: 9, subjectIdentifier: 'software', subjectName: 'Software', icon: null };
const model = contextAttribute({
  subjectAttributeId: 201,
  identifier: 'modelo',
  name: 'Modelo',
  componentId: 20,
  relatedSubject: software,
});
const picker = contextAttribute({
  subjectAttributeId: 202,
  identifier: 'selecaofiltro',
  name: 'Filtro salvo',
  componentId: 16,
});
const campos = (modelAttribute = model) => ({
  subjectId: 8,
  subjectIdentifier: 'campos',
  subjectName: 'Campos de exemplo',
  icon: null,
  isBuiltIn: false,
  subjectAttributes: [modelAttribute, picker],
});

/** The two pickers of one record, as a form shows them: the filter picker reads the model's value. */
function Record({ changes }: { changes: unknown[] }) {
  const [values, setValues] = useState<Record<string, unknown>>({ modelo: null, selecaofiltro: null });
  const common = { readOnly: false, required: false, subject: 'campos', talkId: 0 };
  const set = (identifier: string) => (value: unknown) => {
    if (identifier === 'selecaofiltro') changes.push(value);
    setValues((v) => ({ ...v, [identifier]: value }));
  };
  return (
    <>
      <ModelPickerEditor
        {...common}
        attribute={model}
        label="Modelo"
        id="f-modelo"
        value={values.modelo}
        onChange={set('modelo')}
      />
      <FilterPickerEditor
        {...common}
        attribute={picker}
        label="Filtro salvo"
        id="f-filtro"
        value={values.selecaofiltro}
        onChange={set('selecaofiltro')}
        valueOf={(identifier) => values[identifier]}
      />
    </>
  );
}

describe('model and filter pickers', { timeout: 30_000 }, () => {
  it('waits for a model, then lists the saved filters of its subject; another model clears the filter', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', '/api/subject/campos', 200, campos()),
      on('GET', '/api/SubjectAttribute/related/201', 200, {
        itens: [
          { id: 5, name: 'Talkbase' },
          { id: 6, name: 'Planilhas' },
        ],
        totalResults: 2,
        currentPage: 1,
      }),
      on('GET', '/api/Filter/software', 200, {
        totalResults: 2,
        itens: [
          { filterId: 7, filterName: 'Abertos' },
          { filterId: 8, filterName: 'Fechados' },
        ],
      }),
    );
    const changes: unknown[] = [];
    render(
      <TestProviders>
        <Record changes={changes} />
      </TestProviders>,
    );
    const filter = await screen.findByPlaceholderText('Selecione um modelo primeiro');
    expect(filter.hasAttribute('readonly')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/Filter/'))).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Modelo' }));
    await user.click(await screen.findByRole('option', { name: 'Talkbase' }));
    await waitFor(() => expect(filter.hasAttribute('readonly')).toBe(false));
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Abertos' }));
    expect(changes).toEqual([7]);
    expect(calls.filter((c) => c.path === '/api/Filter/software')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Modelo' }));
    await user.click(await screen.findByRole('option', { name: 'Planilhas' }));
    await waitFor(() => expect(changes).toEqual([7, null]));
  });

  it('tells when the model has no saved filters (a report model announcing its subject)', async () => {
    const reportModel = { ...model, relatedSubject: null };
    stubFetch(
      on('GET', '/api/subject/campos', 200, campos(reportModel)),
      on('GET', '/api/report/model/12', 200, {
        templateId: 12,
        templateName: 'Chamados',
        subjectIdentifier: 'chamado',
      }),
      on('GET', '/api/Filter/chamado', 200, { totalResults: 0, itens: [] }),
    );
    renderEditor(FilterPickerEditor, {
      attribute: picker,
      valueOf: (identifier) => (identifier === 'modelo' ? 12 : null),
    });
    expect(
      await screen.findByPlaceholderText('Não há filtros disponíves para o modelo selecionado'),
    ).toBeDefined();
  });

  it('clears a value of 0', async () => {
    stubFetch(on('GET', '/api/subject/campos', 200, campos()));
    const view = renderEditor(FilterPickerEditor, { attribute: picker, value: 0, valueOf: () => 5 });
    await waitFor(() => expect(view.changes).toEqual([null]));
  });

  it('without a model attribute, lists the filters of its own subject', async () => {
    const user = userEvent.setup();
    stubFetch(
      on('GET', '/api/subject/campos', 200, { ...campos(), subjectAttributes: [picker] }),
      on('GET', '/api/Filter/campos', 200, {
        totalResults: 1,
        itens: [{ filterId: 3, filterName: 'Recentes' }],
      }),
    );
    const view = renderEditor(FilterPickerEditor, { attribute: picker });
    const filter = await screen.findByPlaceholderText('Selecione um filtro');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Recentes' }));
    expect(view.changes).toEqual([3]);
  });
});
